import * as m from '@store/shared/i18n/messages';

/** The four departments as the header's strip and the phone menu name them, in the page's language. */
export const DEPARTMENT_TABS = [
  { key: '', label: m.shell_dept_beauty },
  { key: 'toys', label: m.shell_dept_toys },
  { key: 'home', label: m.shell_dept_home },
  { key: 'sport', label: m.shell_dept_sport },
] as const;
