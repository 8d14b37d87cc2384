import { DEPARTMENT_HOME_PATHS, DEPARTMENT_KEYS, type DepartmentKey } from '@store/shared/constants';

/** The words the back office uses for the API's department keys. */
export const DEPARTMENT_LABELS: Record<DepartmentKey, string> = { '': 'Beauty', toys: 'Kids', home: 'Home', sport: 'Sports' };
/** The department in a URL (?department=beauty): the beauty department's key is the empty string. */
export const departmentParam = (key: DepartmentKey) => key || 'beauty';
export function departmentFromParam(param: string | null): DepartmentKey | null {
  if (param === null || param === '') return null;
  const key = param === 'beauty' ? '' : param;
  return (DEPARTMENT_KEYS as readonly string[]).includes(key) ? (key as DepartmentKey) : null;
}
export const departmentHome = (key: DepartmentKey) => DEPARTMENT_HOME_PATHS[key];
