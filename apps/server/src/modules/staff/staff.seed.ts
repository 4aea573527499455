import { and, eq, inArray } from 'drizzle-orm';
import type { Permission } from '@spotter/shared';
import * as t from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { SeededRandom } from '../../db/seed/random';

/** Decision 029's roles as a gym has them: the demo's staff screen shows varied permissions and every state. */
const MANAGER: Permission[] = [
  'Kiosk',
  'AthleteView',
  'StaffView',
  'BusinessMetricsReportsView',
  'AccountingReportsView',
  'PaymentReportsView',
  'AthleteReportsView',
  'PackageReportsView',
  'UtilizationReportsView',
  'InvoiceReportsView',
  'PayrollReportView',
  'FlowView',
];
const COACH_PERMISSIONS: Permission[][] = [MANAGER, ['Kiosk'], ['Kiosk', 'AthleteView']];

const NEWCOMERS = [
  { local: 'frontdesk', firstName: 'Jamie', lastName: 'Alvarez', permissions: ['Kiosk', 'AthleteView'] as Permission[], isCoach: false, state: 'active' },
  { local: 'former', firstName: 'Morgan', lastName: 'Blake', permissions: ['Kiosk'] as Permission[], isCoach: true, state: 'deactivated' },
  { local: 'invited', firstName: 'Quinn', lastName: 'Harper', permissions: ['Kiosk'] as Permission[], isCoach: true, state: 'invited' },
] as const;

/**
 * Issue 17's staff in a real demo gym, after the other seeding (own PRNG: the ids drawn before stay as they were): the
 * three seeded coaches become a manager with most permissions, a coach with the kiosk only and one with the kiosk and
 * athletes; and three more staff: a front-desk staffer (Kiosk, AthleteView; `frontdesk.<gym>@example.com`, password
 * as every seeded account), a former coach deactivated 40 days ago, and an invited one who has not activated yet.
 * The accounts of CONTRACT.md are untouched.
 */
export async function seedStaffVariety(db: DbOrTx, gymId: string, gymKey: string, passwordHash: string, now: Date, seed = 20261717): Promise<void> {
  const rng = new SeededRandom(seed);
  const coachEmails = [1, 2, 3].map((i) => `coach${i}.${gymKey}@example.com`);
  for (const [i, email] of coachEmails.entries()) {
    await db
      .update(t.staff)
      .set({ permissions: COACH_PERMISSIONS[i]! })
      .where(and(eq(t.staff.gymId, gymId), eq(t.staff.email, email)));
  }
  const emails = NEWCOMERS.map((n) => `${n.local}.${gymKey}@example.com`);
  const existing = await db.select({ email: t.users.email }).from(t.users).where(inArray(t.users.email, emails));
  if (existing.length > 0) return;
  for (const n of NEWCOMERS) {
    const email = `${n.local}.${gymKey}@example.com`;
    const userId = rng.uuid();
    const profileId = rng.uuid();
    const isInvite = n.state === 'invited';
    const isGone = n.state === 'deactivated';
    await db.insert(t.users).values({ id: userId, email, passwordHash: isInvite ? null : passwordHash, isActive: !isInvite });
    await db.insert(t.profiles).values({ id: profileId, userId, gymId, role: 'staff', isDefault: !isInvite && !isGone, loginEnabled: !isGone });
    await db.insert(t.staff).values({
      id: rng.uuid(),
      profileId,
      gymId,
      firstName: n.firstName,
      lastName: n.lastName,
      email,
      phone: `3125550${rng.int(100, 999)}`,
      isCoach: n.isCoach,
      permissions: n.permissions,
      deactivatedAt: isGone ? new Date(now.getTime() - 40 * 86_400_000) : null,
    });
  }
}
