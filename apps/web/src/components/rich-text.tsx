import { createElement, type ReactNode } from 'react';
import { Typography } from '@mantine/core';

// Rich text from the server (banners, notes, workouts) is rebuilt element by element; anything not listed is dropped
// and its text kept, so no markup, attribute or script the list does not name ever reaches the DOM. The list is what
// the editor makes (spec 9: headings 1-6, alignments left, center, right, justify).
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'b', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'a']);
const ALIGNABLE_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify']);
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript', 'title']);

/** Only absolute http(s) and mailto links survive; javascript:, data: and relative URLs are dropped. */
function safeHref(value: string | null): string | undefined {
  const trimmed = value?.trim() ?? '';
  if (!/^(https?:\/\/|mailto:)/i.test(trimmed)) return undefined;
  try {
    return new URL(trimmed).toString();
  } catch {
    return undefined;
  }
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_WITH_CONTENT.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`));
  if (!ALLOWED_TAGS.has(tag)) return children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return children;
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  // Of the style attribute only the text alignment is read, and only one of the four the editor offers.
  const align = ALIGNABLE_TAGS.has(tag) ? (element as HTMLElement).style?.textAlign : '';
  return createElement(tag, align && ALIGNMENTS.has(align) ? { key, style: { textAlign: align } } : { key }, ...children);
}

/** Parses HTML inertly (DOMParser runs no scripts and loads nothing) and keeps only the allow-listed markup. */
export function sanitizeRichText(html: string): ReactNode {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, (node, index) => toReact(node, String(index)));
}

type RichTextProps = { html: string };

export function RichText({ html }: RichTextProps) {
  return <Typography>{sanitizeRichText(html)}</Typography>;
}
