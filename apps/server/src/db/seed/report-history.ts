import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import { addDays, addInterval, dayOfWeek, fromZoned, invoiceStateOf, manualPaymentTypes, periodLineDescription, type PaymentChannel } from '@spotter/shared';
import * as t from '../schema';
import type { Tx } from '../client';
import { gymToday, priceLines } from '../../modules/invoices/invoices.service';
import { insertChunked } from './gym-activity';
import { SeededRandom } from './random';

/**
 * Issue 21: a real gym's year, so the dashboard and the 20 reports have something to show over the last 12 months.
 * Everything it adds is in the past and leaves every member's membership state as it was (each athlete it gives an
 * earlier package already holds an active package other than a trial, which decides the state):
 * - memberships over the year: members who came back after a cancelled membership (reactivated, 35-120 days' gap,
 *   some with a hold in it), trials converted (a 2-week trial that ended the day before the membership started),
 *   trials cancelled a few days in by members who now hold a class pack, and memberships cancelled across the year by
 *   members who now hold a class pack or drop-in;
 * - paid bills for the periods of the last 12 months that the invoice history (HISTORY_DAYS of seed/invoices.ts) does
 *   not reach, and every period of the packages added here; a few refunded, fully or in part, and a few past due of
 *   different ages (members already past due, so the kiosk flags the same athletes); every seeded payment and refund
 *   recorded on its invoice's date (not the seed's now), and the invoices numbered again in issue-date order;
 * - classes from a year ago up to the seed's first week (gym-activity.ts seeds the last 7 days and on): the whole
 *   schedule on weekdays and the mornings at weekends over the last 12 weeks (the check-in heatmap's), three a weekday
 *   and one at weekends before that; about 1 in 100 cancelled; attended by members whose membership (no credits to
 *   spend) covered the day and who were not on hold: busier early mornings and evenings, quieter midday, weekends and
 *   August; 1 in 25 a no-show; six members fading over the last 4 weeks (athletes at risk). Lead coaches on the last
 *   12 weeks' classes.
 * Its own PRNG (per gym); set-based statements and chunked inserts.
 */
const YEAR_DAYS = 365;
/** The invoice history's window (seed/invoices.ts HISTORY_DAYS): periods older than it are billed here. */
const INVOICE_HISTORY_DAYS = 95;
/** gym-activity.ts's past days: classes before them are added here. */
const ACTIVITY_PAST_DAYS = 7;
const SCHEDULE = ['06:00', '07:00', '09:00', '12:00', '16:30', '17:30', '18:30'];
/** The last 12 weeks (the check-in heatmap's) run the whole schedule; the weeks before it, OLDER_SLOTS. */
const RECENT_DAYS = 84;
const OLDER_SLOTS = [0, 3, 5];
const CHANNELS: PaymentChannel[] = ['card', 'card', 'card', ...manualPaymentTypes];

type Member = { id: string; packages: { id: string; status: string; startDate: string; endDate: string | null; kind: string; name: string }[] };

export async function seedReportHistory(d: Tx, gym: { id: string; timeZone: string; isTaxInclusive: boolean }, now: Date, seed: number): Promise<void> {
  const rng = new SeededRandom(seed);
  const today = await gymToday(d, gym.id, now);
  const added = await seedMembershipYear(d, rng, gym.id, today);
  await seedBillingYear(d, rng, gym, today, now, added);
  await seedClassYear(d, rng, gym, today);
}

