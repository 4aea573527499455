import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { addDays, fromZoned, permissions as allPermissions, toZoned, type GymCountry, type Permission, type Role } from '@spotter/shared';
import * as t from '../src/db/schema';
import type { Db } from '../src/db/client';
import { randomToken, sha256 } from '../src/lib/tokens';

/**
 * Test data built by each test for itself (STYLE.md example 8), never the demo seed: every factory takes overrides and
 * answers the ids it made. Dates are read from the clock, which server tests fix (helper.ts fixClock), so no test
 * depends on the hour it runs at.
 */

export const TEST_PASSWORD = 'Spotter123';
let passwordHash: Promise<string> | undefined;
/** One argon2id hash of TEST_PASSWORD per test process: hashing one per user would cost ~50 ms each. */
const testPasswordHash = () => (passwordHash ??= hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 }));

let serial = 0;
/** A value no other factory call of this process has made. */
export const unique = (prefix: string) => `${prefix}${++serial}`;

export type GymRow = typeof t.gyms.$inferSelect;
export type Person = { userId: string; email: string; profileId: string };
export type StaffMember = Person & { staffId: string; gymId: string; role: 'staff' | 'owner' };
export type Athlete = {
  athleteId: string;
  gymId: string;
  firstName: string;
  lastName: string;
  fullName: string;
  profileId: string;
  userId: string | null;
  email: string | null;
};
export type PlatformStaff = Person & { kiloStaffId: string };
export type EventRow = typeof t.events.$inferSelect;

/** What staff (and owners) may be made with: a login of their own or an existing user's, names, their profile's flags. */
export type StaffOptions = { email?: string; firstName?: string; lastName?: string; userId?: string; isDefault?: boolean; loginEnabled?: boolean };

/** Today in the gym's zone, as the clock reads it. */
export const todayOf = (gym: Pick<GymRow, 'timeZone'>) => toZoned(new Date(), gym.timeZone).date;

