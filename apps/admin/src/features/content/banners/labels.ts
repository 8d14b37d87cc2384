import type { AdminBanner } from '@store/shared/admin-content';
import { DEPARTMENT_HOME_PATHS, DEPARTMENT_KEYS, type DepartmentKey } from '@store/shared/constants';

/** The words the banner screens use for the API's keys. */
export const DEPARTMENT_LABELS: Record<DepartmentKey, string> = { '': 'Beauty', toys: 'Kids', home: 'Home', sport: 'Sports' };
/** The department in a URL (?department=beauty): the beauty department's key is the empty string. */
export const departmentParam = (key: DepartmentKey) => key || 'beauty';
export function departmentFromParam(param: string | null): DepartmentKey | null {
  if (param === null || param === '') return null;
  const key = param === 'beauty' ? '' : param;
  return (DEPARTMENT_KEYS as readonly string[]).includes(key) ? (key as DepartmentKey) : null;
}
export const departmentHome = (key: DepartmentKey) => DEPARTMENT_HOME_PATHS[key];

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
