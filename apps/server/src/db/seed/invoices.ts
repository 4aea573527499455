import { eq, sql } from 'drizzle-orm';
import { addDays, addInterval, invoiceStateOf, manualPaymentTypes, periodLineDescription, type PaymentChannel } from '@spotter/shared';
import * as t from '../schema';
import type { Tx } from '../client';
import {
  createInvoice,
  gymToday,
  priceLines,
  recordFailedCharge,
  recordPayment,
  recordRefund,
  voidInvoice,
  type NewInvoiceLine,
} from '../../modules/invoices/invoices.service';
import { insertChunked } from './gym-activity';
import { SeededRandom } from './random';

/**
 * Issue 19: real invoice history, written through the one write path (modules/invoices/invoices.service.ts), so the
 * numbers run without gaps and every figure agrees with its payments. For a real gym, each package its members hold on
 * a paid plan is invoiced period by period over the last HISTORY_DAYS (a package bought in that window with its sign-up
 * fee): past periods paid (card or a manual type), a few partly paid or refunded, one void, and a few members past due
 * (the kiosk's flag; two after a declined card). The demo athlete (athlete@example.com) is always paid up. Recurring
 * packages get their next billing date, and two memberships a gym are left due today: the first billing run bills them.
 * A demo gym (no catalogue) gets a few past-due membership invoices only.
 */

const HISTORY_DAYS = 95;
const PAST_DUE_MEMBERS = 5;
const DUE_TODAY = 2;

type Held = {
  id: string;
  athleteId: string;
  email: string | null;
  status: 'active' | 'on_hold' | 'cancelled' | 'ended';
  startDate: string;
  endDate: string | null;
  holdStartsOn: string | null;
  holdEndsOn: string | null;
  priceMinor: number;
  signUpFeeMinor: number;
  interval: 'week' | 'month' | 'year';
  intervalCount: number;
  paymentCount: number | null;
  packageId: string;
  name: string;
  taxRateId: string | null;
  percent: string | null;
};

type Planned = { held: Held; periodStart: string; periodEnd: string; first: boolean; isCurrent: boolean };

const CHANNELS: PaymentChannel[] = ['card', 'card', 'card', ...manualPaymentTypes];

