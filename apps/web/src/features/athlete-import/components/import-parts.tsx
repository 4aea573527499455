import { Badge, List, Text } from '@mantine/core';
import type { ImportRowError, ImportRowOutcome } from '@spotter/shared';

// Text a shade darker than Mantine's light badges draw it: teal and red on their shade 1 are below 4.5:1 (axe).
const outcomeBadges: Record<ImportRowOutcome, { label: string; color: string; c: string }> = {
  new: { label: 'New', color: 'teal', c: '#0b5e45' },
  existing: { label: 'Already an athlete', color: 'gray', c: '#343a40' },
  duplicate: { label: 'Repeated in file', color: 'gray', c: '#343a40' },
  invalid: { label: 'Invalid', color: 'red', c: '#a51111' },
};

export function OutcomeBadge({ outcome }: { outcome: ImportRowOutcome }) {
  const { label, color, c } = outcomeBadges[outcome];
  return (
    <Badge color={color} c={c} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The counts of a dry run or a finished import, in words. */
export function countsText(c: { create: number; existing: number; duplicates: number; invalid: number }, done: boolean): string[] {
  return [
    `${plural(c.create, 'athlete', 'athletes')} ${done ? 'created' : 'to create'}`,
    `${plural(c.existing, 'row matches', 'rows match')} an athlete you have already (skipped)`,
    `${plural(c.duplicates, 'row repeats', 'rows repeat')} an earlier row of the file (skipped)`,
    `${plural(c.invalid, 'row is', 'rows are')} invalid (skipped)`,
  ];
}

/** The invalid rows with their problems. */
export function RowErrors({ errors, total }: { errors: readonly ImportRowError[]; total: number }) {
  if (errors.length === 0) return null;
  return (
    <>
      <List size="sm" spacing={4}>
        {errors.map((e) => (
          <List.Item key={e.row}>
            <Text span fw={600} size="sm">
              Row {e.row}:
            </Text>{' '}
            {e.messages.join(' ')}
          </List.Item>
        ))}
      </List>
      {total > errors.length && (
        <Text size="sm" c="dimmed">
          And {(total - errors.length).toLocaleString('en-US')} more.
        </Text>
      )}
    </>
  );
}
