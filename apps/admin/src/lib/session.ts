/**
 * The staff token lives in sessionStorage: it is sent as `Authorization: Token …` (never a cookie,
 * so the admin API needs no CSRF token) and ends with the tab.
 */
const TOKEN_KEY = 'admin-token';

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string) {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function clearToken() {
  sessionStorage.removeItem(TOKEN_KEY);
}