export async function seedInvoiceHistory(d: Tx, gymId: string, now: Date, seed: number): Promise<void> {
  const rng = new SeededRandom(seed);
  const today = await gymToday(d, gymId, now);
  const [gym] = await d.select({ country: t.gyms.country }).from(t.gyms).where(eq(t.gyms.id, gymId));
  const windowStart = addDays(today, -HISTORY_DAYS);
  const rows = (await d.execute(sql`
    select ap.id, ap.athlete_id as "athleteId", a.email, ap.status, ap.start_date as "startDate", ap.end_date as "endDate",
      ap.hold_starts_on as "holdStartsOn", ap.hold_ends_on as "holdEndsOn", ap.price_minor as "priceMinor", p.sign_up_fee_minor as "signUpFeeMinor",
      bp.interval, bp.interval_count as "intervalCount", bp.payment_count as "paymentCount", p.id as "packageId", p.name, p.tax_rate_id as "taxRateId", tr.percent
    from ${t.athletePackages} ap
    join ${t.athletes} a on a.id = ap.athlete_id
    join ${t.packages} p on p.id = ap.package_id
    join ${t.billingPlans} bp on bp.id = ap.billing_plan_id
    left join ${t.taxRates} tr on tr.id = p.tax_rate_id
    where ap.gym_id = ${gymId} and ap.price_minor > 0
    order by ap.start_date, ap.id`)) as unknown as { rows: Held[] };
  const held = rows.rows;

  const planned: Planned[] = [];
  const nextBilling = new Map<string, string | null>();
  const demoAthlete = (h: Held) => h.email === 'athlete@example.com';
  // Two active monthly memberships a gym are left due today (the billing run's first invoices).
  const dueToday = new Set(
    rng
      .shuffle(held.filter((h) => h.status === 'active' && h.paymentCount === null && !demoAthlete(h)))
      .slice(0, DUE_TODAY)
      .map((h) => h.id),
  );
  for (const h of held) {
    let start = h.startDate;
    let n = 0;
    const last = h.endDate !== null && h.endDate < today ? h.endDate : today;
    let next: string | null = null;
    while (true) {
      if (h.paymentCount !== null && n >= h.paymentCount) break;
      if (start > last) {
        next = h.status === 'active' || h.status === 'on_hold' ? start : null;
        break;
      }
      const following = addInterval(start, h.interval, h.intervalCount);
      const onHold = h.holdStartsOn !== null && h.holdEndsOn !== null && h.holdStartsOn <= start && start <= h.holdEndsOn;
      const isCurrent = following > today;
      if (start >= windowStart && !onHold && !(isCurrent && dueToday.has(h.id))) {
        planned.push({ held: h, periodStart: start, periodEnd: addDays(following, -1), first: n === 0, isCurrent });
      }
      if (isCurrent && dueToday.has(h.id)) {
        next = today;
        break;
      }
      start = following;
      n += 1;
    }
    // A hold moves the next billing date on by its length (as holdPackage does).
    if (next !== null && h.holdStartsOn !== null && h.holdEndsOn !== null && h.holdEndsOn >= today && next <= h.holdEndsOn) next = addDays(h.holdEndsOn, 1);
    nextBilling.set(h.id, next);
  }
  planned.sort((a, b) => (a.periodStart < b.periodStart ? -1 : a.periodStart > b.periodStart ? 1 : a.held.id < b.held.id ? -1 : 1));

  // Who is past due: a few members (never the demo athlete) leave their latest invoice unpaid.
  const members = [...new Set(planned.map((p) => p.held.athleteId))];
  const safe = new Set(held.filter(demoAthlete).map((h) => h.athleteId));
  const pastDue = new Set(rng.shuffle(members.filter((m) => !safe.has(m))).slice(0, PAST_DUE_MEMBERS));
  const latestOf = new Map<string, Planned>();
  for (const p of planned) if (p.periodStart < today) latestOf.set(p.held.athleteId, p);

  // What becomes of each invoice: most are paid in full (written in bulk below), the rest go through the service.
  type Fate = 'paid' | 'open' | 'partial' | 'past_due' | 'void';
  const fates: Fate[] = [];
  let voidPicked = false;
  for (const p of planned) {
    const { held: h } = p;
    if (pastDue.has(h.athleteId) && latestOf.get(h.athleteId) === p) {
      fates.push('past_due');
      continue;
    }
    const roll = safe.has(h.athleteId) ? 0 : rng.next();
    if (p.isCurrent && roll > 0.9) fates.push(roll > 0.95 ? 'partial' : 'open');
    else if (!voidPicked && h.status === 'cancelled' && roll > 0.9 && p.periodStart < today) {
      voidPicked = true;
      fates.push('void');
    } else fates.push('paid');
  }
  const linesOf = (p: Planned): NewInvoiceLine[] => {
    const h = p.held;
    const lines: NewInvoiceLine[] = [
      {
        description: periodLineDescription(h.name, p.periodStart, p.periodEnd, gym?.country),
        itemPriceMinor: h.priceMinor,
        quantity: 1,
        taxRateValue: h.percent,
        taxRateId: h.taxRateId,
        packageId: h.packageId,
      },
    ];
    if (p.first && h.signUpFeeMinor > 0)
      lines.push({
        description: 'Sign-up fee',
        itemPriceMinor: h.signUpFeeMinor,
        quantity: 1,
        taxRateValue: h.percent,
        taxRateId: h.taxRateId,
        packageId: h.packageId,
      });
    return lines;
  };

  // 1. The paid history in bulk, numbered first in date order: the same figures the service computes (priceLines),
  // a succeeded payment each, and the gym's counter moved on past them.
  const paidPlans = planned.filter((_, i) => fates[i] === 'paid');
  const paid = await bulkPaid(
    d,
    gymId,
    paidPlans.map((p) => ({ p, lines: linesOf(p) })),
    rng,
    now,
  );

  // 2. The rest through the service, in date order.
  const declined: string[] = [];
  for (const [i, p] of planned.entries()) {
    const fate = fates[i]!;
    if (fate === 'paid') continue;
    const h = p.held;
    const created = await createInvoice(d, gymId, {
      athleteId: h.athleteId,
      source: p.first ? 'package' : 'billing_period',
      lines: linesOf(p),
      issueDate: p.periodStart,
      // This period's unpaid invoices are due in a week; older ones were due on their day.
      dueDate: fate === 'open' || fate === 'partial' ? addDays(today, 7) : p.periodStart,
      athletePackageId: h.id,
      periodStart: p.periodStart,
      periodEnd: p.periodEnd,
      actorUserId: null,
      now,
    });
    if (fate === 'partial') {
      const [inv] = await d.select({ totalMinor: t.invoices.totalMinor }).from(t.invoices).where(eq(t.invoices.id, created.invoiceId));
      await pay(d, gymId, created.invoiceId, Math.floor(inv!.totalMinor / 2), rng, now);
    }
    if (fate === 'past_due' && declined.length < 2) declined.push(created.invoiceId);
    if (fate === 'void') await voidInvoice(d, gymId, created.invoiceId, { reason: 'Cancelled before the period started', now });
  }

  // A card declined on two of the past-due invoices (no retry left: the front desk chases them).
  for (const invoiceId of declined) await recordFailedCharge(d, gymId, invoiceId, { failureMessage: 'Your card was declined.', nextRetryOn: null, now });
  // Refunds: two partial, one in full.
  const refunds = rng.shuffle(paid.filter((r) => !safe.has(r.athleteId))).slice(0, 3);
  for (const [i, r] of refunds.entries()) {
    const full = i === 0;
    await recordRefund(d, gymId, {
      paymentId: r.paymentId,
      amountMinor: full ? r.amount : Math.max(1, Math.floor(r.amount / 4)),
      reason: full ? 'Charged after the member cancelled' : 'Goodwill: classes cancelled by the coach',
      idempotencyKey: `seed:${r.invoiceId}:refund`,
      actorUserId: null,
      now,
    });
  }
  // The history was numbered in two passes (the paid bulk, then the rest through the service): renumber it in issue-date
  // order, as a gym that billed day by day would have it (gap-free either way; negative first, past the unique index).
  await d.execute(sql`update ${t.invoices} set number = -number where gym_id = ${gymId} and number is not null`);
  await d.execute(sql`
    update ${t.invoices} i set number = r.n
    from (select id, row_number() over (order by issue_date, created_at, id)::int as n from ${t.invoices} where gym_id = ${gymId} and number is not null) r
    where i.id = r.id`);
  // Recurring packages bill on from here.
  const nexts = [...nextBilling.entries()].filter(([, next]) => next !== null);
  if (nexts.length > 0) {
    await d.execute(sql`
      update ${t.athletePackages} ap set next_billing_date = v.next::date
      from jsonb_to_recordset(${JSON.stringify(nexts.map(([id, next]) => ({ id, next })))}::jsonb) as v(id uuid, next text)
      where ap.id = v.id`);
  }
}

