import { api } from './api';

/**
 * Opens the storefront in a new tab as this member sees it: the API first gives this browser the
 * staff_preview cookie, so the store shows even while it is under maintenance.
 */
export async function previewStore() {
  await api.post('/preview/');
  window.open('/', '_blank', 'noopener');
}
