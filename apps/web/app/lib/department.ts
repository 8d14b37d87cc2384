import { redirect } from 'react-router';
import { DEPARTMENT_HOME_PATHS, DEPARTMENT_KEYS, SECTION_PREFIXES, type DepartmentKey } from '@store/shared/constants';
import { pageUrl } from './request-path';

/** The navigation and footer menus come in two flavours: the toys department has its own. */
export type MenuType = 'beauty' | 'kids';

/**
 * Every first path segment that selects a department, built from the two lists in shared/constants:
 * the SPEC's section prefixes (kids, home, sports), which are the canonical ones, and the department
 * homes' segments (toys, home, sport), which shoppers naturally put before /all-product/ once they
 * have been on /toys. Nothing else in the web app names a prefix.
 */
const SEGMENTS = new Map<string, DepartmentKey>([
  ...DEPARTMENT_KEYS.filter((k) => k !== '').map((k) => [DEPARTMENT_HOME_PATHS[k].slice(1), k] as const),
  ...Object.entries(SECTION_PREFIXES),
]);
const PREFIX_OF = new Map<DepartmentKey, string>(Object.entries(SECTION_PREFIXES).map(([prefix, key]) => [key, prefix]));

/**
 * The department a URL belongs to: a section prefix (/kids/…, /home/…, /sports/…, or /toys/…,
 * /sport/…) or a department home (/toys, /home, /sport) selects it; everything else is beauty (the empty key).
 */
export function departmentFromPath(pathname: string): DepartmentKey {
  const first =
    pathname
      .split('/')
      .find((s) => s !== '')
      ?.toLowerCase() ?? '';
  return SEGMENTS.get(first) ?? '';
}

/** The URL prefix of a department's section routes: '' for beauty, '/kids' for toys, '/sports' for sport… */
export function sectionPrefix(department: string): string {
  const prefix = PREFIX_OF.get(department as DepartmentKey);
  return prefix ? `/${prefix}` : '';
}

/**
 * The department of a section route's optional first segment (the `:section?` of routes.ts):
 * undefined without one, null for a segment that names no department (the route answers 404).
 * Another spelling of a known section (/toys/…, /sport/…, /KIDS/…) answers a permanent redirect to
 * the same page under the canonical prefix, query included, so every page has one address.
 */
export function sectionDepartment(section: string | undefined, request: Request): DepartmentKey | undefined | null {
  if (section === undefined) return undefined;
  const department = SEGMENTS.get(section.toLowerCase());
  if (department === undefined) return null;
  const canonical = sectionPrefix(department).slice(1);
  if (section !== canonical) {
    // The page's own address (no .data, no language: React Router adds the Bangla build's /bn back).
    const url = pageUrl(request);
    // The section is the path's first segment: swap it and keep the rest as it came.
    throw redirect(`/${canonical}${url.pathname.replace(/^\/[^/]*/, '')}${url.search}`, 301);
  }
  return department;
}

export function menuTypeFor(department: DepartmentKey): MenuType {
  return department === 'toys' ? 'kids' : 'beauty';
}

export function departmentHomePath(department: DepartmentKey): string {
  return DEPARTMENT_HOME_PATHS[department];
}
