import { createElement, type ReactNode } from 'react';
import { Typography } from '@mantine/core';

// Rich text from the server (banners, notes) is rebuilt element by element; anything not listed is dropped
// and its text kept, so no markup, attribute or script the list does not name ever reaches the DOM.
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a']);
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript', 'title']);

/** Only absolute http(s) links survive; javascript:, data: and relative URLs are dropped. */
function safeHref(value: string | null): string | undefined {
  const trimmed = value?.trim() ?? '';
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
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
  return createElement(tag, { key }, ...children);
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