/** The athlete packages of the year (see above); the ids of those it added. */
async function seedMembershipYear(d: Tx, rng: SeededRandom, gymId: string, today: string): Promise<Set<string>> {
  const rows = (await d.execute(sql`
    select a.id as "athleteId", ap.id, ap.status, ap.start_date::text as "startDate", ap.end_date::text as "endDate", p.kind, p.name
    from ${t.athletes} a join ${t.athletePackages} ap on ap.athlete_id = a.id join ${t.packages} p on p.id = ap.package_id
    where a.gym_id = ${gymId} and a.email like '%@members.example.com' and a.archived_at is null
    order by a.email, ap.start_date, ap.id`)) as unknown as { rows: (Member['packages'][number] & { athleteId: string })[] };
  const byAthlete = new Map<string, Member>();
  for (const r of rows.rows) {
    const m = byAthlete.get(r.athleteId) ?? { id: r.athleteId, packages: [] };
    m.packages.push(r);
    byAthlete.set(r.athleteId, m);
  }
  const members = [...byAthlete.values()];
  const packageRows = await d
    .select({ id: t.packages.id, name: t.packages.name })
    .from(t.packages)
    .where(and(eq(t.packages.gymId, gymId), isNull(t.packages.archivedAt)));
  const plans = await d
    .select({ id: t.billingPlans.id, packageId: t.billingPlans.packageId, priceMinor: t.billingPlans.priceMinor })
    .from(t.billingPlans)
    .where(and(eq(t.billingPlans.gymId, gymId), isNull(t.billingPlans.archivedAt)))
    .orderBy(asc(t.billingPlans.position), asc(t.billingPlans.createdAt));
  const pkg = (name: string) => {
    const found = packageRows.find((p) => p.name === name);
    if (!found) throw new Error(`The catalogue has no package '${name}': seed it before the report history.`);
    const plan = plans.find((p) => p.packageId === found.id);
    return { packageId: found.id, billingPlanId: plan?.id ?? null, priceMinor: plan?.priceMinor ?? 0 };
  };
  const ago = (n: number) => addDays(today, -n);
  const at = (date: string) => new Date(`${date}T15:00:00Z`);
  const held: (typeof t.athletePackages.$inferInsert)[] = [];
  const add = (
    athleteId: string,
    name: string,
    status: 'cancelled' | 'ended',
    startDate: string,
    endDate: string,
    extra: Partial<typeof t.athletePackages.$inferInsert> = {},
  ) => {
    held.push({
      id: rng.uuid(),
      gymId,
      athleteId,
      ...pkg(name),
      status,
      startDate,
      endDate,
      source: 'seed',
      ...(status === 'cancelled' ? { cancelledAt: at(endDate) } : {}),
      ...extra,
    });
  };
  const activeOf = (m: Member, kinds: string[]) => m.packages.find((p) => p.status === 'active' && kinds.includes(p.kind));
  const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
  const used = new Set<string>();
  const pickMembers = (n: number, fits: (m: Member) => boolean) => {
    const chosen = rng.shuffle(members.filter((m) => !used.has(m.id) && fits(m))).slice(0, n);
    for (const m of chosen) used.add(m.id);
    return chosen;
  };
  const memberships = ['Unlimited membership', '3x week membership'];

  // Reactivated: a membership that started within the year after one cancelled 35-120 days before it.
  for (const [i, m] of pickMembers(8, (m) => {
    const a = activeOf(m, ['membership']);
    return a !== undefined && daysBetween(a.startDate, today) <= YEAR_DAYS - 60 && daysBetween(a.startDate, today) >= 30 && m.packages.length === 1;
  }).entries()) {
    const current = activeOf(m, ['membership'])!;
    const end = addDays(current.startDate, -rng.int(35, 120));
    const start = addDays(end, -rng.int(90, 240));
    // Every other one took a hold of one to four weeks on the way.
    const withHold = i % 2 === 0;
    const holdStart = addDays(start, rng.int(20, 50));
    add(m.id, rng.pick(memberships), 'cancelled', start, end, {
      cancelReason: rng.pick(['Moving away', 'Injury', 'Cost', 'Travel for work']),
      ...(withHold ? { holdStartsOn: holdStart, holdEndsOn: addDays(holdStart, rng.int(7, 28)) } : {}),
    });
  }
  // Trials converted: a 2-week trial ending the day before the membership started (within the year).
  for (const m of pickMembers(12, (m) => {
    const a = activeOf(m, ['membership']);
    return (
      a !== undefined &&
      daysBetween(a.startDate, today) <= YEAR_DAYS - 14 &&
      daysBetween(a.startDate, today) >= 15 &&
      !m.packages.some((p) => p.kind === 'trial')
    );
  })) {
    const current = activeOf(m, ['membership'])!;
    add(m.id, '2-week trial', 'ended', addDays(current.startDate, -14), addDays(current.startDate, -1));
  }
  // Trials cancelled a few days in, and memberships cancelled across the year, by members who now hold a class pack
  // or a drop-in (which keeps them active).
  const packHolders = (m: Member) => activeOf(m, ['class_pack', 'drop_in']) !== undefined && m.packages.length === 1;
  for (const m of pickMembers(5, packHolders)) {
    const start = ago(rng.int(60, 330));
    add(m.id, '2-week trial', 'cancelled', start, addDays(start, rng.int(2, 10)), { cancelReason: rng.pick(['Not for me', 'Schedule', '']) });
  }
  for (const [i, m] of pickMembers(10, packHolders).entries()) {
    const end = ago(rng.int(20, YEAR_DAYS - 5));
    const start = addDays(end, -rng.int(120, 400));
    // A third of them held it for a while first (a hold that ended well before the cancellation).
    const hold = i % 3 === 0 ? { holdStartsOn: addDays(start, 30), holdEndsOn: addDays(start, 30 + rng.int(7, 21)) } : {};
    add(m.id, rng.pick(memberships), 'cancelled', start, end, { cancelReason: rng.pick(['Cost', 'Injury', 'Switched to a class pack']), ...hold });
  }
  await insertChunked(d, t.athletePackages, held);
  return new Set(held.map((h) => h.id!));
}

