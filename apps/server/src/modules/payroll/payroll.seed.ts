import { and, eq, isNull } from 'drizzle-orm';
import { addDays, defaultWorkCategories, dayOfWeek, fromZoned, toZoned, type GymCountry, type PayTier } from '@spotter/shared';
import * as t from '../../db/schema';
import type { Tx } from '../../db/client';
import { SeededRandom } from '../../db/seed/random';

/**
 * Issue 37: a real gym's payroll at first start. Rates of every kind (one archived, still paying the weeks before the
 * current ones started), each coach's rates for every class and appointment type, the front desk's hourly and
 * commission rates, and three weeks of logged hours (older ones approved, one rejected with a reason, this week's
 * pending). Its own random stream: nothing seeded before it moves.
 */
type RateSeed = {
  key: string;
  name: string;
  kind: (typeof t.payRates.$inferInsert)['kind'];
  amountMinor?: number;
  perAthleteMinor?: number;
  athleteThreshold?: number;
  capMinor?: number;
  tiers?: PayTier[];
  commissionBasisPoints?: number;
  archived?: boolean;
};

const scale = (country: GymCountry, us: number) =>
  country === 'GB' ? Math.round((us * 0.8) / 50) * 50 : country === 'CA' ? Math.round((us * 1.3) / 50) * 50 : us;

