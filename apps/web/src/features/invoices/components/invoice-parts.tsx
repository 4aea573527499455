import { Badge } from '@mantine/core';
import { formatDate, formatMoney, invoiceStatusLabels, type GymCountry, type InvoiceStatus } from '@spotter/shared';

/** Light badges with text dark enough for 4.5:1 (axe color-contrast). */
const statusColors: Record<InvoiceStatus, { color: string; c: string }> = {
  draft: { color: 'gray', c: '#343a40' },
  open: { color: 'blue', c: '#1c4f8a' },
  paid: { color: 'teal', c: '#0b5e45' },
  partially_paid: { color: 'yellow', c: '#6b4a00' },
  past_due: { color: 'red', c: '#8f1d1d' },
  void: { color: 'gray', c: '#343a40' },
  refunded: { color: 'grape', c: '#5c2473' },
  partially_refunded: { color: 'orange', c: '#7a3a00' },
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant="light" radius="sm" color={statusColors[status].color} c={statusColors[status].c} tt="none" style={{ minWidth: 'max-content' }}>
      {invoiceStatusLabels[status]}
    </Badge>
  );
}

export const money = (minor: number, country: GymCountry | null | undefined) => formatMoney(minor, country ?? 'US');
export const day = (date: string | null, country: GymCountry | null | undefined) => (date ? formatDate(date, country ?? 'US') : '');

/** Who an invoice bills: the athlete, else the guest. */
export const billedTo = (row: { athlete: { fullName: string } | null; guestName: string | null }) => row.athlete?.fullName || row.guestName || 'Unknown';

/** An amount typed in major units ("12.50") as minor units (1250); NaN when it is not a number. */
export const toMinor = (value: string | number) => Math.round(Number(value) * 100);
