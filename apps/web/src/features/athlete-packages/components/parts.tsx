import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatDate,
  formatMoney,
  formatTime,
  packageKindLabels,
  toZoned,
  type AthletePackage,
  type CreditLedgerRow,
  type CreditReason,
  type GymCountry,
} from '@spotter/shared';
import { useCurrentSession } from '../../auth';
import { useGym } from '../../events';

export const LOAD_ERROR = 'Something went wrong while fetching data!';

/** The caller's gym: its country (dates, money) and zone (today), or nulls while it loads. */
export function useGymLocale(): { country: GymCountry | null; timeZone: string | null; isTaxInclusive: boolean; isError: boolean } {
  const session = useCurrentSession();
  const gym = useGym(session.gym?.gymId ?? '');
  return { country: gym.data?.country ?? null, timeZone: gym.data?.timeZone ?? null, isTaxInclusive: gym.data?.isTaxInclusive ?? false, isError: gym.isError };
}

/** Today (YYYY-MM-DD) in the gym's zone. */
export const todayIn = (timeZone: string | null, now = new Date()) => toZoned(now, timeZone ?? 'UTC').date;

/** Light badges with text dark enough for 4.5:1 (axe color-contrast), as the athletes list does. */
const statusStyle: Record<AthletePackage['status'], { label: string; color: string; c: string }> = {
  active: { label: 'Active', color: 'teal', c: '#0b5e45' },
  on_hold: { label: 'On hold', color: 'yellow', c: '#6b4a00' },
  cancelled: { label: 'Cancelled', color: 'red', c: '#8f1d1d' },
  ended: { label: 'Ended', color: 'gray', c: '#343a40' },
};

/** Active first, then on hold, then the rest; newest first within each (the server's order). */
export function byStanding(list: readonly AthletePackage[]): AthletePackage[] {
  const rank = { active: 0, on_hold: 1, cancelled: 2, ended: 3 } as const;
  return list
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank[a.p.status] - rank[b.p.status] || a.i - b.i)
    .map(({ p }) => p);
}

/** Whether a cancel at period end is pending: still running, with its end date set by the cancel. */
export const endsAtPeriodEnd = (p: AthletePackage) => p.status !== 'cancelled' && p.status !== 'ended' && p.cancelledAt !== null;
export const isLive = (p: AthletePackage) => p.status === 'active' || p.status === 'on_hold';

export function StatusBadge({ p, country }: { p: AthletePackage; country: GymCountry | null }) {
  const s = statusStyle[p.status];
  return (
    <Group gap={6}>
      <Badge color={s.color} c={s.c} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
        {s.label}
      </Badge>
      {endsAtPeriodEnd(p) && p.endDate && (
        <Badge color="orange" c="#7a3a00" variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
          Ends {formatDate(p.endDate, country)}
        </Badge>
      )}
    </Group>
  );
}

const intervalWords = (interval: 'week' | 'month' | 'year', count: number) => (count === 1 ? interval : `${count} ${interval}s`);

/** "$120.00 / month, 12 payments" or "$90.00" as sold, in the gym's currency. */
export function priceOf(p: AthletePackage, country: GymCountry | null): string {
  const money = formatMoney(p.priceMinor, country);
  const plan = p.billingPlan;
  if (!plan || plan.paymentCount === 1) return money;
  const every = `${money} / ${intervalWords(plan.interval, plan.intervalCount)}`;
  return plan.paymentCount ? `${every}, ${plan.paymentCount} payment${plan.paymentCount === 1 ? '' : 's'}` : every;
}

/** What remains to book: credits, the week's or month's allowance, or unlimited. */
export function allowanceOf(p: AthletePackage): string {
  if (p.credits) return `${p.credits.balance} of ${p.credits.granted} credit${p.credits.granted === 1 ? '' : 's'} left`;
  if (p.sessions) return `${p.sessions.used} of ${p.sessions.limit} classes used this ${p.sessions.per}`;
  return 'Unlimited';
}

export const kindOf = (p: AthletePackage) => packageKindLabels[p.package.kind];

