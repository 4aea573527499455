import { count, sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { permissions as allPermissions, type GymCountry, type Permission } from '@spotter/shared';
import * as t from '../schema';
import type { Db } from '../client';
import { SeededRandom } from './random';
import { seedFamilies } from './family';
import { firstNames, lastNames } from './names';
import { CLASS_TYPE_COUNT, insertChunked, seedGymActivity } from './gym-activity';
import { linkContractToMemberships } from './documents';
import { seedEventSetup } from '../../modules/event-setup/event-setup.seed';
import { seedStaffVariety } from '../../modules/staff/staff.seed';
import { peopleRandom, seedPeople } from './people';
import { seedRetail } from './retail';
import { catalogRandom, seedCatalog } from './catalog';
import { seedDemoPastDue, seedInvoiceHistory } from './invoices';
import { seedSalesPortal } from '../../modules/sales-portal/sales-portal.seed';
import { seedGymMessages } from './messages';
import { seedReportHistory } from './report-history';
import { seedPayroll } from '../../modules/payroll/payroll.seed';

export const SEED_PASSWORD = 'Spotter123';
const SEED = 20261121;

type GymSpec = {
  key: string;
  title: string;
  country: GymCountry;
  timeZone: string;
  isTaxInclusive: boolean;
  stripeStatus?: 'Onboard' | 'Active';
  stripeAccountType: 'standard' | 'express' | 'custom';
  ghlV2Enabled: boolean;
  tax: { name: string; percent: string };
  athletes: number;
  demo?: { type: 'PERSISTENT' | 'TIME_LIMITED'; expiresInHours: number | null };
};

const REAL_GYMS: GymSpec[] = [
  {
    key: 'iron',
    title: 'Iron Temple Barbell',
    country: 'US',
    timeZone: 'America/Chicago',
    isTaxInclusive: false,
    stripeAccountType: 'custom',
    ghlV2Enabled: true,
    tax: { name: 'Sales Tax', percent: '8.2500' },
    athletes: 120,
  },
  {
    key: 'northside',
    title: 'Northside Strength',
    country: 'GB',
    timeZone: 'Europe/London',
    isTaxInclusive: true,
    stripeAccountType: 'standard',
    ghlV2Enabled: false,
    tax: { name: 'VAT', percent: '20.0000' },
    athletes: 120,
  },
  {
    key: 'maple',
    title: 'Maple Athletics',
    country: 'CA',
    timeZone: 'America/Toronto',
    isTaxInclusive: false,
    stripeAccountType: 'express',
    ghlV2Enabled: false,
    tax: { name: 'HST', percent: '13.0000' },
    athletes: 120,
  },
];
/** Issue 18: the real gyms' sales portal addresses (/sales-portal/{slug}). */
const PORTAL_SLUGS: Record<string, string> = { iron: 'iron-temple', northside: 'northside-strength', maple: 'maple-athletics' };
const OTHER_GYMS: GymSpec[] = [
  {
    key: 'demo-persistent',
    title: 'Summit CrossFit',
    country: 'US',
    timeZone: 'America/Denver',
    isTaxInclusive: false,
    stripeAccountType: 'standard',
    ghlV2Enabled: false,
    tax: { name: 'Sales Tax', percent: '7.0000' },
    athletes: 24,
    demo: { type: 'PERSISTENT', expiresInHours: null },
  },
  {
    key: 'demo-expired',
    title: 'Harbor Fitness',
    country: 'US',
    timeZone: 'America/New_York',
    isTaxInclusive: false,
    stripeAccountType: 'standard',
    ghlV2Enabled: false,
    tax: { name: 'Sales Tax', percent: '6.0000' },
    athletes: 24,
    demo: { type: 'TIME_LIMITED', expiresInHours: -2 },
  },
  {
    key: 'onboarding',
    title: 'Fresh Start Fitness',
    country: 'US',
    timeZone: 'America/New_York',
    isTaxInclusive: false,
    stripeStatus: 'Onboard',
    stripeAccountType: 'standard',
    ghlV2Enabled: false,
    tax: { name: 'Sales Tax', percent: '6.0000' },
    athletes: 0,
  },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.users);
  return (row?.n ?? 0) === 0;
}

