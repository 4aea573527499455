import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';

export type Tone = 'green' | 'orange' | 'red' | 'gray' | 'blue' | 'grape';

// Mantine's light badges put shade 9 on shade 1, which is below 4.5:1 for teal and orange (axe color-contrast);
// these text colours keep the light look and pass.
const tones: Record<Tone, { color: string; c?: string }> = {
  green: { color: 'teal', c: '#0b5e45' },
  orange: { color: 'orange', c: '#8f3600' },
  red: { color: 'red', c: '#a51111' },
  gray: { color: 'gray', c: '#343a40' },
  blue: { color: 'spotterBlue' },
  grape: { color: 'grape' },
};

/** A light badge whose text passes WCAG AA contrast. */
export function ToneBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <Badge variant="light" {...tones[tone]} style={{ minWidth: 'max-content' }}>
      {children}
    </Badge>
  );
}
