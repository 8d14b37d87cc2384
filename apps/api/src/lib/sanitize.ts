import sanitizeHtml from 'sanitize-html';

/**
 * The only markup rich text (product descriptions, pages, blog posts) may carry: text structure
 * and links. Everything else, including scripts, styles, iframes, images and every on* or style
 * attribute, is dropped, so body_html can be rendered as HTML without becoming an XSS vector.
 */
const ANCHOR_ID = /^[a-z][a-z0-9-]{0,40}$/;
const anchorHeading: sanitizeHtml.Transformer = (tagName, attribs) => {
  const safe: Record<string, string> = {};
  if (attribs.id && ANCHOR_ID.test(attribs.id)) safe.id = attribs.id;
  return { tagName, attribs: safe };
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'h2', 'h3', 'h4', 'br', 'a'],
  // Headings may carry an anchor id (a link to a section, e.g. #free-delivery), of plain lowercase words only.
  allowedAttributes: { a: ['href', 'target', 'rel'], h2: ['id'], h3: ['id'], h4: ['id'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Dropped tags keep their text, except these whose content is code or form state, not prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math'],
  transformTags: {
    h2: anchorHeading,
    h3: anchorHeading,
    h4: anchorHeading,
    a: (tagName, attribs) => {
      // A new tab always gets rel=noopener noreferrer (no window.opener access); any other target is dropped.
      const newTab = attribs.target === '_blank';
      const safe: Record<string, string> = {};
      if (attribs.href !== undefined) safe.href = attribs.href;
      if (newTab) {
        safe.target = '_blank';
        safe.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: safe };
    },
  },
};

export function sanitizeBodyHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
