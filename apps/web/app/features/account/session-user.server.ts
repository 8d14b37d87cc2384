import type { RouterContextProvider } from 'react-router';
import type { MeResponse, SessionUser } from '@store/shared/auth';
import { apiTry } from '../../lib/api.server';

/** Whoever holds a session (a customer or a guest), or null for a visitor. */
export async function getSessionUser(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  const me = await apiTry<MeResponse>(context, '/me/');
  return me.ok ? me.data.data.user : null;
}

/** The signed-in customer (not a guest session), or null. /me/ never answers 401. */
export async function getCustomer(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  const user = await getSessionUser(context);
  return user && !user.guest ? user : null;
}
