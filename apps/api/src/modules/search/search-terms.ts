import { searchResultsUrl, type SearchRedirects } from '@store/shared/search';
import type { DepartmentKey } from '@store/shared/constants';

/** More words than this add nothing a shopper meant; the rest of the term is ignored. */
export const MAX_WORDS = 8;
/** Longer "words" are pasted junk; to_tsvector ignores them anyway. */
const MAX_WORD_LENGTH = 40;
/** Substring matching (ILIKE on the trigram index) starts at this many characters: shorter ones match everything. */
export const MIN_SUBSTRING_LENGTH = 4;

/**
 * The words of a normalised term: runs of letters, digits and combining marks (Bangla vowel signs
 * are marks), lowercased. Everything else (punctuation, operators, emoji) separates words, so no
 * character of the term ever reaches a tsquery or a pattern unescaped.
 */
export function tokenize(term: string): string[] {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w.length > 0 && w.length <= MAX_WORD_LENGTH)
    .slice(0, MAX_WORDS);
}

/**
 * One word of the query and what may stand for it: the word itself, as a prefix when it is the last
 * (still being typed) unless its completions are spelled out, the catalog's words that complete it,
 * and spelling corrections.
 */
export type WordGroup = { word: string; prefix: boolean; completions: string[]; alternatives: string[] };

/**
 * A to_tsquery text: the groups ANDed, each group's spellings ORed. Words hold only letters, digits
 * and marks (see tokenize and the dictionary), so quoting them is enough to keep the syntax intact.
 */
export function toTsQueryText(groups: WordGroup[]): string {
  return groups
    .map((g) => {
      const others = [...new Set([...g.completions, ...g.alternatives])].filter((a) => a !== g.word);
      const terms = [`'${g.word}'${g.prefix ? ':*' : ''}`, ...others.map((a) => `'${a}'`)];
      return terms.length === 1 ? terms[0] : `(${terms.join(' | ')})`;
    })
    .join(' & ');
}

export type RedirectTarget = { url: string; department: DepartmentKey | null };

function containsPhrase(words: string[], phrase: string): boolean {
  const wanted = tokenize(phrase);
  if (wanted.length === 0) return false;
  return ` ${words.join(' ')} `.includes(` ${wanted.join(' ')} `);
}

/**
 * SPEC §2: a toy brand word sends the shopper to the toys section (its search results, so 'lego'
 * shows the LEGO toys), the luxury brand word to its brand page. Whole words only: 'legos' is not
 * 'lego'. No toy redirect inside the toys section itself.
 */
export function matchRedirect(term: string, department: DepartmentKey, rules: SearchRedirects): RedirectTarget | null {
  const words = tokenize(term);
  if (words.length === 0) return null;
  if (rules.luxury && rules.luxury.brand && containsPhrase(words, rules.luxury.word)) {
    return { url: `/brand/${encodeURIComponent(rules.luxury.brand)}`, department: null };
  }
  if (department !== 'toys' && rules.toy_brand_words.some((w) => containsPhrase(words, w))) {
    return { url: searchResultsUrl(term, 'toys'), department: 'toys' };
  }
  return null;
}
