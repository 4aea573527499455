import { and, asc, eq, isNull } from 'drizzle-orm';
import type { BillingInterval, GymCountry, PackageKind } from '@spotter/shared';
import * as t from '../schema';
import type { Tx } from '../client';
import { insertChunked } from './gym-activity';
import { SeededRandom } from './random';

/**
 * Issue 18's package catalogue of a real gym: ten packages across the kinds (memberships, class packs, a drop-in, a
 * trial that also covers the Intro Session, a personal-training pack covering the coaching appointment types), each
 * with one to three billing plans priced as the gym's country does (USD, GBP tax-inclusive, CAD), categories for the
 * package-category report, some offered in the sales portal in an order, and one archived. Its own PRNG, so the ids
 * the rest of the seed draws do not move. The names people.ts gives athletes ('Unlimited membership', '3x week
 * membership', '10-class pack', 'Drop-in', '2-week trial', and 'Personal training 5-pack' to appointment bookers) are
 * among them.
 */
const CATALOG_SEED = 20261818;

export const catalogRandom = () => new SeededRandom(CATALOG_SEED);

type PlanSeed = { name: string; usd: number; interval?: BillingInterval; intervalCount?: number; paymentCount?: number | null; dayOfMonth?: number };
type PackageSeed = {
  name: string;
  kind: PackageKind;
  category: string;
  description: string;
  credits?: number;
  sessionsLimit?: number;
  sessionsPer?: 'week' | 'month';
  validityDays?: number;
  limitPerDay?: number;
  limitPerWeek?: number;
  signUpUsd?: number;
  /** Covers these appointment types (by name), and no classes unless `classes`. */
  appointments?: string[];
  /** Covers every class type (the default when it lists no appointment types). */
  classes?: boolean;
  familySharing?: boolean;
  portalOrder?: number;
  noticeDays?: number;
  archived?: boolean;
  plans: PlanSeed[];
};

export const SEED_PACKAGES: readonly PackageSeed[] = [
  {
    name: 'Unlimited membership',
    kind: 'membership',
    category: 'Memberships',
    description:
      '<p>Every class on the schedule, <strong>as often as you like</strong>.</p><ul><li>Open gym included</li><li>Book up to 7 days ahead</li></ul>',
    signUpUsd: 4900,
    familySharing: true,
    portalOrder: 1,
    noticeDays: 30,
    plans: [
      { name: 'Monthly', usd: 17_900 },
      { name: 'Annual', usd: 179_000, interval: 'year' },
      { name: 'Monthly on the 1st', usd: 17_900, dayOfMonth: 1 },
    ],
  },
  {
    name: '3x week membership',
    kind: 'membership',
    category: 'Memberships',
    description: '<p>Three classes a week: the steady habit.</p>',
    sessionsLimit: 3,
    sessionsPer: 'week',
    limitPerDay: 1,
    signUpUsd: 4900,
    portalOrder: 2,
    noticeDays: 30,
    plans: [
      { name: 'Monthly', usd: 13_900 },
      { name: 'Annual', usd: 139_000, interval: 'year' },
    ],
  },
  {
    name: 'Weekly unlimited',
    kind: 'membership',
    category: 'Memberships',
    description: '<p>Unlimited classes, billed weekly.</p>',
    noticeDays: 7,
    plans: [{ name: 'Weekly', usd: 4900, interval: 'week' }],
  },
  {
    name: '8 classes a month',
    kind: 'membership',
    category: 'Memberships',
    description: '<p>Eight classes in each calendar month.</p>',
    sessionsLimit: 8,
    sessionsPer: 'month',
    plans: [
      { name: 'Monthly', usd: 11_900 },
      { name: '6 months', usd: 11_900, paymentCount: 6 },
    ],
  },
  {
    name: '10-class pack',
    kind: 'class_pack',
    category: 'Class packs',
    description: '<p>Ten classes to use within <strong>90 days</strong>.</p>',
    credits: 10,
    validityDays: 90,
    portalOrder: 3,
    plans: [{ name: 'One payment', usd: 19_900, paymentCount: 1 }],
  },
  {
    name: '20-class pack',
    kind: 'class_pack',
    category: 'Class packs',
    description: '<p>Twenty classes to use within 180 days.</p>',
    credits: 20,
    validityDays: 180,
    plans: [
      { name: 'One payment', usd: 35_900, paymentCount: 1 },
      { name: 'Two payments', usd: 18_500, paymentCount: 2 },
    ],
  },
  {
    name: 'Drop-in',
    kind: 'drop_in',
    category: 'Intro offers',
    description: '<p>One class, for visitors and the occasional session.</p>',
    credits: 1,
    validityDays: 30,
    portalOrder: 5,
    plans: [{ name: 'Single class', usd: 2500, paymentCount: 1 }],
  },
  {
    name: '2-week trial',
    kind: 'trial',
    category: 'Intro offers',
    description: '<p>Two weeks of unlimited classes and an intro session with a coach, to see if we are right for you.</p>',
    validityDays: 14,
    limitPerDay: 1,
    // Issue 18: an athlete books an appointment only on a package covering it; newcomers book the Intro Session on this.
    appointments: ['Intro Session'],
    classes: true,
    portalOrder: 4,
    plans: [{ name: 'Trial', usd: 4900, paymentCount: 1 }],
  },
  {
    name: 'Personal training 5-pack',
    kind: 'class_pack',
    category: 'Personal training',
    description: '<p>Five one-to-one sessions with a coach, within 120 days.</p>',
    credits: 5,
    validityDays: 120,
    appointments: ['Personal Training', 'Nutrition Consult'],
    plans: [{ name: 'One payment', usd: 39_900, paymentCount: 1 }],
  },
  {
    name: 'Summer shred 2025',
    kind: 'membership',
    category: 'Memberships',
    description: '<p>Last summer’s six-week challenge.</p>',
    archived: true,
    plans: [{ name: 'Six weeks', usd: 14_900, interval: 'week', intervalCount: 6, paymentCount: 1 }],
  },
];

