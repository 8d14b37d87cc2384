import { createContext, useContext } from 'react';

/**
 * The request header by which the server hands a render its script nonce (apps/api/src/plugins/web.ts
 * sets it, always overriding the client's). See docs/security.md.
 */
export const NONCE_HEADER = 'x-csp-nonce';

/** The render's script nonce, for an inline script a component writes itself. Empty in the browser, which hides nonces. */
export const CspNonceContext = createContext('');

export function useCspNonce(): string {
  return useContext(CspNonceContext);
}