type PaidRow = { invoiceId: string; paymentId: string; amount: number; athleteId: string };

/** Paid invoices written set-based (the seed's bulk): numbers from the gym's counter, figures by priceLines and invoiceStateOf. */
async function bulkPaid(d: Tx, gymId: string, items: { p: Planned; lines: NewInvoiceLine[] }[], rng: SeededRandom, now: Date): Promise<PaidRow[]> {
  if (items.length === 0) return [];
  const [gym] = await d.select({ isTaxInclusive: t.gyms.isTaxInclusive }).from(t.gyms).where(eq(t.gyms.id, gymId));
  const counter = (await d.execute(sql`
    insert into ${t.invoiceCounters} (gym_id, last_number) values (${gymId}, ${items.length})
    on conflict (gym_id) do update set last_number = ${t.invoiceCounters}.last_number + ${items.length}
    returning last_number as "lastNumber"`)) as unknown as { rows: { lastNumber: number }[] };
  const last = counter.rows[0]!.lastNumber;
  let number = last - items.length;
  const invoiceRows: (typeof t.invoices.$inferInsert)[] = [];
  const lineRows: (typeof t.invoiceLines.$inferInsert)[] = [];
  const paymentRows: (typeof t.payments.$inferInsert)[] = [];
  const paid: PaidRow[] = [];
  const at = now;
  for (const { p, lines } of items) {
    const id = rng.uuid();
    const paymentId = rng.uuid();
    const priced = priceLines(lines, gym!.isTaxInclusive);
    const net = priced.reduce((s, l) => s + l.net, 0);
    const tax = priced.reduce((s, l) => s + l.tax, 0);
    const total = priced.reduce((s, l) => s + l.total, 0);
    const status = invoiceStateOf({
      totalMinor: total,
      paymentsMinor: total,
      refundsMinor: 0,
      isVoid: false,
      isDraft: false,
      dueDate: p.periodStart,
      today: p.periodStart,
    });
    invoiceRows.push({
      id,
      gymId,
      athleteId: p.held.athleteId,
      number: ++number,
      status,
      source: p.first ? 'package' : 'billing_period',
      issueDate: p.periodStart,
      dueDate: p.periodStart,
      netMinor: net,
      taxMinor: tax,
      totalMinor: total,
      paymentsMinor: total,
      isTaxInclusive: gym!.isTaxInclusive,
      athletePackageId: p.held.id,
      periodStart: p.periodStart,
      periodEnd: p.periodEnd,
      createdAt: at,
      updatedAt: at,
    });
    for (const l of priced) {
      lineRows.push({
        gymId,
        invoiceId: id,
        position: l.position,
        description: l.description,
        itemPriceMinor: l.itemPriceMinor,
        quantity: l.quantity,
        taxRateValue: l.taxRateValue === null || l.taxRateValue === undefined ? null : Number(l.taxRateValue).toFixed(4),
        taxRateId: l.taxRateId ?? null,
        packageId: l.packageId ?? null,
        netMinor: l.net,
        taxMinor: l.tax,
        totalMinor: l.total,
      });
    }
    const channel = rng.pick(CHANNELS);
    paymentRows.push({
      id: paymentId,
      gymId,
      invoiceId: id,
      athleteId: p.held.athleteId,
      kind: 'payment',
      channel,
      status: 'succeeded',
      amountMinor: total,
      reference: channel === 'cash_or_check' && rng.chance(0.3) ? `Check ${rng.int(1000, 9999)}` : null,
      idempotencyKey: `seed:${id}:pay`,
      createdAt: at,
      updatedAt: at,
    });
    if (total > 0) paid.push({ invoiceId: id, paymentId, amount: total, athleteId: p.held.athleteId });
  }
  await insertChunked(d, t.invoices, invoiceRows);
  await insertChunked(d, t.invoiceLines, lineRows);
  await insertChunked(
    d,
    t.payments,
    paymentRows.filter((r) => (r.amountMinor ?? 0) > 0),
  );
  return paid;
}