/** A US price as the country charges it: about the same number of pounds (VAT included) or Canadian dollars. */
function priceIn(country: GymCountry, usd: number): number {
  if (usd === 0) return 0;
  const raw = country === 'GB' ? usd * 0.85 : country === 'CA' ? usd * 1.25 : usd;
  // Prices end in 0 or 9 as gyms price them ($179.00, £152.00, CA$224.00).
  return Math.max(100, Math.round(raw / 100) * 100);
}

export async function seedCatalog(d: Tx, rng: SeededRandom, gym: { id: string; country: GymCountry }, now: Date): Promise<void> {
  const [g] = await d.select({ taxRateId: t.gyms.classTaxRateId }).from(t.gyms).where(eq(t.gyms.id, gym.id));
  const appointmentTypes = await d
    .select({ id: t.appointmentTypes.id, name: t.appointmentTypes.name })
    .from(t.appointmentTypes)
    .where(and(eq(t.appointmentTypes.gymId, gym.id), isNull(t.appointmentTypes.archivedAt)))
    .orderBy(asc(t.appointmentTypes.name));
  const created = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);

  const packageRows: (typeof t.packages.$inferInsert)[] = [];
  const planRows: (typeof t.billingPlans.$inferInsert)[] = [];
  const appointmentRows: (typeof t.packageAppointmentTypes.$inferInsert)[] = [];
  SEED_PACKAGES.forEach((p, i) => {
    const id = rng.uuid();
    const covers = (p.appointments ?? []).flatMap((name) => appointmentTypes.filter((a) => a.name === name).map((a) => a.id));
    const at = created(400 - i * 20 + rng.int(0, 10));
    packageRows.push({
      id,
      gymId: gym.id,
      name: p.name,
      kind: p.kind,
      category: p.category,
      description: p.description,
      credits: p.credits ?? null,
      sessionsLimit: p.sessionsLimit ?? null,
      sessionsPer: p.sessionsPer ?? null,
      validityDays: p.validityDays ?? null,
      limitPerDay: p.limitPerDay ?? null,
      limitPerWeek: p.limitPerWeek ?? null,
      coversAllClassTypes: p.classes ?? p.appointments === undefined,
      coversAllAppointmentTypes: false,
      signUpFeeMinor: p.signUpUsd ? priceIn(gym.country, p.signUpUsd) : 0,
      taxRateId: g?.taxRateId ?? null,
      familySharing: p.familySharing ?? false,
      showInPortal: p.portalOrder !== undefined,
      portalOrder: p.portalOrder ?? 0,
      cancellationNoticeDays: p.noticeDays ?? 0,
      archivedAt: p.archived ? created(90) : null,
      createdAt: at,
      updatedAt: at,
    });
    for (const appointmentTypeId of covers) appointmentRows.push({ packageId: id, appointmentTypeId });
    p.plans.forEach((plan, position) =>
      planRows.push({
        id: rng.uuid(),
        gymId: gym.id,
        packageId: id,
        name: plan.name,
        priceMinor: priceIn(gym.country, plan.usd),
        interval: plan.interval ?? 'month',
        intervalCount: plan.intervalCount ?? 1,
        paymentCount: plan.paymentCount ?? null,
        startsOn: plan.dayOfMonth ? 'day_of_month' : 'purchase',
        dayOfMonth: plan.dayOfMonth ?? null,
        prorate: true,
        position,
        createdAt: at,
      }),
    );
  });
  await insertChunked(d, t.packages, packageRows);
  await insertChunked(d, t.billingPlans, planRows);
  if (appointmentRows.length > 0) await insertChunked(d, t.packageAppointmentTypes, appointmentRows);
}
