import { describe, expect, it } from 'vitest';
import { normalizeSearchTerm } from '@store/shared/search';
import { containsPattern } from '../../lib/like.js';
import { matchRedirect, tokenize, toTsQueryText } from './search-terms.js';

describe('search terms', () => {
  it('splits a term into words of letters, digits and marks only', () => {
    expect(tokenize("L'Oréal  Anti-Aging 50ml & |!:*() 💄")).toEqual(['l', 'oréal', 'anti', 'aging', '50ml']);
    expect(tokenize('লাল লিপস্টিক')).toEqual(['লাল', 'লিপস্টিক']);
    expect(tokenize('%_\'"\\')).toEqual([]);
    expect(tokenize('a b c d e f g h i j')).toHaveLength(8);
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });

  it('builds a tsquery of ANDed words, ORed spellings, the last word as a prefix', () => {
    expect(
      toTsQueryText([
        { word: 'nivia', prefix: false, completions: [], alternatives: ['nivea'] },
        { word: 'cre', prefix: true, completions: [], alternatives: [] },
      ]),
    ).toBe("('nivia' | 'nivea') & 'cre':*");
  });

  it('spells out a last word by its completions, once each, beside its corrections', () => {
    expect(
      toTsQueryText([
        { word: 'body', prefix: false, completions: [], alternatives: [] },
        { word: 'lotio', prefix: false, completions: ['lotion', 'lotions'], alternatives: ['lotion', 'potion'] },
      ]),
    ).toBe("'body' & ('lotio' | 'lotion' | 'lotions' | 'potion')");
  });

  it('normalises a term: spaces, control characters, full-width forms, 100 characters without splitting an emoji', () => {
    expect(normalizeSearchTerm('  ｌｉｐ\u0000stick\n\t red ')).toBe('lip stick red');
    const long = normalizeSearchTerm('💄'.repeat(150));
    expect(Array.from(long)).toHaveLength(100);
    expect(long).toBe('💄'.repeat(100));
  });

  it('redirects toy brand words to the toys section and the luxury word to its brand, whole words only', () => {
    const rules = { toy_brand_words: ['lego', 'hot wheels'], luxury: { word: 'chanel', brand: 'chanel' } };
    expect(matchRedirect('LEGO city', '', rules)).toEqual({ url: '/kids/product/?search=LEGO%20city', department: 'toys' });
    expect(matchRedirect('hot wheels', 'home', rules)?.url).toBe('/kids/product/?search=hot%20wheels');
    expect(matchRedirect('wheels hot', '', rules)).toBeNull();
    expect(matchRedirect('legos', '', rules)).toBeNull();
    expect(matchRedirect('lego', 'toys', rules)).toBeNull();
    expect(matchRedirect('Chanel No 5', 'toys', rules)).toEqual({ url: '/brand/chanel', department: null });
    expect(matchRedirect('chanel', '', { toy_brand_words: [], luxury: null })).toBeNull();
  });
});
