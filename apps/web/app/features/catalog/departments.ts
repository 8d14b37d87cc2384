import type { DepartmentKey } from '@store/shared/constants';
import * as m from '@store/shared/i18n/messages';

/**
 * The departments as a shopper sees them, named in the page's language; `param` is the listing's
 * department=… value ('' is not a URL value). The header's strip and the phone menu list these too.
 */
export const DEPARTMENTS: readonly { key: DepartmentKey; param: string; label: () => string }[] = [
  { key: '', param: 'beauty', label: m.shell_dept_beauty },
  { key: 'toys', param: 'toys', label: m.shell_dept_toys },
  { key: 'home', param: 'home', label: m.shell_dept_home },
  { key: 'sport', param: 'sport', label: m.shell_dept_sport },
];

export function departmentLabel(key: string): string {
  return (DEPARTMENTS.find((d) => d.key === key) ?? DEPARTMENTS[0]!).label();
}

/** The URL prefix of a department's section routes: one list of prefixes, in lib/department.ts. */
export { sectionPrefix } from '../../lib/department';
