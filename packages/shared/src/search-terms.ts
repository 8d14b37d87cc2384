// Zod-free on purpose: the header's search box imports these on every page.
import { SECTION_PREFIXES, type DepartmentKey } from './constants.js';

/** Longer terms are cut, not refused: a pasted paragraph still searches its first words. */
export const SEARCH_TERM_MAX_LENGTH = 100;
/**
 * Trims, folds compatibility forms (full-width letters), drops the zero-width joiners that sit inside
 * Bangla words (র‍্যাকেট), turns other control and invisible characters into spaces, collapses whitespace and cuts to SEARCH_TERM_MAX_LENGTH characters (code points, so
 * an emoji or a Bangla letter is never split in half).
 */
export function normalizeSearchTerm(raw: string): string {
  const cleaned = raw
    .normalize('NFKC')
    .replace(/[\u200C\u200D]/gu, '')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  return Array.from(cleaned).slice(0, SEARCH_TERM_MAX_LENGTH).join('').trim();
}

const PREFIX_OF: Record<DepartmentKey, string> = { '': '', toys: '', home: '', sport: '' };
for (const [prefix, key] of Object.entries(SECTION_PREFIXES)) PREFIX_OF[key] = `/${prefix}`;

/** The results page of a department: /product/ with the section prefix (/kids, /home, /sports). */
export function searchResultsPath(department: DepartmentKey = ''): string {
  return `${PREFIX_OF[department]}/product/`;
}

/** The results page of a term in a department: /product/?search=… */
export function searchResultsUrl(term: string, department: DepartmentKey = ''): string {
  return `${searchResultsPath(department)}?search=${encodeURIComponent(term)}`;
}