type Held = {
  id: string;
  athleteId: string;
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

/** The bills of the year the invoice history does not reach (see above). */
async function seedBillingYear(
  d: Tx,
  rng: SeededRandom,
  gym: { id: string; timeZone: string; isTaxInclusive: boolean },
  today: string,
  now: Date,
  added: Set<string>,
): Promise<void> {
  const gymId = gym.id;
  const [{ country } = { country: null }] = await d.select({ country: t.gyms.country }).from(t.gyms).where(eq(t.gyms.id, gymId));
  const yearAgo = addDays(today, -YEAR_DAYS);
  const historyStart = addDays(today, -INVOICE_HISTORY_DAYS);
  const held = (
    (await d.execute(sql`
    select ap.id, ap.athlete_id as "athleteId", ap.start_date::text as "startDate", ap.end_date::text as "endDate",
      ap.hold_starts_on::text as "holdStartsOn", ap.hold_ends_on::text as "holdEndsOn", ap.price_minor as "priceMinor", p.sign_up_fee_minor as "signUpFeeMinor",
      bp.interval, bp.interval_count as "intervalCount", bp.payment_count as "paymentCount", p.id as "packageId", p.name, p.tax_rate_id as "taxRateId", tr.percent::text
    from ${t.athletePackages} ap
    join ${t.packages} p on p.id = ap.package_id
    join ${t.billingPlans} bp on bp.id = ap.billing_plan_id
    left join ${t.taxRates} tr on tr.id = p.tax_rate_id
    where ap.gym_id = ${gymId} and ap.price_minor > 0
    order by ap.start_date, ap.id`)) as unknown as { rows: Held[] }
  ).rows;
  const pastDueMembers = new Set(
    (
      (await d.execute(
        sql`select distinct athlete_id as "athleteId" from ${t.invoices} where gym_id = ${gymId} and status = 'past_due' order by athlete_id`,
      )) as unknown as { rows: { athleteId: string }[] }
    ).rows.map((r) => r.athleteId),
  );
  type Period = { h: Held; start: string; end: string; first: boolean };
  const periods: Period[] = [];
  for (const h of held) {
    const isAdded = added.has(h.id);
    const last = h.endDate !== null && h.endDate < today ? h.endDate : today;
    // The invoice history bills the periods from its window on; the packages added here were never billed.
    const upTo = isAdded ? last : addDays(historyStart, -1) < last ? addDays(historyStart, -1) : last;
    let start = h.startDate;
    for (let n = 0; start <= upTo; n++) {
      if (h.paymentCount !== null && n >= h.paymentCount) break;
      const following = addInterval(start, h.interval, h.intervalCount);
      const onHold = h.holdStartsOn !== null && h.holdEndsOn !== null && h.holdStartsOn <= start && start <= h.holdEndsOn;
      if (start >= yearAgo && !onHold) periods.push({ h, start, end: addDays(following, -1), first: n === 0 });
      start = following;
    }
  }
  periods.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.h.id < b.h.id ? -1 : 1));
  if (periods.length === 0) return;

  // A few unpaid ones of members already past due, at different ages (one a month or so apart).
  const unpaid = new Set<Period>();
  let lastAge = Infinity;
  for (const p of rng.shuffle(periods.filter((p) => pastDueMembers.has(p.h.athleteId))).sort((a, b) => (a.start < b.start ? -1 : 1))) {
    const age = -Math.round((Date.parse(p.start) - Date.parse(today)) / 86_400_000);
    if (unpaid.size < 3 && lastAge - age >= 30) {
      unpaid.add(p);
      lastAge = age;
    }
  }
  const paymentAt = (date: string) => {
    const at = fromZoned(date, `${String(rng.int(7, 19)).padStart(2, '0')}:${rng.pick(['05', '20', '35', '50'])}`, gym.timeZone);
    return at.getTime() > now.getTime() ? now : at;
  };
  const invoiceRows: (typeof t.invoices.$inferInsert)[] = [];
  // Numbered below, with the gym's others, in issue-date order (a negative number until then).
  let provisional = -1_000_000;
  const lineRows: (typeof t.invoiceLines.$inferInsert)[] = [];
  const paymentRows: (typeof t.payments.$inferInsert)[] = [];
  for (const p of periods) {
    const h = p.h;
    const lines = [
      {
        description: periodLineDescription(h.name, p.start, p.end, country),
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
    const priced = priceLines(lines, gym.isTaxInclusive);
    const total = priced.reduce((s, l) => s + l.total, 0);
    const isPaid = !unpaid.has(p);
    const id = rng.uuid();
    const paidAt = paymentAt(p.start);
    invoiceRows.push({
      id,
      gymId,
      athleteId: h.athleteId,
      number: provisional--,
      status: invoiceStateOf({ totalMinor: total, paymentsMinor: isPaid ? total : 0, refundsMinor: 0, isVoid: false, isDraft: false, dueDate: p.start, today }),
      source: p.first ? 'package' : 'billing_period',
      issueDate: p.start,
      dueDate: p.start,
      netMinor: priced.reduce((s, l) => s + l.net, 0),
      taxMinor: priced.reduce((s, l) => s + l.tax, 0),
      totalMinor: total,
      paymentsMinor: isPaid ? total : 0,
      isTaxInclusive: gym.isTaxInclusive,
      athletePackageId: h.id,
      periodStart: p.start,
      periodEnd: p.end,
      createdAt: paidAt,
      updatedAt: paidAt,
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
    if (isPaid && total > 0) {
      const channel = rng.pick(CHANNELS);
      paymentRows.push({
        id: rng.uuid(),
        gymId,
        invoiceId: id,
        athleteId: h.athleteId,
        kind: 'payment',
        channel,
        status: 'succeeded',
        amountMinor: total,
        idempotencyKey: `seed:${id}:pay`,
        createdAt: paidAt,
        updatedAt: paidAt,
      });
    }
  }
  // Refunds over the year: one in full, three in part, a few days after the payment.
  const refunds: (typeof t.payments.$inferInsert)[] = [];
  for (const [i, pay] of rng.shuffle(paymentRows).slice(0, 4).entries()) {
    const amount = i === 0 ? pay.amountMinor : Math.max(1, Math.floor(pay.amountMinor / 4));
    const when = new Date(Math.min((pay.createdAt as Date).getTime() + rng.int(2, 9) * 86_400_000, now.getTime()));
    refunds.push({
      id: rng.uuid(),
      gymId,
      invoiceId: pay.invoiceId,
      athleteId: pay.athleteId,
      kind: 'refund',
      channel: pay.channel,
      status: 'succeeded',
      amountMinor: amount,
      refundOfPaymentId: pay.id,
      reason: i === 0 ? 'Charged after the member cancelled' : 'Goodwill: classes cancelled by the coach',
      idempotencyKey: `seed:${pay.invoiceId}:refund`,
      createdAt: when,
      updatedAt: when,
    });
    pay.refundedMinor = amount;
    const inv = invoiceRows.find((r) => r.id === pay.invoiceId)!;
    inv.refundsMinor = amount;
    inv.status = invoiceStateOf({
      totalMinor: inv.totalMinor,
      paymentsMinor: inv.paymentsMinor!,
      refundsMinor: amount,
      isVoid: false,
      isDraft: false,
      dueDate: inv.dueDate,
      today,
    });
  }
  await insertChunked(d, t.invoices, invoiceRows);
  await insertChunked(d, t.invoiceLines, lineRows);
  await insertChunked(d, t.payments, [...paymentRows, ...refunds]);

  // The invoice history's payments and refunds were recorded at the seed's now (or the clock's, the database's now()
  // in the seed's one transaction, where the invoices service leaves it to the default): each on its invoice's date instead
  // (10:00 in the gym), a refund a few days after its payment, never after now.
  await d.execute(sql`
    update ${t.payments} p set created_at = least(${now.toISOString()}::timestamptz, ((i.issue_date + time '10:00') at time zone ${gym.timeZone})), updated_at = least(${now.toISOString()}::timestamptz, ((i.issue_date + time '10:00') at time zone ${gym.timeZone}))
    from ${t.invoices} i
    where i.id = p.invoice_id and p.gym_id = ${gymId} and p.kind = 'payment' and (p.created_at = ${now.toISOString()}::timestamptz or p.created_at = now())`);
  await d.execute(sql`
    update ${t.payments} r set created_at = least(${now.toISOString()}::timestamptz, p.created_at + interval '4 days'), updated_at = least(${now.toISOString()}::timestamptz, p.created_at + interval '4 days')
    from ${t.payments} p
    where p.id = r.refund_of_payment_id and r.gym_id = ${gymId} and r.kind = 'refund' and (r.created_at = ${now.toISOString()}::timestamptz or r.created_at = now())`);

  // Numbered again in issue-date order (gap-free, as seed/invoices.ts leaves them), and the counter after the last.
  await d.execute(sql`update ${t.invoices} set number = -number where gym_id = ${gymId} and number > 0`);
  await d.execute(sql`
    update ${t.invoices} i set number = r.n
    from (select id, row_number() over (order by issue_date, created_at, id)::int as n from ${t.invoices} where gym_id = ${gymId} and number is not null) r
    where i.id = r.id`);
  await d.execute(sql`
    insert into ${t.invoiceCounters} (gym_id, last_number) select ${gymId}::uuid, count(*)::int from ${t.invoices} where gym_id = ${gymId} and number is not null
    on conflict (gym_id) do update set last_number = excluded.last_number`);
}

/** A year of classes and their check-ins (see above). */
async function seedClassYear(d: Tx, rng: SeededRandom, gym: { id: string; timeZone: string }, today: string): Promise<void> {
  const gymId = gym.id;
  const types = await d
    .select({ id: t.classTypes.id, capacity: t.classTypes.defaultCapacity, taxRateId: t.classTypes.taxRateId })
    .from(t.classTypes)
    .where(and(eq(t.classTypes.gymId, gymId), isNull(t.classTypes.archivedAt)))
    .orderBy(asc(t.classTypes.name));
  const places = await d
    .select({ id: t.locations.id })
    .from(t.locations)
    .where(and(eq(t.locations.gymId, gymId), isNull(t.locations.archivedAt)))
    .orderBy(asc(t.locations.name));
  const coaches = await d
    .select({ id: t.staff.id })
    .from(t.staff)
    .where(and(eq(t.staff.gymId, gymId), eq(t.staff.isCoach, true), like(t.staff.email, 'coach%')))
    .orderBy(asc(t.staff.email));
  if (types.length === 0) return;
  const events: (typeof t.events.$inferInsert)[] = [];
  const eventCoaches: (typeof t.eventCoaches.$inferInsert)[] = [];
  const plan: { id: string; date: string; startsAt: Date; want: number }[] = [];
  for (let day = YEAR_DAYS; day > ACTIVITY_PAST_DAYS; day--) {
    const date = addDays(today, -day);
    const weekday = dayOfWeek(date);
    const weekend = weekday === 0 || weekday === 6;
    for (const [slot, time] of SCHEDULE.entries()) {
      // Weekends run the morning classes only; before the last 12 weeks (the heatmap's), three classes a weekday.
      if (weekend ? slot > 2 : day > RECENT_DAYS && !OLDER_SLOTS.includes(slot)) continue;
      if (weekend && day > RECENT_DAYS && slot > 0) continue;
      const type = types[(slot + day) % types.length]!;
      const id = rng.uuid();
      const startsAt = fromZoned(date, time, gym.timeZone);
      events.push({
        id,
        gymId,
        kind: 'class',
        classTypeId: type.id,
        locationId: places[slot % Math.max(places.length, 1)]?.id ?? null,
        startsAt,
        startDate: date,
        startTime: `${time}:00`,
        durationMinutes: 60,
        capacity: type.capacity,
        taxRateId: type.taxRateId,
        // A class cancelled now and then (bad weather, a coach ill): left out of the reports.
        ...(rng.chance(0.01) ? { cancelledAt: new Date(startsAt.getTime() - 6 * 3600_000) } : {}),
      });
      // The last 12 weeks' classes with their lead coach (the calendar shows them); one class at a time, so no clash.
      if (coaches.length > 0 && day <= RECENT_DAYS)
        eventCoaches.push({ gymId, eventId: id, staffId: coaches[(slot + day) % coaches.length]!.id, role: 'lead' });
      // Busier at 6-7 am and 5:30-6:30 pm, quieter midday and at weekends; August a little quieter.
      const busy = [0.8, 0.7, 0.45, 0.35, 0.55, 0.9, 0.85][slot]! * (weekend ? 0.7 : 1) * (date.slice(5, 7) === '08' ? 0.8 : 1);
      if (!events.at(-1)!.cancelledAt) plan.push({ id, date, startsAt, want: Math.max(1, Math.round(type.capacity * busy * (0.7 + rng.next() * 0.4))) });
    }
  }
  await insertChunked(d, t.events, events);
  await insertChunked(d, t.eventCoaches, eventCoaches);
  // Members fading over the last 4 weeks (the athletes-at-risk report): no check-ins since then.
  const members = (
    (await d.execute(sql`select id from ${t.athletes} where gym_id = ${gymId} and email like '%@members.example.com' order by email`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const fading = new Set(rng.shuffle(members.map((m) => m.id)).slice(0, 6));
  const fadeFrom = addDays(today, -28);
  // Who may come: the packages with no credits to spend (memberships; drop-ins aside) covering every class type.
  const covering = (
    (await d.execute(sql`
    select ap.id, ap.athlete_id as "athleteId", ap.start_date::text as "startDate", coalesce(ap.end_date, ${today}::date)::text as "endDate",
      ap.hold_starts_on::text as "holdStartsOn", ap.hold_ends_on::text as "holdEndsOn"
    from ${t.athletePackages} ap join ${t.packages} p on p.id = ap.package_id
    where ap.gym_id = ${gymId} and p.credits is null and p.kind <> 'drop_in' and p.covers_all_class_types
    order by ap.start_date desc, ap.id`)) as unknown as {
      rows: { id: string; athleteId: string; startDate: string; endDate: string; holdStartsOn: string | null; holdEndsOn: string | null }[];
    }
  ).rows;
  // Each class's athletes: members whose package covered its day and who were not on hold, drawn at random, as many
  // as the class draws; 1 in 25 a no-show. Booked a day ahead, on the package that covered the day.
  const reservationRows: (typeof t.reservations.$inferInsert)[] = [];
  for (const c of plan) {
    const byAthlete = new Map<string, string>();
    for (const ap of covering) {
      if (ap.startDate > c.date || ap.endDate < c.date || byAthlete.has(ap.athleteId)) continue;
      if (ap.holdStartsOn !== null && ap.holdEndsOn !== null && ap.holdStartsOn <= c.date && c.date <= ap.holdEndsOn) continue;
      if (fading.has(ap.athleteId) && c.date >= fadeFrom) continue;
      byAthlete.set(ap.athleteId, ap.id);
    }
    for (const [athleteId, athletePackageId] of rng.shuffle([...byAthlete]).slice(0, c.want)) {
      const noShow = rng.chance(0.04);
      reservationRows.push({
        id: rng.uuid(),
        gymId,
        eventId: c.id,
        athleteId,
        isReserved: true,
        isCheckedIn: !noShow,
        isNoShow: noShow,
        isCredited: true,
        athletePackageId,
        registrationDatetime: new Date(c.startsAt.getTime() - 86_400_000),
      });
    }
  }
  await insertChunked(d, t.reservations, reservationRows, 1000);
}
