import { useRouteLoaderData } from 'react-router';
import type { StaffMe } from '@store/shared/admin';

/** The signed-in member, loaded by the shell's route (id "shell") for every screen inside it. */
export function useMe(): StaffMe {
  const me = useRouteLoaderData<StaffMe>('shell');
  if (!me) throw new Error('useMe() outside the signed-in shell');
  return me;
}
