/** A type's colour is a Mantine palette name; anything else is drawn blue. */
const PALETTE = new Set(['dark', 'gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'green', 'lime', 'yellow', 'orange', 'teal']);

export type EventColors = { backgroundColor: string; borderColor: string; textColor: string };

/**
 * The palette's lightest tint behind near-black text (above 12:1 for every colour, where white on a filled yellow or
 * lime is below 2:1), and the type's strong shade as the border that tells the types apart. Cancelled: grey and muted.
 */
export function eventColors(color: string, isCancelled: boolean): EventColors {
  if (isCancelled)
    return { backgroundColor: 'var(--mantine-color-gray-0)', borderColor: 'var(--mantine-color-gray-5)', textColor: 'var(--mantine-color-gray-7)' };
  const name = PALETTE.has(color) ? color : 'blue';
  return { backgroundColor: `var(--mantine-color-${name}-1)`, borderColor: `var(--mantine-color-${name}-7)`, textColor: 'var(--mantine-color-black)' };
}

/** The strong shade alone (a card's left edge on the phone agenda). */
export const eventAccent = (color: string, isCancelled: boolean) => eventColors(color, isCancelled).borderColor;

/** A yellow alert's title in Mantine's light variant is 2.7:1 on its background; this brown is above 7:1. */
export const WARNING_TITLE_COLOR = '#7a4100';