export async function seedIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seed(db, now);
  // Fresh statistics, so the first requests are planned for the rows that are there, not for empty tables.
  await db.execute(sql`analyze`);
  return true;
}

/** The demo data of CONTRACT.md, relative to `now` in each gym's own time zone. */
export async function seed(db: Db, now = new Date()): Promise<void> {
  const rng = new SeededRandom(SEED);
  // One hash for every seeded account (same password): hashing hundreds would take minutes.
  const passwordHash = await hash(SEED_PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });

  const users: (typeof t.users.$inferInsert)[] = [];
  const profiles: (typeof t.profiles.$inferInsert)[] = [];
  const staffRows: (typeof t.staff.$inferInsert)[] = [];
  const athleteRows: (typeof t.athletes.$inferInsert)[] = [];
  const kiloRows: (typeof t.kiloStaff.$inferInsert)[] = [];
  const links: (typeof t.profileLinks.$inferInsert)[] = [];
  const userIds = new Map<string, string>();

  const user = (email: string, random = rng) => {
    let id = userIds.get(email);
    if (!id) {
      id = random.uuid();
      userIds.set(email, id);
      users.push({ id, email, passwordHash });
    }
    return id;
  };
  const gymIds = new Map<string, string>();
  const addStaff = (
    gymKey: string,
    email: string,
    first: string,
    last: string,
    opts: { owner?: boolean; coach?: boolean; permissions?: Permission[]; isDefault?: boolean },
    random = rng,
  ) => {
    const profileId = random.uuid();
    const gymId = gymIds.get(gymKey)!;
    profiles.push({ id: profileId, userId: user(email, random), gymId, role: opts.owner ? 'owner' : 'staff', isDefault: opts.isDefault ?? false });
    const staffId = random.uuid();
    staffRows.push({
      id: staffId,
      profileId,
      gymId,
      firstName: first,
      lastName: last,
      email,
      phone: '3125550' + String(random.int(100, 999)),
      isOwner: opts.owner ?? false,
      isCoach: opts.coach ?? true,
      permissions: opts.owner ? [...allPermissions] : (opts.permissions ?? []),
      gender: random.pick(['Male', 'Female', 'Non-binary/Non-conforming']),
    });
    return { profileId, staffId };
  };
  const addAthlete = (gymKey: string, email: string, first: string, last: string, isDefault = false) => {
    const profileId = rng.uuid();
    const gymId = gymIds.get(gymKey)!;
    profiles.push({ id: profileId, userId: user(email), gymId, role: 'athlete', isDefault });
    const athleteId = rng.uuid();
    athleteRows.push({
      id: athleteId,
      profileId,
      gymId,
      firstName: first,
      lastName: last,
      email,
      phone: '',
      gender: rng.pick(['Male', 'Female', 'Prefer not to respond']),
    });
    return { profileId, athleteId };
  };

  const gymRows: (typeof t.gyms.$inferInsert)[] = [];
  const demoRows: (typeof t.demoGyms.$inferInsert)[] = [];
  for (const g of [...REAL_GYMS, ...OTHER_GYMS]) {
    const id = rng.uuid();
    gymIds.set(g.key, id);
    gymRows.push({
      id,
      title: g.title,
      email: `hello@${g.key}.example.com`,
      country: g.country,
      timeZone: g.timeZone,
      isTaxInclusive: g.isTaxInclusive,
      stripeStatus: g.stripeStatus ?? 'Active',
      stripeAccountType: g.stripeAccountType,
      ghlV2Enabled: g.ghlV2Enabled,
      createdAt: new Date(now.getTime() - rng.int(30, 900) * 86_400_000),
    });
    if (g.demo) {
      demoRows.push({
        gymId: id,
        type: g.demo.type,
        isActive: true,
        expiresAt: g.demo.expiresInHours === null ? null : new Date(now.getTime() + g.demo.expiresInHours * 3600_000),
        prospectName: 'Jordan Prospect',
        prospectEmail: 'jordan.prospect@example.com',
      });
    }
  }

  // The accounts of CONTRACT.md.
  addStaff('iron', 'owner@example.com', 'Marcus', 'Reyes', { owner: true, isDefault: true });
  addAthlete('northside', 'owner@example.com', 'Marcus', 'Reyes');
  addStaff('iron', 'staff@example.com', 'Dana', 'Whitfield', { permissions: ['Kiosk', 'AthleteView'], isDefault: true });
  const athleteIron = addAthlete('iron', 'athlete@example.com', 'Alex', 'Morgan');
  addAthlete('maple', 'athlete@example.com', 'Alex', 'Morgan');
  const dependant = addAthlete('iron', 'sam.morgan@example.com', 'Sam', 'Morgan');
  addStaff('northside', 'uk-owner@example.com', 'Eleanor', 'Hughes', { owner: true, isDefault: true });
  addStaff('demo-persistent', 'demo@example.com', 'Devon', 'Park', { owner: true });
  addStaff('demo-expired', 'demo@example.com', 'Devon', 'Park', { owner: true });
  addStaff('onboarding', 'onboarding@example.com', 'Riley', 'Chen', { owner: true, isDefault: true });
  for (const [email, first, last, isSalesTeam] of [
    ['platform@example.com', 'Pat', 'Support', false],
    ['sales@example.com', 'Sasha', 'Seller', true],
  ] as const) {
    const profileId = rng.uuid();
    profiles.push({ id: profileId, userId: user(email), gymId: null, role: 'kilo_staff', isDefault: true });
    kiloRows.push({ profileId, firstName: first, lastName: last, email, isSalesTeam });
  }
  links.push({ profileId: dependant.profileId, userId: userIds.get('athlete@example.com')! });
  void athleteIron;

  // Coaches and members of each gym.
  const coachesByGym = new Map<string, string[]>();
  const athletesByGym = new Map<string, string[]>();
  for (const g of [...REAL_GYMS, ...OTHER_GYMS]) {
    const coaches = staffRows.filter((s) => s.gymId === gymIds.get(g.key)).map((s) => s.id!);
    const extraCoaches = g.key.startsWith('demo') ? 1 : 3;
    for (let i = 0; i < extraCoaches && g.athletes > 0; i++) {
      const first = rng.pick(firstNames);
      const last = rng.pick(lastNames);
      coaches.push(addStaff(g.key, `coach${i + 1}.${g.key}@example.com`, first, last, { permissions: ['Kiosk', 'AthleteView', 'StaffView'] }).staffId);
    }
    coachesByGym.set(g.key, coaches);
    const members = athleteRows.filter((a) => a.gymId === gymIds.get(g.key)).map((a) => a.id!);
    for (let i = 0; i < g.athletes; i++) {
      const first = rng.pick(firstNames);
      const last = rng.pick(lastNames);
      const email = `${first}.${last}.${g.key}${i}@members.example.com`.toLowerCase().replace(/'/g, '');
      members.push(addAthlete(g.key, email, first, last).athleteId);
    }
    athletesByGym.set(g.key, members);
  }
  // Issue 34 item 15: Maple Athletics had no owner (the platform console said "No owner"). Its owner draws from a
  // generator of its own and coaches no class, so every other seeded row stays as it was.
  addStaff('maple', 'ca-owner@example.com', 'Claire', 'Tremblay', { owner: true, coach: false, isDefault: true }, new SeededRandom(SEED + 34));

  await db.transaction(async (d) => {
    await insertChunked(d, t.gyms, gymRows);
    await insertChunked(d, t.demoGyms, demoRows);
    await insertChunked(d, t.users, users);
    await insertChunked(d, t.profiles, profiles);
    await insertChunked(d, t.profileLinks, links);
    await insertChunked(d, t.staff, staffRows);
    await insertChunked(d, t.athletes, athleteRows);
    await insertChunked(d, t.kiloStaff, kiloRows);

    // Issue 23: each banner names who it is for. The kiosk news is for the gyms' staff and owners, who have a kiosk.
    await insertChunked(d, t.banners, [
      {
        id: rng.uuid(),
        gymId: null,
        audiences: ['gym_staff'],
        title: 'New: self check-in kiosk',
        message:
          '<p>Members can now check themselves in from a tablet at the front desk. Open <strong>Kiosk</strong> and choose <em>Enter Athlete mode</em>.</p>',
      },
    ]);

    const peopleRng = peopleRandom();
    const catalogRng = catalogRandom();
    for (const g of [...REAL_GYMS, ...OTHER_GYMS]) {
      if (g.athletes === 0) continue;
      const activity = { ...g, classTypeCount: g.key.startsWith('demo') ? 3 : CLASS_TYPE_COUNT };
      await seedGymActivity(d, rng, activity, gymIds.get(g.key)!, coachesByGym.get(g.key)!, athletesByGym.get(g.key)!, now);
      // Issue 16: an archived class type and room, so the set-up screens' archives show something.
      if (!g.key.startsWith('demo')) await seedEventSetup(d, gymIds.get(g.key)!, now);
      // Issue 18: the package catalogue with billing plans (before the people, who hold its packages).
      if (!g.key.startsWith('demo')) await seedCatalog(d, catalogRng, { id: gymIds.get(g.key)!, country: g.country }, now);
      // Issue 20: the membership contract is issued on buying the gym's memberships.
      if (!g.key.startsWith('demo')) await linkContractToMemberships(d, gymIds.get(g.key)!);
      // Issue 17: tags, packages and membership states, member records, a few archived members.
      if (!g.key.startsWith('demo')) await seedPeople(d, peopleRng, { id: gymIds.get(g.key)!, country: g.country }, now);
    }

    // Issue 17: varied staff permissions, a deactivated and an invited staff member (their own PRNG: nothing above moves).
    for (const [i, g] of REAL_GYMS.entries()) await seedStaffVariety(d, gymIds.get(g.key)!, g.key, passwordHash, now, 20261717 + i);
    // Issue 17: family links (dependants of members) and note authors, from their own random stream.
    await seedFamilies(
      d,
      REAL_GYMS.map((g) => gymIds.get(g.key)!),
      now,
    );
    // Issue 18: retail items, fees and their past sales (each gym its own random stream).
    for (const [i, g] of REAL_GYMS.entries())
      await seedRetail(d, { id: gymIds.get(g.key)!, country: g.country, isTaxInclusive: g.isTaxInclusive }, now, 20261818 + i);
    // Issue 18: each real gym's public sales portal (after its packages exist).
    for (const g of REAL_GYMS) await seedSalesPortal(d, gymIds.get(g.key)!, PORTAL_SLUGS[g.key]!, `Train at ${g.title}`);
    // Issue 19: invoice history through the invoices service (each gym its own random stream); demo gyms' past-due bills.
    for (const [i, g] of REAL_GYMS.entries()) await seedInvoiceHistory(d, gymIds.get(g.key)!, now, 20261919 + i);
    for (const [i, g] of OTHER_GYMS.entries()) if (g.athletes > 0) await seedDemoPastDue(d, gymIds.get(g.key)!, now, 20261929 + i);
    // Issue 21: a year of memberships, bills, refunds and class check-ins for the reports and the dashboard (past only).
    for (const [i, g] of REAL_GYMS.entries())
      await seedReportHistory(d, { id: gymIds.get(g.key)!, timeZone: g.timeZone, isTaxInclusive: g.isTaxInclusive }, now, 20262121 + i);
    // Issue 22: each real gym's email identity, own wordings, scheduled and ended banners, and mail history (no jobs).
    for (const g of REAL_GYMS) await seedGymMessages(d, { id: gymIds.get(g.key)!, key: g.key, title: g.title, country: g.country, timeZone: g.timeZone }, now);
    // Issue 37: each real gym's pay rates, their assignments and three weeks of logged hours.
    for (const [i, g] of REAL_GYMS.entries()) await seedPayroll(d, { id: gymIds.get(g.key)!, timeZone: g.timeZone, country: g.country }, now, 20263737 + i);

    // The console's own news, for platform staff only (drawn last, so every id drawn before it stays as it was).
    await insertChunked(d, t.banners, [
      {
        id: rng.uuid(),
        gymId: null,
        audiences: ['platform_staff'],
        title: 'New: 48-hour trials for prospects',
        message: '<p>Create a 48-hour demo gym for a prospect from <strong>Demo Gyms</strong>, then extend it or switch it off from the menu on its row.</p>',
      },
    ]);
  });
}
