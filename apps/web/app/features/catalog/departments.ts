import type { DepartmentKey } from '@store/shared/constants';

/** The departments as a shopper sees them; `param` is the listing's department=… value ('' is not a URL value). */
export const DEPARTMENTS: readonly { key: DepartmentKey; param: string; label: string }[] = [
  { key: '', param: 'beauty', label: 'Beauty' },
  { key: 'toys', param: 'toys', label: 'Toys' },
  { key: 'home', param: 'home', label: 'Home' },
  { key: 'sport', param: 'sport', label: 'Sport' },
];

export function departmentLabel(key: string): string {
  return DEPARTMENTS.find((d) => d.key === key)?.label ?? 'Beauty';
}

/** The URL prefix of a department's section routes: one list of prefixes, in lib/department.ts. */
export { sectionPrefix } from '../../lib/department';
