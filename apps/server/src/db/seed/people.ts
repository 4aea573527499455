import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { GymCountry } from '@spotter/shared';
import * as t from '../schema';
import type { Tx } from '../client';
import { insertChunked } from './gym-activity';
import { SeededRandom } from './random';

/**
 * Issue 17's demo data for a real gym: tags on about 40% of the members, packages and the athlete packages that give
 * them varied membership states, a few archived members, and the member record's fields (phone, address, birthday,
 * emergency contact, some medical notes) valid for the gym's country. Its own PRNG, so the ids the rest of the seed
 * draws do not move. The named accounts of CONTRACT.md are left as they are.
 */
const PEOPLE_SEED = 20260317;

export const SEED_TAGS: readonly { name: string; color: string }[] = [
  { name: 'Competition team', color: 'red' },
  { name: 'Early bird', color: 'yellow' },
  { name: 'Injured', color: 'orange' },
  { name: 'Referral', color: 'teal' },
  { name: 'Student', color: 'blue' },
  { name: 'Barbell club', color: 'grape' },
  { name: 'Masters (40+)', color: 'indigo' },
];

const PACKAGES = [
  { name: 'Unlimited membership', kind: 'membership' },
  { name: '3x week membership', kind: 'membership' },
  { name: '10-class pack', kind: 'class_pack' },
  { name: 'Drop-in', kind: 'drop_in' },
  { name: '2-week trial', kind: 'trial' },
] as const;

/** Places of each country: a locality, its region (packages/shared regions.ts) and postcodes of it. */
const PLACES: Record<GymCountry, { locality: string; region: string; zips: string[]; streets: string[] }[]> = {
  US: [
    { locality: 'Chicago', region: 'Illinois', zips: ['60607', '60614', '60622', '60647'], streets: ['W Randolph St', 'N Milwaukee Ave', 'W Division St'] },
    { locality: 'Evanston', region: 'Illinois', zips: ['60201', '60202'], streets: ['Chicago Ave', 'Church St'] },
    { locality: 'Gary', region: 'Indiana', zips: ['46402'], streets: ['Broadway'] },
  ],
  GB: [
    { locality: 'London', region: 'Greater London', zips: ['N1 9GU', 'E8 3RL', 'SE1 7PB', 'NW1 8NH'], streets: ['Upper Street', 'Mare Street', 'Lower Marsh'] },
    { locality: 'Manchester', region: 'Greater Manchester', zips: ['M1 1AE', 'M4 5JD'], streets: ['Oldham Street', 'Deansgate'] },
    { locality: 'Leeds', region: 'West Yorkshire', zips: ['LS1 4AP'], streets: ['Briggate'] },
  ],
  CA: [
    { locality: 'Toronto', region: 'Ontario', zips: ['M5V 2T6', 'M4C 1B5', 'M6J 1H4', 'M5A 1J1'], streets: ['Queen St W', 'Danforth Ave', 'King St E'] },
    { locality: 'Mississauga', region: 'Ontario', zips: ['L5B 3C2'], streets: ['Burnhamthorpe Rd W'] },
    { locality: 'Montreal', region: 'Quebec', zips: ['H2X 1Y4'], streets: ['Rue Sainte-Catherine'] },
  ],
};

/** A phone as stored (the digits of its international form): fictional ranges (US/CA 555-01xx, UK 07700 900xxx). */
function phoneOf(country: GymCountry, rng: SeededRandom): string {
  if (country === 'GB') return `447700900${String(rng.int(0, 999)).padStart(3, '0')}`;
  const area = country === 'CA' ? rng.pick(['416', '647']) : rng.pick(['312', '773']);
  return `1${area}55501${String(rng.int(0, 99)).padStart(2, '0')}`;
}

const MEDICAL_NOTES = [
  'Asthma: keeps an inhaler in their bag.',
  'Recovering from a shoulder injury: no overhead pressing until cleared.',
  'Type 1 diabetes: glucose tabs at the front desk.',
  'Bee sting allergy (EpiPen in locker).',
];

const EMERGENCY_FIRST = ['Jordan', 'Casey', 'Morgan', 'Taylor', 'Jamie', 'Robin', 'Avery', 'Quinn'];