/** The dates and money of a package as label/value pairs, in the gym's formats. */
export function factsOf(p: AthletePackage, country: GymCountry | null): [string, string][] {
  const d = (date: string) => formatDate(date, country);
  const facts: [string, string][] = [
    ['Kind', kindOf(p)],
    ['Price', priceOf(p, country)],
    ['Credits', allowanceOf(p)],
    ['Started', d(p.startDate)],
  ];
  if (p.signUpFeeMinor > 0) facts.splice(2, 0, ['Sign-up fee', formatMoney(p.signUpFeeMinor, country)]);
  if (p.endDate) facts.push([p.status === 'cancelled' || p.status === 'ended' ? 'Ended' : 'Ends', d(p.endDate)]);
  if (p.nextBillingDate && isLive(p)) facts.push(['Next billing', d(p.nextBillingDate)]);
  if (p.holdStartsOn && p.holdEndsOn) facts.push(['Hold', `${d(p.holdStartsOn)} – ${d(p.holdEndsOn)}`]);
  if (p.cancelReason) facts.push(['Cancel reason', p.cancelReason]);
  return facts;
}

export function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <Group gap="lg" component="dl" style={{ margin: 0, rowGap: 8 }} align="flex-start">
      {facts.map(([label, value]) => (
        <div key={label} style={{ minWidth: 0 }}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} fw={500}>
            {value}
          </Text>
        </div>
      ))}
    </Group>
  );
}

export const reasonWords: Record<CreditReason, string> = {
  grant: 'Credits granted',
  booking: 'Class booked',
  cancel_restore: 'Booking cancelled, credit returned',
  late_cancel: 'Late cancel',
  no_show: 'No show',
  renewal: 'Renewed',
  adjustment: 'Adjusted by staff',
  expiry: 'Credits expired',
};

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

function whenOf(instant: string, timeZone: string | null, country: GymCountry | null) {
  const { date, time } = toZoned(new Date(instant), timeZone ?? 'UTC');
  return `${formatDate(date, country)} ${formatTime(time, country)}`;
}

/** The credits ledger, oldest first: each grant, deduction and restore with its reason, class and the balance after it. */
export function LedgerView({
  rows,
  classPath,
  country,
  timeZone,
  layout,
}: {
  rows: readonly CreditLedgerRow[] | undefined;
  classPath: (eventId: string) => string;
  country: GymCountry | null;
  timeZone: string | null;
  /** A table on wide screens (staff), a list on phones (the athlete app). */
  layout: 'table' | 'list';
}) {
  if (!rows) return <Skeleton height={120} aria-busy="true" />;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No credit movements yet. Booking a class with this package deducts its credits here.
      </Text>
    );
  }
  // A booking's row names its class; its note would only repeat the reason.
  const reason = (r: CreditLedgerRow) => (r.note && !r.event ? `${reasonWords[r.reason]}: ${r.note}` : reasonWords[r.reason]);
  const eventLink = (r: CreditLedgerRow) =>
    r.event ? (
      <Link to={classPath(r.event.eventId)}>
        {r.event.name} · {whenOf(r.event.startsAt, timeZone, country)}
      </Link>
    ) : null;
  if (layout === 'list') {
    return (
      <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Credits ledger">
        {rows.map((r) => (
          <li key={r.creditLedgerId} style={{ borderBottom: '1px solid var(--mantine-color-default-border)', padding: '8px 0' }}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {reason(r)}
                </Text>
                {r.event && <Text size="sm">{eventLink(r)}</Text>}
                <Text size="xs" c="dimmed">
                  {whenOf(r.createdAt, timeZone, country)} · balance {r.balanceAfter}
                </Text>
              </Stack>
              <Text fw={700} c={r.delta > 0 ? '#0b5e45' : '#8f1d1d'} aria-label={`${signed(r.delta)} credits`}>
                {signed(r.delta)}
              </Text>
            </Group>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Credits ledger">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
            <Table.Th>Class</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.creditLedgerId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{whenOf(r.createdAt, timeZone, country)}</Table.Td>
              <Table.Td>{reason(r)}</Table.Td>
              <Table.Td ta="right" c={r.delta > 0 ? '#0b5e45' : '#8f1d1d'} fw={600}>
                {signed(r.delta)}
              </Table.Td>
              <Table.Td>{eventLink(r) ?? '—'}</Table.Td>
              <Table.Td ta="right">{r.balanceAfter}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
