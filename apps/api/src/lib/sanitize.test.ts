import { describe, expect, it } from 'vitest';
import { sanitizeBodyHtml } from './sanitize.js';

describe('sanitizeBodyHtml', () => {
  it('keeps the allowed structure tags as they are', () => {
    const html =
      '<h2>Benefits</h2><p>Gentle <strong>daily</strong> <em>cleanser</em><br /><b>b</b> <i>i</i></p><h3>Use</h3><ul><li>one</li></ul><ol><li>two</li></ol><h4>Note</h4>';
    expect(sanitizeBodyHtml(html)).toBe(
      '<h2>Benefits</h2><p>Gentle <strong>daily</strong> <em>cleanser</em><br /><b>b</b> <i>i</i></p><h3>Use</h3><ul><li>one</li></ul><ol><li>two</li></ol><h4>Note</h4>',
    );
  });

  it('removes scripts and styles with their content', () => {
    expect(sanitizeBodyHtml('<p>Hi</p><script>alert(1)</script><style>p{color:red}</style>')).toBe('<p>Hi</p>');
    expect(sanitizeBodyHtml('<p>a<noscript><p>x</p></noscript>b</p>')).toBe('<p>ab</p>');
  });

  it('removes on* and style attributes and unknown tags but keeps their text', () => {
    expect(sanitizeBodyHtml('<p onclick="steal()" style="color:red" class="x">Tap</p>')).toBe('<p>Tap</p>');
    expect(sanitizeBodyHtml('<div><span onmouseover="x()">Soft</span> <img src=x onerror="alert(1)"></div>')).toBe('Soft ');
    expect(sanitizeBodyHtml('<iframe src="https://evil.example"></iframe><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('keeps safe links and forces rel on new-tab links', () => {
    expect(sanitizeBodyHtml('<a href="/page/return-policy" onclick="x()">Returns</a>')).toBe('<a href="/page/return-policy">Returns</a>');
    expect(sanitizeBodyHtml('<a href="https://www.bkash.com" target="_blank" rel="opener">bKash</a>')).toBe(
      '<a href="https://www.bkash.com" target="_blank" rel="noopener noreferrer">bKash</a>',
    );
    expect(sanitizeBodyHtml('<a href="/x" target="_top" rel="opener">x</a>')).toBe('<a href="/x">x</a>');
    expect(sanitizeBodyHtml('<a href="mailto:care@glowbazaar.com.bd">mail</a>')).toBe('<a href="mailto:care@glowbazaar.com.bd">mail</a>');
  });

  it('drops javascript: and protocol-relative hrefs', () => {
    expect(sanitizeBodyHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeBodyHtml('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
  });

  it('keeps a heading anchor of plain words, drops any other id', () => {
    expect(sanitizeBodyHtml('<h2 id="free-delivery">Free delivery</h2>')).toBe('<h2 id="free-delivery">Free delivery</h2>');
    expect(sanitizeBodyHtml('<h2 id="x&quot; onclick=&quot;a">x</h2><h3 id="__proto__">y</h3>')).toBe('<h2>x</h2><h3>y</h3>');
    expect(sanitizeBodyHtml('<p id="main">x</p>')).toBe('<p>x</p>');
  });
});
