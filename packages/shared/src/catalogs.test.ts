import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from './locale.js';

/** A catalog as the message-format plugin reads it: key → message text ($schema aside). */
function catalog(locale: string): Record<string, string> {
  const raw = JSON.parse(readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  const entries = Object.entries(raw).filter(([key]) => key !== '$schema');
  for (const [key, value] of entries) expect(typeof value, `${locale}.json ${key}`).toBe('string');
  return Object.fromEntries(entries) as Record<string, string>;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogs (packages/shared/messages)', () => {
  const catalogs = Object.fromEntries(LOCALES.map((locale) => [locale, catalog(locale)]));
  const english = catalogs.en!;

  it('are the languages the store has (the inlang project and locale.ts agree)', () => {
    const settings = JSON.parse(readFileSync(new URL('../project.inlang/settings.json', import.meta.url), 'utf8')) as {
      baseLocale: string;
      locales: string[];
    };
    expect(settings.locales).toEqual([...LOCALES]);
    expect(settings.baseLocale).toBe(DEFAULT_LOCALE);
  });

  it('name the same messages in every language: a key missing in either fails here', () => {
    for (const locale of LOCALES) {
      const keys = Object.keys(catalogs[locale]!).sort();
      expect(keys, `${locale}.json`).toEqual(Object.keys(english).sort());
    }
  });

  it('give every message the same placeholders in every language, and no empty text', () => {
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(catalogs[locale]!)) {
        expect(text.trim(), `${locale}.json ${key}`).not.toBe('');
        expect(placeholders(text), `${locale}.json ${key}`).toEqual(placeholders(english[key]!));
      }
    }
  });

  it('write Bangla in Bangla: every Bangla message has Bengali letters (or is the danda, Bangla’s full stop)', () => {
    for (const [key, text] of Object.entries(catalogs.bn!)) expect(text, `bn.json ${key}`).toMatch(/[\u0980-\u09FF\u0964]/);
  });

  it('are what the compiled functions say (the compiler read them, and its output is current)', async () => {
    const compiled = (await import('./i18n/messages.js')) as unknown as Record<
      string,
      (inputs: Record<string, string>, options: { locale: string }) => string
    >;
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(catalogs[locale]!)) {
        const inputs = Object.fromEntries(placeholders(text).map((name) => [name!, `<${name}>`]));
        expect(compiled[key], `the compiled ${key}`).toBeTypeOf('function');
        expect(compiled[key]!(inputs, { locale })).toBe(text.replace(/\{(\w+)\}/g, '<$1>'));
      }
    }
  });
});