async function pay(d: Tx, gymId: string, invoiceId: string, amountMinor: number, rng: SeededRandom, now: Date): Promise<string> {
  const channel = rng.pick(CHANNELS);
  const recorded = await recordPayment(d, gymId, {
    invoiceId,
    amountMinor,
    channel,
    reference: channel === 'cash_or_check' && rng.chance(0.3) ? `Check ${rng.int(1000, 9999)}` : null,
    idempotencyKey: `seed:${invoiceId}:pay`,
    actorUserId: null,
    now,
  });
  return recorded.paymentId;
}

/** A demo gym (no catalogue): a few members owe last month's membership (the kiosk's flag). */
export async function seedDemoPastDue(d: Tx, gymId: string, now: Date, seed: number): Promise<void> {
  const rng = new SeededRandom(seed);
  const today = await gymToday(d, gymId, now);
  const athleteRows = await d.select({ id: t.athletes.id }).from(t.athletes).where(eq(t.athletes.gymId, gymId)).orderBy(t.athletes.id);
  const [rate] = await d.select({ id: t.taxRates.id, percent: t.taxRates.percent }).from(t.taxRates).where(eq(t.taxRates.gymId, gymId)).limit(1);
  for (const a of rng.shuffle(athleteRows).slice(0, 4)) {
    const due = addDays(today, -rng.int(5, 25));
    await createInvoice(d, gymId, {
      athleteId: a.id,
      source: 'manual',
      lines: [
        {
          description: 'Monthly membership',
          itemPriceMinor: rng.pick([12900, 14900, 17900]),
          quantity: 1,
          taxRateValue: rate?.percent ?? null,
          taxRateId: rate?.id ?? null,
        },
      ],
      issueDate: due,
      dueDate: due,
      actorUserId: null,
      now,
    });
  }
}
