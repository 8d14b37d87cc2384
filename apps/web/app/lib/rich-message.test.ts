import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withElements } from './rich-message';

const render = (node: ReturnType<typeof withElements>) => renderToStaticMarkup(createElement('p', null, node));

describe('withElements: a sentence with elements inside, as one message', () => {
  it('puts each element where its language’s sentence has its placeholder', () => {
    const english = ({ terms, privacy }: { terms: string; privacy: string }) =>
      `By placing your order you agree to our ${terms} and ${privacy}.`;
    const bangla = ({ terms, privacy }: { terms: string; privacy: string }) => `অর্ডার করলে আপনি আমাদের ${terms} ও ${privacy} মেনে নিচ্ছেন।`;
    const parts = { terms: createElement('a', { href: '/t' }, 'terms'), privacy: createElement('a', { href: '/p' }, 'privacy') };
    expect(render(withElements(english, parts))).toBe(
      '<p>By placing your order you agree to our <a href="/t">terms</a> and <a href="/p">privacy</a>.</p>',
    );
    expect(render(withElements(bangla, parts))).toBe(
      '<p>অর্ডার করলে আপনি আমাদের <a href="/t">terms</a> ও <a href="/p">privacy</a> মেনে নিচ্ছেন।</p>',
    );
  });

  it('keeps an element that opens the sentence, and text that looks like a marker’s number', () => {
    const message = ({ phone }: { phone: string }) => `${phone} 0 1 নম্বরে কোড পাঠানো হয়েছে`;
    expect(render(withElements(message, { phone: createElement('strong', null, '01712345678') }))).toBe(
      '<p><strong>01712345678</strong> 0 1 নম্বরে কোড পাঠানো হয়েছে</p>',
    );
  });
});
