import { useRouteLoaderData } from 'react-router';
import type { SessionUser } from '@store/shared/auth';

/** The signed-in shopper from the root loader (GET /me/), or null for a visitor. */
export function useCurrentUser(): SessionUser | null {
  const root = useRouteLoaderData('root') as { user?: SessionUser | null } | undefined;
  return root?.user ?? null;
}
