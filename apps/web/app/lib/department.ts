import { DEPARTMENT_HOME_PATHS, DEPARTMENT_KEYS, SECTION_PREFIXES, type DepartmentKey } from '@store/shared/constants';

/** The navigation and footer menus come in two flavours: the toys department has its own. */
export type MenuType = 'beauty' | 'kids';

const HOME_SEGMENTS = new Map<string, DepartmentKey>(
  DEPARTMENT_KEYS.filter((k) => k !== '').map((k) => [DEPARTMENT_HOME_PATHS[k].slice(1), k]),
);
const PREFIXES = new Map<string, DepartmentKey>(Object.entries(SECTION_PREFIXES));

/**
 * The department a URL belongs to: a section prefix (/kids/…, /home/…, /sports/…) or a department
 * home (/toys, /home, /sport) selects it; everything else is beauty (the empty key).
 */
export function departmentFromPath(pathname: string): DepartmentKey {
  const first =
    pathname
      .split('/')
      .find((s) => s !== '')
      ?.toLowerCase() ?? '';
  return PREFIXES.get(first) ?? HOME_SEGMENTS.get(first) ?? '';
}

export function menuTypeFor(department: DepartmentKey): MenuType {
  return department === 'toys' ? 'kids' : 'beauty';
}

export function departmentHomePath(department: DepartmentKey): string {
  return DEPARTMENT_HOME_PATHS[department];
}