export async function seedPayroll(db: Tx, gym: { id: string; timeZone: string; country: GymCountry }, now: Date, seed: number): Promise<void> {
  const rng = new SeededRandom(seed);
  const m = (us: number) => scale(gym.country, us);
  const today = toZoned(now, gym.timeZone).date;
  const rates: RateSeed[] = [
    { key: 'old', name: 'Per class (last season)', kind: 'class_flat', amountMinor: m(2000), archived: true },
    { key: 'flat', name: 'Coach per class', kind: 'class_flat', amountMinor: m(2500), perAthleteMinor: m(200), athleteThreshold: 8, capMinor: m(4500) },
    {
      key: 'tiers',
      name: 'Class by attendance',
      kind: 'class_tiered',
      tiers: [
        { fromAthletes: 0, amountMinor: m(1500) },
        { fromAthletes: 5, amountMinor: m(2500) },
        { fromAthletes: 10, amountMinor: m(3500) },
      ],
    },
    { key: 'coachHourly', name: 'Coach hourly', kind: 'hourly', amountMinor: m(2500) },
    { key: 'deskHourly', name: 'Front desk hourly', kind: 'hourly', amountMinor: m(1600) },
    { key: 'pt', name: 'Personal training session', kind: 'appointment_flat', amountMinor: m(3500) },
    { key: 'commission', name: 'Sales commission 10%', kind: 'commission', commissionBasisPoints: 1000 },
  ];
  const rateIds = new Map<string, string>();
  for (const r of rates) {
    const id = rng.uuid();
    rateIds.set(r.key, id);
    await db.insert(t.payRates).values({
      id,
      gymId: gym.id,
      name: r.name,
      kind: r.kind,
      amountMinor: r.amountMinor ?? 0,
      perAthleteMinor: r.perAthleteMinor ?? 0,
      athleteThreshold: r.athleteThreshold ?? 0,
      capMinor: r.capMinor ?? null,
      tiers: r.tiers ?? [],
      commissionBasisPoints: r.commissionBasisPoints ?? 0,
      archivedAt: r.archived ? new Date(now.getTime() - 28 * 86_400_000) : null,
      createdAt: new Date(now.getTime() - 120 * 86_400_000),
    });
  }
  const categories = new Map<string, string>();
  for (const name of [...defaultWorkCategories, 'Social media']) {
    const id = rng.uuid();
    categories.set(name, id);
    await db.insert(t.workCategories).values({ id, gymId: gym.id, name });
  }

  const people = await db
    .select({ id: t.staff.id, email: t.staff.email, isCoach: t.staff.isCoach, isOwner: t.staff.isOwner, permissions: t.staff.permissions })
    .from(t.staff)
    .where(and(eq(t.staff.gymId, gym.id), isNull(t.staff.deactivatedAt)));
  const classTypes = await db.select({ id: t.classTypes.id }).from(t.classTypes).where(eq(t.classTypes.gymId, gym.id));
  const appointmentTypes = await db.select({ id: t.appointmentTypes.id }).from(t.appointmentTypes).where(eq(t.appointmentTypes.gymId, gym.id));
  const coaches = people.filter((p) => p.isCoach && !p.isOwner).sort((a, b) => a.email.localeCompare(b.email));
  const desk = people.filter((p) => !p.isCoach && !p.isOwner && !p.email.startsWith('invited.')).sort((a, b) => a.email.localeCompare(b.email));
  const long = addDays(today, -90);
  const current = addDays(today, -27);
  const assignments: (typeof t.payAssignments.$inferInsert)[] = [];
  const add = (
    staffId: string,
    rateKey: string,
    startsOn: string,
    target: Partial<typeof t.payAssignments.$inferInsert> & Pick<typeof t.payAssignments.$inferInsert, 'target'>,
  ) =>
    assignments.push({
      id: rng.uuid(),
      gymId: gym.id,
      staffId,
      payRateId: rateIds.get(rateKey)!,
      startsOn,
      classTypeId: null,
      appointmentTypeId: null,
      workCategoryId: null,
      ...target,
    });
  for (const [i, coach] of coaches.entries()) {
    for (const ct of classTypes) {
      add(coach.id, 'old', long, { target: 'class_type', classTypeId: ct.id });
      // The current season's rate from four weeks ago: the last month shows both.
      add(coach.id, i % 3 === 1 ? 'tiers' : i % 3 === 2 ? 'coachHourly' : 'flat', current, { target: 'class_type', classTypeId: ct.id });
    }
    for (const at of appointmentTypes) add(coach.id, 'pt', long, { target: 'appointment_type', appointmentTypeId: at.id });
    add(coach.id, 'coachHourly', long, { target: 'work_category', workCategoryId: categories.get('Admin')! });
    add(coach.id, 'coachHourly', long, { target: 'work_category', workCategoryId: categories.get('Social media')! });
  }
  for (const person of desk) {
    for (const name of ['Front desk', 'Cleaning', 'Admin'])
      add(person.id, 'deskHourly', long, { target: 'work_category', workCategoryId: categories.get(name)! });
    add(person.id, 'commission', long, { target: 'commission' });
  }
  if (coaches[0]) add(coaches[0].id, 'commission', long, { target: 'commission' });
  if (assignments.length) await db.insert(t.payAssignments).values(assignments);

  // Three weeks of shifts: the front desk opens on weekdays, the first coach does admin twice a week.
  const entries: (typeof t.workEntries.$inferInsert)[] = [];
  const shift = (staffId: string, category: string, date: string, start: string, end: string, note: string) => {
    const startsAt = fromZoned(date, start, gym.timeZone);
    const endsAt = fromZoned(date, end, gym.timeZone);
    const age = Math.round((Date.parse(today) - Date.parse(date)) / 86_400_000);
    const status = age <= 6 ? 'pending' : 'approved';
    entries.push({
      id: rng.uuid(),
      gymId: gym.id,
      staffId,
      workCategoryId: categories.get(category)!,
      workDate: date,
      startsAt,
      endsAt,
      minutes: Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000),
      note,
      status,
      reviewedAt: status === 'approved' ? new Date(startsAt.getTime() + 3 * 86_400_000) : null,
    });
  };
  for (let back = 21; back >= 1; back--) {
    const date = addDays(today, -back);
    const dow = dayOfWeek(date);
    if (dow === 0 || dow === 6) continue;
    for (const [i, person] of desk.entries()) {
      const start = i % 2 === 0 ? '06:30' : '15:00';
      const end = i % 2 === 0 ? (rng.chance(0.3) ? '11:00' : '10:30') : '19:30';
      shift(person.id, 'Front desk', date, start, end, '');
      if (dow === 5) shift(person.id, 'Cleaning', date, i % 2 === 0 ? '11:00' : '19:30', i % 2 === 0 ? '12:00' : '20:30', 'Weekly deep clean');
    }
    if (coaches[0] && (dow === 2 || dow === 4))
      shift(coaches[0].id, dow === 2 ? 'Admin' : 'Social media', date, '13:00', '14:30', dow === 2 ? 'Programming next block' : 'Member spotlight posts');
  }
  // One rejected entry with its reason, so the review history shows one.
  const rejected = entries.find((e) => e.status === 'approved' && e.note === 'Weekly deep clean');
  if (rejected) Object.assign(rejected, { status: 'rejected', reviewReason: 'The cleaning company came that day.', minutes: rejected.minutes });
  if (entries.length) await db.insert(t.workEntries).values(entries);
}