/** A birthday between 16 and 70 years before `now`. */
function dobOf(now: Date, rng: SeededRandom): string {
  const d = new Date(now.getTime() - rng.int(16 * 365, 70 * 365) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The PRNG of this file's draws: one for the whole seed (each gym draws on from the last). */
export const peopleRandom = () => new SeededRandom(PEOPLE_SEED);

export async function seedPeople(d: Tx, rng: SeededRandom, gym: { id: string; country: GymCountry }, now: Date): Promise<void> {
  // The generated members only (the named accounts' emails are not @members.example.com), in a stable order.
  const members = await d
    .select({ id: t.athletes.id, lastName: t.athletes.lastName })
    .from(t.athletes)
    .where(and(eq(t.athletes.gymId, gym.id), like(t.athletes.email, '%@members.example.com')))
    .orderBy(asc(t.athletes.email));

  const tagRows = SEED_TAGS.map((tag) => ({ id: rng.uuid(), gymId: gym.id, name: tag.name, color: tag.color }));
  // Issue 18: the packages are the catalogue's (seed/catalog.ts, seeded before this); the draws of the ids this file
  // once gave them stay, so every id drawn after them is as it was.
  for (const _ of PACKAGES) rng.uuid();
  await insertChunked(d, t.tags, tagRows);
  const packageRows = await d
    .select({ id: t.packages.id, name: t.packages.name })
    .from(t.packages)
    .where(
      and(
        eq(t.packages.gymId, gym.id),
        isNull(t.packages.archivedAt),
        inArray(
          t.packages.name,
          PACKAGES.map((p) => p.name),
        ),
      ),
    );
  const pkg = (name: string) => {
    const found = packageRows.find((p) => p.name === name);
    if (!found) throw new Error(`The catalogue has no package '${name}': seed it (seedCatalog) before the people.`);
    return found.id;
  };
  // Each package is held on its first billing plan, at that plan's price (what the Packages tab shows as sold).
  const plans = packageRows.length
    ? await d
        .select({ id: t.billingPlans.id, packageId: t.billingPlans.packageId, priceMinor: t.billingPlans.priceMinor })
        .from(t.billingPlans)
        .where(
          and(
            inArray(
              t.billingPlans.packageId,
              packageRows.map((p) => p.id),
            ),
            isNull(t.billingPlans.archivedAt),
          ),
        )
        .orderBy(asc(t.billingPlans.position), asc(t.billingPlans.createdAt))
    : [];
  const firstPlan = (packageId: string) => plans.find((p) => p.packageId === packageId);

  const athleteTags: (typeof t.athleteTags.$inferInsert)[] = [];
  const held: (typeof t.athletePackages.$inferInsert)[] = [];
  const records: Record<string, unknown>[] = [];
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const dateAgo = (n: number) => daysAgo(n).toISOString().slice(0, 10);
  members.forEach((m, i) => {
    // About 40% carry one or two tags.
    if (rng.chance(0.4)) {
      for (const tag of rng.shuffle(tagRows).slice(0, rng.chance(0.3) ? 2 : 1)) athleteTags.push({ athleteId: m.id, tagId: tag.id, gymId: gym.id });
    }
    // Membership states: most active, some on trial, on hold, cancelled, or with nothing at all.
    const roll = rng.next();
    const start = rng.int(20, 700);
    // Issue 18: each state with its dates (a hold's range, an end, a cancellation's reason), as the lifecycle leaves them.
    const hold = (name: string, status: 'active' | 'on_hold' | 'cancelled' | 'ended', startedDaysAgo = start) => {
      const cancelledDaysAgo = rng.int(1, 60);
      held.push({
        id: rng.uuid(),
        gymId: gym.id,
        athleteId: m.id,
        packageId: pkg(name),
        billingPlanId: firstPlan(pkg(name))?.id ?? null,
        priceMinor: firstPlan(pkg(name))?.priceMinor ?? 0,
        status,
        startDate: dateAgo(startedDaysAgo),
        source: 'seed',
        ...(status === 'cancelled'
          ? { cancelledAt: daysAgo(cancelledDaysAgo), endDate: dateAgo(cancelledDaysAgo), cancelReason: rng.pick(['Moving away', 'Injury', 'Cost', '']) }
          : {}),
        ...(status === 'ended' ? { endDate: dateAgo(Math.max(startedDaysAgo - 14, 1)) } : {}),
        ...(status === 'on_hold' ? { holdStartsOn: dateAgo(rng.int(1, 10)), holdEndsOn: dateAgo(-rng.int(7, 30)) } : {}),
      });
    };
    if (roll < 0.55) hold(rng.pick(['Unlimited membership', '3x week membership']), 'active');
    else if (roll < 0.65) hold(rng.pick(['10-class pack', 'Drop-in']), 'active');
    else if (roll < 0.73) hold('2-week trial', 'active', rng.int(0, 13));
    else if (roll < 0.8) hold('Unlimited membership', 'on_hold');
    else if (roll < 0.9) {
      hold('2-week trial', 'ended', start + 14);
      hold(rng.pick(['Unlimited membership', '3x week membership']), 'cancelled');
    }
    // The rest hold nothing: 'No membership'.

    const country = gym.country;
    const place = rng.pick(PLACES[country]);
    const hasAddress = rng.chance(0.85);
    records.push({
      id: m.id,
      phone: rng.chance(0.9) ? phoneOf(country, rng) : '',
      dob: rng.chance(0.8) ? dobOf(now, rng) : null,
      addressLines: hasAddress ? [`${rng.int(1, 2400)} ${rng.pick(place.streets)}`] : [],
      locality: hasAddress ? place.locality : '',
      region: hasAddress ? place.region : '',
      zipCode: hasAddress ? rng.pick(place.zips) : '',
      addressCountry: hasAddress ? country : '',
      emergencyName: rng.chance(0.7) ? `${rng.pick(EMERGENCY_FIRST)} ${m.lastName}` : '',
      emergencyPhone: '',
      medicalNotes: i % 17 === 5 ? MEDICAL_NOTES[i % MEDICAL_NOTES.length]! : '',
      // Five archived members a gym (they keep their history and leave the list).
      archivedAt: i % 23 === 7 ? daysAgo(rng.int(10, 200)).toISOString() : null,
      // Joined when their first package started (or a while ago): the list sorts by it.
      createdAt: daysAgo(start + rng.int(0, 30)).toISOString(),
      source: 'seed',
    });
  });
  for (const r of records) if (r.emergencyName) r.emergencyPhone = phoneOf(gym.country, rng);

  await insertChunked(d, t.athleteTags, athleteTags);
  await insertChunked(d, t.athletePackages, held);
  await seedPackageLedgers(d, gym.id, pkg('Unlimited membership'), now);
  // One statement for the members' record fields.
  await d.execute(sql`
    update athletes a set phone = v.phone, dob = v.dob, address_lines = v.address_lines, locality = v.locality, region = v.region,
      zip_code = v.zip_code, address_country = v.address_country, emergency_name = v.emergency_name, emergency_phone = v.emergency_phone,
      medical_notes = v.medical_notes, archived_at = v.archived_at, is_active = v.archived_at is null, created_at = v.created_at, source = v.source
    from jsonb_to_recordset(${JSON.stringify(
      records.map((r) => ({
        ...r,
        address_lines: r.addressLines,
        zip_code: r.zipCode,
        address_country: r.addressCountry,
        emergency_name: r.emergencyName,
        emergency_phone: r.emergencyPhone,
        medical_notes: r.medicalNotes,
        archived_at: r.archivedAt,
        created_at: r.createdAt,
      })),
    )}::jsonb) as v(id uuid, phone text, dob date, address_lines text[], locality text, region text, zip_code text, address_country text,
      emergency_name text, emergency_phone text, medical_notes text, archived_at timestamptz, created_at timestamptz, source text)
    where a.id = v.id`);
}

/**
 * Issue 18: the athlete packages' credits and bookings, as the booking rules would have left them. The named demo
 * athlete (athlete@example.com) gets an active unlimited membership, so the athlete app books classes, and a Personal
 * training 5-pack, so it books appointments too (seedAppointmentPackages). The gym's reservations
 * (gym-activity.ts made them before the packages) are credited on the package that covers them: the athlete's own
 * package in use on the class's date (memberships: all of them; packages with credits: in date order while the
 * credits last), and each credited booking on a package with credits is a 'booking' row. Packages with credits have
 * their 'grant', a goodwill 'adjustment' or two, and ended ones an 'expiry' of what was left. Set-based statements.
 */
async function seedPackageLedgers(d: Tx, gymId: string, unlimitedPackageId: string, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  await d.execute(sql`
    insert into athlete_packages (gym_id, athlete_id, package_id, billing_plan_id, price_minor, status, start_date, source)
    select a.gym_id, a.id, ${unlimitedPackageId}::uuid, bp.id, coalesce(bp.price_minor, 0), 'active', (${today}::date - 180), 'seed'
    from athletes a
    left join lateral (select id, price_minor from billing_plans where package_id = ${unlimitedPackageId}::uuid and archived_at is null order by position, created_at limit 1) bp on true
    where a.gym_id = ${gymId} and a.email = 'athlete@example.com'
      and not exists (select 1 from athlete_packages ap where ap.athlete_id = a.id and ap.status = 'active')`);
  await seedAppointmentPackages(d, gymId, today);
  // Grants of the packages with credits.
  await d.execute(sql`
    insert into credit_ledger (gym_id, athlete_package_id, athlete_id, delta, reason, note, created_at)
    select ap.gym_id, ap.id, ap.athlete_id, p.credits, 'grant', p.name, ap.start_date::timestamptz
    from athlete_packages ap join packages p on p.id = ap.package_id
    where ap.gym_id = ${gymId} and p.credits is not null`);
  // The reservations each package covers, credited in date order while its credits last.
  await d.execute(sql`
    with covered as (
      select r.id as reservation_id, ap.id as athlete_package_id, ap.athlete_id, p.credits, e.start_date,
        row_number() over (partition by r.id order by coalesce(ap.end_date, '9999-12-31'::date), ap.id) as choice,
        row_number() over (partition by ap.id order by e.start_date, r.id) as nth
      from reservations r
      join events e on e.id = r.event_id
      join athlete_packages ap on ap.athlete_id = r.athlete_id
      join packages p on p.id = ap.package_id
      where r.gym_id = ${gymId} and not r.is_waitlisted and e.start_date >= ap.start_date and e.start_date <= coalesce(ap.end_date, '9999-12-31'::date)
        and not (ap.hold_starts_on is not null and e.start_date between ap.hold_starts_on and ap.hold_ends_on)
        and (e.kind = 'class' and (p.covers_all_class_types or exists (select 1 from package_class_types pc where pc.package_id = p.id and pc.class_type_id = e.class_type_id))
          or e.kind = 'appointment' and (p.covers_all_appointment_types or exists (select 1 from package_appointment_types pa where pa.package_id = p.id and pa.appointment_type_id = e.appointment_type_id)))
    ), chosen as (
      select * from covered where choice = 1 and (credits is null or nth <= credits)
    ), credited as (
      update reservations r set is_credited = true, athlete_package_id = c.athlete_package_id
      from chosen c where r.id = c.reservation_id
      returning r.id
    )
    insert into credit_ledger (gym_id, athlete_package_id, athlete_id, delta, reason, reservation_id, note, created_at)
    select ${gymId}::uuid, c.athlete_package_id, c.athlete_id, -1, 'booking', c.reservation_id, 'Booking', c.start_date::timestamptz
    from chosen c where c.credits is not null`);
  // Everything else is uncredited (the kiosk's flag tells the front desk).
  await d.execute(sql`update reservations set is_credited = false where gym_id = ${gymId} and athlete_package_id is null and is_credited`);
  // A goodwill credit for two holders of packages with credits.
  await d.execute(sql`
    insert into credit_ledger (gym_id, athlete_package_id, athlete_id, delta, reason, note, created_at)
    select ap.gym_id, ap.id, ap.athlete_id, 1, 'adjustment', 'Goodwill credit: class cancelled by the coach', ap.start_date::timestamptz + interval '3 days'
    from athlete_packages ap join packages p on p.id = ap.package_id
    where ap.gym_id = ${gymId} and p.credits is not null and ap.status = 'active'
    order by ap.id limit 2`);
  // Ended packages' leftover credits expire.
  await d.execute(sql`
    insert into credit_ledger (gym_id, athlete_package_id, athlete_id, delta, reason, note, created_at)
    select ap.gym_id, ap.id, ap.athlete_id, -b.balance, 'expiry', 'Expired', (ap.end_date + 1)::timestamptz
    from athlete_packages ap
    cross join lateral (select coalesce(sum(cl.delta), 0)::int as balance from credit_ledger cl where cl.athlete_package_id = ap.id) b
    where ap.gym_id = ${gymId} and ap.status in ('ended', 'cancelled') and b.balance > 0`);
}

/**
 * Issue 18: an athlete books an appointment only on a package covering it, so the seeded appointments' bookers hold
 * one, as if they had booked them in the app. Today's and tomorrow's Intro Sessions (gym-activity.ts drew their bookers
 * from every member) are the newcomers' on their 2-week trial (which covers one): each session's places go to active
 * trial holders, one session each, the first place of every session first; places left over are let go. Whoever
 * holds a Personal Training or Nutrition Consult booking with no live package covering it, and the demo athlete, hold a
 * Personal training 5-pack bought two weeks ago. Deterministic: no draws from the seed's PRNG.
 */
async function seedAppointmentPackages(d: Tx, gymId: string, today: string): Promise<void> {
  const r = t.reservations;
  const intro = await d
    .select({ reservation: r, startsAt: t.events.startsAt })
    .from(r)
    .innerJoin(t.events, eq(t.events.id, r.eventId))
    .innerJoin(t.appointmentTypes, eq(t.appointmentTypes.id, t.events.appointmentTypeId))
    .where(and(eq(r.gymId, gymId), eq(t.appointmentTypes.name, 'Intro Session')))
    .orderBy(asc(t.events.startsAt), asc(r.id));
  if (intro.length > 0) {
    const trials = await d
      .selectDistinct({ athleteId: t.athletePackages.athleteId })
      .from(t.athletePackages)
      .innerJoin(t.packages, eq(t.packages.id, t.athletePackages.packageId))
      .where(and(eq(t.athletePackages.gymId, gymId), eq(t.athletePackages.status, 'active'), eq(t.packages.name, '2-week trial')))
      .orderBy(asc(t.athletePackages.athleteId));
    const placeInSession = new Map<string, number>();
    const places = intro.map((row) => {
      const place = placeInSession.get(row.reservation.eventId) ?? 0;
      placeInSession.set(row.reservation.eventId, place + 1);
      return { ...row, place };
    });
    places.sort((a, b) => a.place - b.place || a.startsAt.getTime() - b.startsAt.getTime() || (a.reservation.id < b.reservation.id ? -1 : 1));
    const kept = places.slice(0, trials.length).map((row, i) => ({ ...row.reservation, athleteId: trials[i]!.athleteId }));
    await d.delete(r).where(
      inArray(
        r.id,
        intro.map((row) => row.reservation.id),
      ),
    );
    await insertChunked(d, r, kept);
  }
  await d.execute(sql`
    insert into athlete_packages (gym_id, athlete_id, package_id, billing_plan_id, price_minor, status, start_date, end_date, source)
    select a.gym_id, a.id, pt.id, bp.id, coalesce(bp.price_minor, 0), 'active', (${today}::date - 14), (${today}::date - 14 + coalesce(pt.validity_days, 120) - 1), 'seed'
    from athletes a
    join packages pt on pt.gym_id = a.gym_id and pt.name = 'Personal training 5-pack' and pt.archived_at is null
    left join lateral (select id, price_minor from billing_plans where package_id = pt.id and archived_at is null order by position, created_at limit 1) bp on true
    where a.gym_id = ${gymId}
      and (a.email = 'athlete@example.com' or exists (
        select 1 from reservations r join events e on e.id = r.event_id
        join package_appointment_types pa on pa.package_id = pt.id and pa.appointment_type_id = e.appointment_type_id
        where r.athlete_id = a.id and not exists (
          select 1 from athlete_packages ap join packages p on p.id = ap.package_id
          where ap.athlete_id = a.id and ap.status = 'active' and (p.covers_all_appointment_types
            or exists (select 1 from package_appointment_types c where c.package_id = p.id and c.appointment_type_id = e.appointment_type_id)))))
      and not exists (select 1 from athlete_packages ap where ap.athlete_id = a.id and ap.package_id = pt.id and ap.status = 'active')`);
}
