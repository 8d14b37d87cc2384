import { useRouteLoaderData } from 'react-router';

/** What the root loader exposes about the signed-in shopper (from GET /me/); null when signed out. */
export type CurrentUser = { id: number; first_name: string; last_name?: string; email?: string | null; guest?: boolean };

/** The signed-in shopper from the root loader, or null. */
export function useCurrentUser(): CurrentUser | null {
  const root = useRouteLoaderData('root') as { user?: CurrentUser | null } | undefined;
  return root?.user ?? null;
}
