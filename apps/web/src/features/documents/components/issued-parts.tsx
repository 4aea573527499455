import { Badge } from '@mantine/core';
import { documentStateLabels, formatDate, toZoned, type DocumentState, type GymCountry } from '@spotter/shared';

/** Light badges with text dark enough for 4.5:1 (axe color-contrast). */
const stateColors: Record<DocumentState, { color: string; c: string }> = {
  unsigned: { color: 'yellow', c: '#6b4a00' },
  signed: { color: 'green', c: '#1f5f2a' },
  voided: { color: 'gray', c: '#343a40' },
};

export function DocumentStateBadge({ state }: { state: DocumentState }) {
  return (
    <Badge variant="light" radius="sm" color={stateColors[state].color} c={stateColors[state].c} tt="none" style={{ minWidth: 'max-content' }}>
      {documentStateLabels[state]}
    </Badge>
  );
}

/** An instant as the gym's calendar day, in its country's format. */
export function dayOf(iso: string | null, timeZone: string, country: GymCountry | null) {
  if (!iso) return '—';
  return formatDate(toZoned(new Date(iso), timeZone).date, country ?? 'US');
}

/** An instant as the gym's day and time (hh:mm). */
export function momentOf(iso: string, timeZone: string, country: GymCountry | null) {
  const z = toZoned(new Date(iso), timeZone);
  return `${formatDate(z.date, country ?? 'US')} ${z.time.slice(0, 5)}`;
}