export function factories(db: Db) {
  const user = async (o: { email?: string; isActive?: boolean; passwordHash?: string | null } = {}) => {
    const [row] = await db
      .insert(t.users)
      .values({
        email: o.email ?? `${unique('user')}@test.example.com`,
        isActive: o.isActive ?? true,
        passwordHash: o.passwordHash === undefined ? await testPasswordHash() : o.passwordHash,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    return row!;
  };

  const profile = async (o: { userId: string; gymId: string | null; role: Role; isDefault?: boolean; loginEnabled?: boolean }) => {
    const [row] = await db
      .insert(t.profiles)
      .values({ userId: o.userId, gymId: o.gymId, role: o.role, isDefault: o.isDefault ?? false, loginEnabled: o.loginEnabled ?? true, createdAt: new Date() })
      .returning();
    return row!;
  };

  const f = {
    user,
    profile,

    /** A gym (US, America/Chicago by default) with nothing in it. */
    gym: async (o: Partial<typeof t.gyms.$inferInsert> & { country?: GymCountry } = {}): Promise<GymRow> => {
      const [row] = await db
        .insert(t.gyms)
        .values({ title: unique('Gym '), timeZone: 'America/Chicago', country: 'US', createdAt: new Date(), ...o })
        .returning();
      return row!;
    },

    /** A demo gym record of a gym (TIME_LIMITED, 48 hours from now, by default). */
    demoGym: async (gymId: string, o: Partial<typeof t.demoGyms.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.demoGyms)
        .values({ gymId, type: 'TIME_LIMITED', isActive: true, expiresAt: new Date(Date.now() + 48 * 3600_000), createdAt: new Date(), ...o })
        .returning();
      return row!;
    },

    /** Staff of a gym (role staff with the given permissions; owner: role owner with every permission), with a login. */
    staff: async (gymId: string, o: StaffOptions & { permissions?: Permission[]; owner?: boolean } = {}): Promise<StaffMember> => {
      const u = o.userId ? { id: o.userId, email: o.email ?? '' } : await user({ email: o.email });
      const role = o.owner ? 'owner' : 'staff';
      const p = await profile({ userId: u.id, gymId, role, isDefault: o.isDefault, loginEnabled: o.loginEnabled });
      const [row] = await db
        .insert(t.staff)
        .values({
          profileId: p.id,
          gymId,
          firstName: o.firstName ?? unique('Staff'),
          lastName: o.lastName ?? 'Member',
          email: u.email,
          isOwner: o.owner ?? false,
          isCoach: true,
          permissions: o.owner ? [...allPermissions] : (o.permissions ?? []),
        })
        .returning();
      return { userId: u.id, email: u.email, profileId: p.id, staffId: row!.id, gymId, role };
    },

    owner: (gymId: string, o: StaffOptions = {}) => f.staff(gymId, { ...o, owner: true }),

    /** An athlete of a gym; with `login` (default) a user of their own with an athlete profile. */
    athlete: async (
      gymId: string,
      o: {
        login?: boolean;
        email?: string;
        firstName?: string;
        lastName?: string;
        isActive?: boolean;
        userId?: string;
        isDefault?: boolean;
        loginEnabled?: boolean;
      } = {},
    ): Promise<Athlete> => {
      const withLogin = o.login ?? true;
      const u = o.userId
        ? { id: o.userId, email: o.email ?? null }
        : withLogin
          ? await user({ email: o.email })
          : await user({ email: o.email, passwordHash: null, isActive: false });
      const p = await profile({ userId: u.id, gymId, role: 'athlete', isDefault: o.isDefault, loginEnabled: o.loginEnabled });
      const firstName = o.firstName ?? unique('Athlete');
      const lastName = o.lastName ?? 'Tester';
      const [row] = await db
        .insert(t.athletes)
        .values({ profileId: p.id, gymId, firstName, lastName, email: u.email, isActive: o.isActive ?? true, createdAt: new Date() })
        .returning();
      return {
        athleteId: row!.id,
        gymId,
        firstName,
        lastName,
        fullName: `${firstName} ${lastName}`,
        profileId: p.id,
        userId: withLogin || o.userId ? u.id : null,
        email: u.email,
      };
    },

    /** Several athletes of a gym, without logins (names sort in the order made: A…, B…). */
    athletes: async (gymId: string, n: number, o: { lastName?: string } = {}): Promise<Athlete[]> => {
      const made: Athlete[] = [];
      for (let i = 0; i < n; i++)
        made.push(await f.athlete(gymId, { login: false, firstName: `${String.fromCharCode(65 + (i % 26))}${unique('thlete')}`, lastName: o.lastName }));
      return made;
    },

    platformStaff: async (o: { isSalesTeam?: boolean; email?: string; firstName?: string; lastName?: string } = {}): Promise<PlatformStaff> => {
      const u = await user({ email: o.email });
      const p = await profile({ userId: u.id, gymId: null, role: 'kilo_staff', isDefault: true });
      const [row] = await db
        .insert(t.kiloStaff)
        .values({
          profileId: p.id,
          firstName: o.firstName ?? 'Pat',
          lastName: o.lastName ?? unique('Platform'),
          email: u.email,
          isSalesTeam: o.isSalesTeam ?? false,
        })
        .returning();
      return { userId: u.id, email: u.email, profileId: p.id, kiloStaffId: row!.id };
    },

    taxRate: async (gymId: string, o: Partial<typeof t.taxRates.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.taxRates)
        .values({ gymId, name: unique('Tax '), percent: '8.2500', ...o })
        .returning();
      return row!;
    },

    /** Issue 18: a retail item (10 in stock, low at 2) or, with kind 'fee', a fee. */
    product: async (gymId: string, o: Partial<typeof t.products.$inferInsert> = {}) => {
      const kind = o.kind ?? 'retail';
      const retail = kind === 'retail' ? { stockCount: 10, lowStockThreshold: 2 } : {};
      const [row] = await db
        .insert(t.products)
        .values({ gymId, kind, name: unique('Item '), priceMinor: 1000, ...retail, ...o })
        .returning();
      return row!;
    },

    location: async (gymId: string, o: Partial<typeof t.locations.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.locations)
        .values({ gymId, name: unique('Room '), ...o })
        .returning();
      return row!;
    },

    room: async (gymId: string, locationId: string, o: Partial<typeof t.rooms.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.rooms)
        .values({ gymId, locationId, name: unique('Room '), ...o })
        .returning();
      return row!;
    },

    /** A weekly series of a class type (no classes made: the calendar's module makes them). */
    classSeries: async (gymId: string, classTypeId: string, o: Partial<typeof t.classSeries.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.classSeries)
        .values({
          gymId,
          classTypeId,
          rrule: 'FREQ=WEEKLY;BYDAY=MO',
          startTime: '06:00:00',
          durationMinutes: 60,
          capacity: 10,
          firstDate: '2026-03-02',
          materializedThrough: '2026-03-02',
          ...o,
        })
        .returning();
      return row!;
    },

    workout: async (gymId: string, classTypeId: string, o: Partial<typeof t.workouts.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.workouts)
        .values({ gymId, classTypeId, date: '2026-03-04', content: '<p>5x5 back squat</p>', ...o })
        .returning();
      return row!;
    },

    classType: async (gymId: string, o: Partial<typeof t.classTypes.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.classTypes)
        .values({ gymId, name: unique('Class type '), ...o })
        .returning();
      return row!;
    },

    appointmentType: async (gymId: string, o: Partial<typeof t.appointmentTypes.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.appointmentTypes)
        .values({ gymId, name: unique('Appointment type '), ...o })
        .returning();
      return row!;
    },

    /** Coaches who offer an appointment type (appointment_type_coaches). */
    offer: async (gymId: string, appointmentTypeId: string, staffIds: string[]) => {
      if (staffIds.length) await db.insert(t.appointmentTypeCoaches).values(staffIds.map((staffId) => ({ gymId, appointmentTypeId, staffId })));
    },

    /** Weekly hours of a coach: [weekday (1 = Monday), 'HH:MM', 'HH:MM'] ranges in the gym's zone. */
    coachHours: async (gymId: string, staffId: string, ranges: [number, string, string][]) => {
      if (ranges.length)
        await db.insert(t.coachAvailability).values(ranges.map(([weekday, startTime, endTime]) => ({ gymId, staffId, weekday, startTime, endTime })));
    },

    /** A coach's time off between two instants. */
    timeOff: async (gymId: string, staffId: string, startsAt: Date, endsAt: Date, reason = '') => {
      const [row] = await db.insert(t.coachTimeOff).values({ gymId, staffId, startsAt, endsAt, reason }).returning();
      return row!;
    },

    /**
     * A class (or, with kind appointment, an appointment) of the gym at a local date and time: today at 18:00 by
     * default, or `daysAhead` days from today; 60 minutes, capacity 10, with the fees the kiosk tests read.
     */
    event: async (
      gym: Pick<GymRow, 'id' | 'timeZone'>,
      o: Partial<typeof t.events.$inferInsert> & { daysAhead?: number; time?: string; date?: string; coachIds?: string[] } = {},
    ): Promise<EventRow> => {
      const { daysAhead, time, date, coachIds, ...values } = o;
      const kind = values.kind ?? 'class';
      const day = date ?? addDays(todayOf(gym), daysAhead ?? 0);
      const at = time ?? '18:00';
      const typeId =
        kind === 'class'
          ? { classTypeId: values.classTypeId ?? (await f.classType(gym.id)).id }
          : { appointmentTypeId: values.appointmentTypeId ?? (await f.appointmentType(gym.id)).id };
      const [row] = await db
        .insert(t.events)
        .values({
          gymId: gym.id,
          kind,
          ...typeId,
          startsAt: fromZoned(day, at, gym.timeZone),
          startDate: day,
          startTime: at.length === 5 ? `${at}:00` : at,
          durationMinutes: 60,
          capacity: kind === 'class' ? 10 : 1,
          cancellationFeeMinor: 1500,
          noShowFeeMinor: 3000,
          cancellationCreditDeduction: 1,
          noShowCreditDeduction: 2,
          createdAt: new Date(),
          ...values,
        })
        .returning();
      for (const staffId of coachIds ?? []) await db.insert(t.eventCoaches).values({ gymId: gym.id, eventId: row!.id, staffId, role: 'lead' });
      return row!;
    },

    /** Reservations of athletes on an event (reserved and credited by default), registered a minute apart in the given order. */
    reserve: async (event: Pick<EventRow, 'id' | 'gymId'>, athleteIds: string[], o: Partial<typeof t.reservations.$inferInsert> = {}) => {
      const now = Date.now();
      const rows = athleteIds.map((athleteId, i) => ({
        id: randomUUID(),
        gymId: event.gymId,
        eventId: event.id,
        athleteId,
        // Waiting in line (isWaitlisted): holds no place, in the given order (the line's sequence).
        isReserved: !o.isWaitlisted,
        isCredited: true,
        registrationDatetime: new Date(now - (athleteIds.length - i) * 60_000),
        updatedAt: new Date(now),
        ...(o.isWaitlisted ? { waitlistSeq: sql`nextval('reservation_waitlist_seq')` } : {}),
        ...o,
      }));
      if (rows.length) await db.insert(t.reservations).values(rows);
      return rows.map((r) => r.id);
    },

    note: async (gymId: string, athleteId: string, o: Partial<typeof t.notes.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.notes)
        .values({ gymId, athleteId, title: 'Note', content: '<p>Note</p>', isPinned: true, updatedAt: new Date(), ...o })
        .returning();
      return row!;
    },

    /** A bill of the athlete (past due by default: the kiosk's warning). */
    invoice: async (gymId: string, athleteId: string, o: Partial<typeof t.invoices.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.invoices)
        .values({ gymId, athleteId, status: 'past_due', dueDate: '2026-01-01', totalMinor: 5000, createdAt: new Date(), ...o })
        .returning();
      return row!;
    },

    /** A document of the athlete (unsigned by default: the kiosk's warning). */
    document: async (gymId: string, athleteId: string, o: Partial<typeof t.documents.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.documents)
        .values({ gymId, athleteId, title: 'Liability Waiver', signedAt: null, issuedAt: new Date(), ...o })
        .returning();
      return row!;
    },

    /** A banner of a gym (null: every gym), for gym staff and owners unless other audiences are given. */
    banner: async (gymId: string | null, o: Partial<typeof t.banners.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.banners)
        .values({ gymId, title: unique('Banner '), message: '<p>Hello</p>', audiences: ['gym_staff'], createdAt: new Date(), ...o })
        .returning();
      return row!;
    },

    /**
     * A gym as the kiosk tests want it: a tax rate (the classes' default), a location, a staff member holding Kiosk,
     * an owner, and `athletes` members without logins.
     */
    kioskGym: async (o: { timeZone?: string; country?: GymCountry; athletes?: number; isTaxInclusive?: boolean } = {}) => {
      const gym = await f.gym({ timeZone: o.timeZone ?? 'America/Chicago', country: o.country ?? 'US', isTaxInclusive: o.isTaxInclusive ?? false });
      const taxRate = await f.taxRate(gym.id, { name: 'Sales Tax' });
      const location = await f.location(gym.id, { name: 'Main Floor' });
      const classType = await f.classType(gym.id, { name: 'Olympic Lifting' });
      const staff = await f.staff(gym.id, { permissions: ['Kiosk', 'AthleteView'] });
      const owner = await f.owner(gym.id);
      const members = await f.athletes(gym.id, o.athletes ?? 12);
      return { gym, taxRate, location, classType, staff, owner, members };
    },

    /** Issue 18: a package of the gym (an unlimited membership covering every class type by default). */
    package: async (gymId: string, o: Partial<typeof t.packages.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.packages)
        .values({ gymId, name: unique('Package '), kind: 'membership', ...o })
        .returning();
      return row!;
    },

    /** A billing plan of a package (monthly, $100, until cancelled, by default). */
    billingPlan: async (gymId: string, packageId: string, o: Partial<typeof t.billingPlans.$inferInsert> = {}) => {
      const [row] = await db
        .insert(t.billingPlans)
        .values({ gymId, packageId, name: unique('Plan '), priceMinor: 10000, ...o })
        .returning();
      return row!;
    },

    /**
     * A package an athlete holds (active from 30 days ago), its credits granted as one ledger row when the package has
     * credits (or `credits` given). Without `packageId`, a new package from `pkg` options (unlimited membership).
     */
    athletePackage: async (
      gymId: string,
      athleteId: string,
      o: Partial<typeof t.athletePackages.$inferInsert> & { pkg?: Partial<typeof t.packages.$inferInsert>; credits?: number } = {},
    ) => {
      const { pkg: pkgOptions, credits, ...values } = o;
      const pkg = values.packageId
        ? (
            await db
              .select()
              .from(t.packages)
              .where(sql`${t.packages.id} = ${values.packageId}`)
          )[0]!
        : await f.package(gymId, pkgOptions);
      const [row] = await db
        .insert(t.athletePackages)
        .values({ gymId, athleteId, packageId: pkg.id, status: 'active', startDate: addDays(toZoned(new Date(), 'UTC').date, -30), source: 'staff', ...values })
        .returning();
      const grant = credits ?? pkg.credits;
      if (grant)
        await db.insert(t.creditLedger).values({ gymId, athletePackageId: row!.id, athleteId: row!.athleteId, delta: grant, reason: 'grant', note: pkg.name });
      return { ...row!, package: pkg };
    },

    /** An unlimited membership for each athlete (athletes book their own classes only with a package, issue 18). */
    membership: async (gymId: string, athleteIds: string[]) => {
      const pkg = await f.package(gymId, { name: unique('Unlimited ') });
      for (const athleteId of athleteIds) await f.athletePackage(gymId, athleteId, { packageId: pkg.id });
      return pkg;
    },

    /** Links a profile (a dependant) to another user, who may then enter it as their own (profile_links). */
    profileLink: async (profileId: string, userId: string) => {
      const [row] = await db.insert(t.profileLinks).values({ profileId, userId, createdAt: new Date() }).returning();
      return row!;
    },

    /**
     * A session of the person's user with their profile chosen (14 days by default), as a browser's cookie would carry
     * it: for clients of apps the test builds itself (helper.ts `as` does this for createTestApp's app).
     */
    session: async (person: { userId: string; profileId?: string | null }, o: { ttlMs?: number } = {}) => {
      const token = randomToken();
      const now = new Date();
      const [row] = await db
        .insert(t.sessions)
        .values({
          tokenHash: sha256(token),
          userId: person.userId,
          profileId: person.profileId ?? null,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + (o.ttlMs ?? 14 * 86_400_000)),
        })
        .returning({ id: t.sessions.id });
      return { token, sessionId: row!.id };
    },

    /** Issue 18: a package of a gym (an unlimited membership covering every class type by default). */
    pkg: (gymId: string, o: Partial<typeof t.packages.$inferInsert> = {}) => f.package(gymId, { category: 'Memberships', ...o }),
  };
  return f;
}

export type Factories = ReturnType<typeof factories>;
