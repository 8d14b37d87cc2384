import { SECTION_PREFIXES, type DepartmentKey } from '@store/shared/constants';

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

/**
 * The department an optional URL section prefix selects: none → beauty's routes (undefined), a known
 * prefix → its department, anything else → null (the route answers 404).
 */
export function departmentForSection(section: string | undefined): DepartmentKey | undefined | null {
  if (section === undefined) return undefined;
  return Object.hasOwn(SECTION_PREFIXES, section) ? SECTION_PREFIXES[section as keyof typeof SECTION_PREFIXES] : null;
}

/** The URL prefix of a department's section routes: '' for beauty, '/kids' for toys… */
export function sectionPrefix(department: string): string {
  const entry = Object.entries(SECTION_PREFIXES).find(([, key]) => key === department);
  return entry ? `/${entry[0]}` : '';
}
