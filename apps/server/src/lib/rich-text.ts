import sanitizeHtml from 'sanitize-html';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const ALIGNED = ['p', ...HEADINGS];
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/**
 * What the rich-text editor makes (Tiptap, spec 9: headings 1-6, alignments left, center, right, justify) and nothing
 * else: every other tag is dropped (script and style with their content), every other attribute and style too, and
 * links keep only http, https and mailto targets. Stored rich text goes through this (no stored XSS).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', ...HEADINGS, 'ul', 'ol', 'li', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'], ...Object.fromEntries(ALIGNED.map((tag) => [tag, ['style']])) },
  allowedStyles: Object.fromEntries(ALIGNED.map((tag) => [tag, { 'text-align': [/^(left|center|right|justify)$/] }])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    del: 's',
    strike: 's',
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      const safe: sanitizeHtml.Attributes = SAFE_HREF.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : {};
      return { tagName: 'a', attribs: safe };
    },
  },
  // A link to anything but http(s) or mailto becomes its text.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
