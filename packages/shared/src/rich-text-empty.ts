// Its own module, so a first screen that asks only this (the banner modal) does not load the other form rules.
/** Spec 5: rich text is empty when null, '', only line-break/paragraph tags, or an empty list. */
export function isRichTextEmpty(value: string | readonly unknown[] | null | undefined): boolean {
  if (value == null) return true;
  if (Array.isArray(value)) return value.length === 0;
  // Paragraph tags with attributes too (an editor's alignment: <p style="text-align: center"></p>).
  const stripped = (value as string).replace(/<\/?p(?:\s[^>]*)?\/?>|<br(?:\s[^>]*)?\/?>/gi, '').trim();
  return stripped.length === 0;
}
