import { describe, expect, it } from 'vitest';
import { englishFor, isBanglaStopWord, isBengali, readingOf, transliterate } from './bangla-words.js';

describe('Bangla and Banglish search words', () => {
  it('reads Bengali letters in Latin ones as a shopper types them, vowels as written, no inherent vowel', () => {
    expect(transliterate('লিপস্টিক')).toBe('lipstik');
    expect(transliterate('শ্যাম্পু')).toBe('shampu');
    expect(transliterate('ক্রিম')).toBe('krim');
    expect(transliterate('নিভিয়া')).toBe('nibhiya');
    // The nukta letters in either spelling (precomposed, or letter + nukta as NFKC leaves them).
    expect(transliterate('গাড়ি')).toBe('gari');
    expect(transliterate('গা\u09A1\u09BCি')).toBe('gari');
    expect(transliterate('৫০ মিলি')).toBe('50mili');
    expect(transliterate('অ্যাডিডাস')).toBe('adidas');
    expect(transliterate('অ্যালোভেরা')).toBe('alobhera');
  });

  it('gives the English words of the shop’s product types and brands, in Bangla and in Banglish', () => {
    expect(englishFor('সাবান')).toEqual(['soap', 'bar', 'wash']);
    expect(englishFor('sabun')).toEqual(['soap', 'bar', 'wash']);
    expect(englishFor('lipstik')).toEqual(['lipstick']);
    expect(englishFor('foundeshon')).toEqual(['foundation']);
    expect(englishFor('ফাউন্ডেশন')).toEqual(['foundation']);
    expect(englishFor('SABUN')).toEqual(['soap', 'bar', 'wash']);
    // A word spelled with য় either way is the same word.
    expect(englishFor('ময়েশ্চারাইজার')).toEqual(['moisturiser', 'moisturizer']);
    expect(englishFor('ময\u09BCেশ্চারাইজার')).toEqual(['moisturiser', 'moisturizer']);
    expect(englishFor('lipstick')).toEqual([]);
    expect(englishFor('কলম')).toEqual([]);
  });

  it('leaves out the Bangla words that carry no product meaning', () => {
    for (const word of ['ও', 'এবং', 'জন্য', 'দিয়ে']) expect(isBanglaStopWord(word), word).toBe(true);
    for (const word of ['সাবান', 'লিপস্টিক', 'lipstick']) expect(isBanglaStopWord(word), word).toBe(false);
  });

  it('looks a Bengali word up by its Latin reading, any other word as typed', () => {
    expect(isBengali('লিপস্টিক')).toBe(true);
    expect(isBengali('lipstick')).toBe(false);
    expect(readingOf('লিপস্টিক')).toEqual({ lookup: 'lipstik', english: ['lipstick'] });
    expect(readingOf('লিপস্টি')).toEqual({ lookup: 'lipsti', english: [] });
    expect(readingOf('sabun')).toEqual({ lookup: 'sabun', english: ['soap', 'bar', 'wash'] });
    expect(readingOf('serum')).toEqual({ lookup: 'serum', english: [] });
    // A Bangla word the list does not name, whose reading it does (the Banglish spelling).
    expect(readingOf('পুতুলটা').english).toEqual([]);
    expect(readingOf('সিরাম')).toEqual({ lookup: 'siram', english: ['serum'] });
  });
});
