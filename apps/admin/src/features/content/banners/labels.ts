import type { AdminBanner } from '@store/shared/admin-content';
export { DEPARTMENT_LABELS, departmentFromParam, departmentHome, departmentParam } from '../../../lib/departments';

/** The words the banner screens use for the API's keys. */
export const PLACEMENT_LABELS: Record<AdminBanner['placement'], string> = { hero: 'Hero (top slider)', promo: 'Promo (row below)' };
export const AUDIENCE_LABELS: Record<AdminBanner['audience'], string> = {
  all: 'Everyone',
  logged_in: 'Signed-in shoppers',
  bd: 'Shoppers in Bangladesh',
};
export const DEVICE_LABELS: Record<AdminBanner['device'], string> = {
  all: 'Phones and computers',
  mobile: 'Phones only',
  desktop: 'Computers only',
};
