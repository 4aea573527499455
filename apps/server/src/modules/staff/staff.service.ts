import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { isValidEmail, messages, staffMessages, toZoned, type InviteStaffInput, type Permission, type UpdateStaffSelfInput } from '@spotter/shared';
import { constraintOf, sqlState, type Tx } from '../../db/client';
import { profiles, staff, userTokens, users } from '../../db/schema';
import { diffFields, recordAudit, type AuditActor } from '../../lib/audit';
import { writeTransaction, type Publish } from '../../lib/changes';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error';
import { queueMail } from '../../lib/outbox';
import { sendActivation } from '../accounts';
import { endProfileSessions } from '../auth';
import { composeMail } from '../messages';
import { orderedPermissions } from './staff.repository';

/**
 * The writes of staff (issue 17, decision 029). Each is one transaction that writes its audit row and publishes what
 * it changed: the gym (coach lists, names) and the person's sessions (their name, role and permissions are read into
 * the session; a deactivated person's sessions are deleted), so every process sees the change on the next request.
 */

/** Who is acting: their audit name, and whether they are an owner (the only ones who grant, flag and deactivate). */
export type StaffActor = AuditActor & { isOwner: boolean };

type StaffRow = typeof staff.$inferSelect;

const ownerOnly = (message: string = staffMessages.ownerOnly) => forbidden(message, 'owner_only');

/** The staff member of the gym with their user's id and activation, locked until the transaction ends. */
async function lockStaff(tx: Tx, gymId: string, staffId: string) {
  const [row] = await tx
    .select({ staff, userId: users.id, userActive: users.isActive })
    .from(staff)
    .innerJoin(profiles, eq(profiles.id, staff.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(staff.id, staffId), eq(staff.gymId, gymId)))
    .for('update', { of: staff });
  if (!row) throw notFound(staffMessages.notFound);
  return row;
}

/**
 * Decision 029: the gym keeps at least one active owner. The gym's owners are locked in id order first, so two owners
 * demoting each other at once cannot both succeed.
 */
async function lockOwners(tx: Tx, gymId: string) {
  const owners = await tx
    .select({ id: staff.id, deactivatedAt: staff.deactivatedAt })
    .from(staff)
    .where(and(eq(staff.gymId, gymId), eq(staff.isOwner, true)))
    .orderBy(staff.id)
    .for('update');
  return {
    assertAnotherActive(staffId: string) {
      if (!owners.some((o) => o.id !== staffId && o.deactivatedAt === null)) throw conflict(staffMessages.lastOwner, 'last_owner');
    },
  };
}

async function publishPerson(publish: Publish, gymId: string, userId: string): Promise<void> {
  await publish({ kind: 'gym', gymId });
  await publish({ kind: 'sessions', userId });
}

function assertBirthdayNotInFuture(dob: string | null, timeZone: string) {
  if (dob && dob > toZoned(new Date(), timeZone).date) throw fieldError('dob', 'Date of birth cannot be in the future.');
}

const profileValues = (input: UpdateStaffSelfInput, current: StaffRow) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  phone: input.phone,
  dob: input.dob,
  isCoach: input.isCoach ?? current.isCoach,
  gender: input.gender,
  addressLines: input.address.addressLines.filter((l) => l !== ''),
  locality: input.address.locality,
  region: input.address.region,
  zipCode: input.address.zipCode.toUpperCase(),
  addressCountry: input.address.country,
  emergencyName: input.emergencyName,
  emergencyPhone: input.emergencyPhone,
  medicalNotes: input.medicalNotes,
});

/** How a change of the email field is judged: the own account changes it through Edit Login (spec 5). */
export type EmailRule = { kind: 'self'; message: string } | { kind: 'colleague' };

/**
 * THE edit of a staff profile (spec 3 fields, spec 5 rules), for the own account (PUT staff/self/) and a colleague's
 * (PUT staff/:id/): the birthday is not after the gym's today, only an owner changes the coach flag, and the email is
 * changed through Edit Login, except a colleague's invite not yet accepted, whose address may be corrected (the
 * activation mail goes to the new one).
 */
export async function saveStaffProfile(
  app: FastifyInstance,
  target: { gymId: string; staffId: string; timeZone: string },
  input: UpdateStaffSelfInput,
  actor: StaffActor,
  emailRule: EmailRule,
): Promise<StaffRow> {
  assertBirthdayNotInFuture(input.dob, target.timeZone);
  return refusingTakenEmails(() =>
    writeTransaction(app, async (tx, publish) => {
      const current = await lockStaff(tx, target.gymId, target.staffId);
      if (input.isCoach !== undefined && input.isCoach !== current.staff.isCoach && !actor.isOwner) throw ownerOnly(staffMessages.coachOwnerOnly);
      const newEmail = input.email?.trim();
      const emailChanged = newEmail !== undefined && newEmail.toLowerCase() !== current.staff.email.toLowerCase();
      if (emailChanged) {
        if (emailRule.kind === 'self') throw fieldError('email', emailRule.message);
        await changeInviteEmail(tx, current, newEmail);
      }
      const values = { ...profileValues(input, current.staff), ...(emailChanged ? { email: newEmail } : {}) };
      const [updated] = await tx.update(staff).set(values).where(eq(staff.id, current.staff.id)).returning();
      const changes = diffFields(current.staff, values, ['medicalNotes']);
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, actor, { gymId: target.gymId, entityType: 'staff', entityId: current.staff.id, action: 'staff.updated', changes });
      }
      if (emailChanged) await sendActivation(app, current.userId, newEmail, tx, target.gymId);
      // Coaches are listed by name, and the header shows the profile's name from the session (issue 23).
      await publish({ kind: 'gym', gymId: target.gymId });
      await publish({ kind: 'sessions', gymId: target.gymId });
      return updated!;
    }),
  );
}

/** A pending invite's address is corrected: only for a login not yet activated and used by no other profile. */
async function changeInviteEmail(tx: Tx, current: Awaited<ReturnType<typeof lockStaff>>, newEmail: string): Promise<void> {
  if (!isValidEmail(newEmail)) throw fieldError('email', messages.emailInvalid);
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.userId, current.userId), ne(profiles.id, current.staff.profileId)));
  if (current.userActive || (others?.n ?? 0) > 0) throw fieldError('email', staffMessages.emailThroughEditLogin);
  await assertNoStaffWithEmail(tx, current.staff.gymId, newEmail, current.staff.id);
  await tx.update(users).set({ email: newEmail, updatedAt: new Date() }).where(eq(users.id, current.userId));
  // The link sent to the wrong address stops working; a new one goes to the corrected one.
  await tx.delete(userTokens).where(and(eq(userTokens.userId, current.userId), eq(userTokens.kind, 'activation')));
}

async function assertNoStaffWithEmail(tx: Tx, gymId: string, email: string, exceptStaffId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.gymId, gymId), sql`lower(${staff.email}) = ${email.toLowerCase()}`, exceptStaffId ? ne(staff.id, exceptStaffId) : undefined))
    .limit(1);
  if (taken) throw fieldError('email', staffMessages.duplicateEmail);
}

/** Two writes racing for one email: the unique indexes refuse the second; it reads as the field message. */
async function refusingTakenEmails<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (sqlState(err) !== '23505') throw err;
    const constraint = constraintOf(err);
    if (constraint === 'profiles_user_gym_role_key') throw fieldError('email', staffMessages.duplicateEmail);
    if (constraint === 'users_email_lower_key') throw fieldError('email', staffMessages.emailTaken);
    throw err;
  }
}

/**
 * Invite a colleague by email: a Spotter user of that email (an athlete of the gym, say) gets a staff profile here;
 * anyone else gets a user waiting for activation. The activation mail (or, for a login already active, a note that
 * they were added) is queued in the same transaction.
 */
export async function inviteStaff(app: FastifyInstance, gymId: string, input: InviteStaffInput, actor: StaffActor): Promise<string> {
  if ((input.isCoach || input.permissions.length > 0) && !actor.isOwner) {
    throw ownerOnly(input.isCoach ? staffMessages.coachOwnerOnly : staffMessages.permissionsOwnerOnly);
  }
  const email = input.email.trim();
  return refusingTakenEmails(() =>
    writeTransaction(app, async (tx, publish) => {
      await assertNoStaffWithEmail(tx, gymId, email);
      const [known] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      const user =
        known ?? (await tx.insert(users).values({ email, passwordHash: null, isActive: false, createdAt: new Date(), updatedAt: new Date() }).returning())[0]!;
      const [held] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.userId, user.id), eq(profiles.gymId, gymId), inArray(profiles.role, ['staff', 'owner'])));
      if (held) throw fieldError('email', staffMessages.duplicateEmail);
      const [profile] = await tx
        .insert(profiles)
        .values({ userId: user.id, gymId, role: 'staff', isDefault: false, loginEnabled: true, createdAt: new Date() })
        .returning();
      const [row] = await tx
        .insert(staff)
        .values({
          profileId: profile!.id,
          gymId,
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          phone: input.phone,
          isCoach: input.isCoach,
          permissions: orderedPermissions(input.permissions),
        })
        .returning({ id: staff.id });
      await recordAudit(tx, actor, {
        gymId,
        entityType: 'staff',
        entityId: row!.id,
        action: 'staff.invited',
        changes: { email, isCoach: input.isCoach, permissions: orderedPermissions(input.permissions), existingUser: Boolean(known) },
      });
      if (user.isActive) {
        // Issue 22: the gym's `staff_added` template.
        const mail = await composeMail(
          tx,
          gymId,
          {
            kind: 'staff_added',
            to: email,
            values: { firstName: input.firstName, fullName: `${input.firstName} ${input.lastName}`.trim(), link: `${app.config.appUrl}/login` },
          },
          { appUrl: app.config.appUrl },
        );
        await queueMail(tx, app.jobs, mail);
      } else {
        await sendActivation(app, user.id, email, tx, gymId);
      }
      await publishPerson(publish, gymId, user.id);
      return row!.id;
    }),
  );
}

/** Spec 6's named permissions of a staff member (owners only: a staff member who could grant could grant themself all). */
export async function setStaffPermissions(
  app: FastifyInstance,
  gymId: string,
  staffId: string,
  permissions: readonly Permission[],
  actor: StaffActor,
): Promise<void> {
  if (!actor.isOwner) throw ownerOnly(staffMessages.permissionsOwnerOnly);
  await writeTransaction(app, async (tx, publish) => {
    const current = await lockStaff(tx, gymId, staffId);
    const before = orderedPermissions(current.staff.permissions);
    const after = orderedPermissions(permissions);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await tx.update(staff).set({ permissions: after }).where(eq(staff.id, staffId));
    await recordAudit(tx, actor, {
      gymId,
      entityType: 'staff',
      entityId: staffId,
      action: 'staff.permissions_changed',
      changes: { permissions: [before, after] },
    });
    // The session reads the permissions: the person's next request is checked against the new list.
    await publishPerson(publish, gymId, current.userId);
  });
}

/** Make a staff member an owner, or not; the gym's last active owner stays one (decision 029). */
export async function setStaffOwner(app: FastifyInstance, gymId: string, staffId: string, isOwner: boolean, actor: StaffActor): Promise<void> {
  if (!actor.isOwner) throw ownerOnly();
  await writeTransaction(app, async (tx, publish) => {
    const owners = await lockOwners(tx, gymId);
    const current = await lockStaff(tx, gymId, staffId);
    if (current.staff.isOwner === isOwner) return;
    if (!isOwner) owners.assertAnotherActive(staffId);
    await tx.update(staff).set({ isOwner }).where(eq(staff.id, staffId));
    await tx
      .update(profiles)
      .set({ role: isOwner ? 'owner' : 'staff' })
      .where(eq(profiles.id, current.staff.profileId));
    await recordAudit(tx, actor, {
      gymId,
      entityType: 'staff',
      entityId: staffId,
      action: isOwner ? 'staff.made_owner' : 'staff.owner_removed',
      changes: { isOwner: [!isOwner, isOwner] },
    });
    await publishPerson(publish, gymId, current.userId);
  });
}

/**
 * Deactivate: the profile can no longer be chosen or used (login disabled) and its sessions are deleted in the same
 * transaction, so the person's next request is refused, on every process. The last active owner cannot be.
 */
export async function deactivateStaff(app: FastifyInstance, gymId: string, staffId: string, actor: StaffActor): Promise<void> {
  if (!actor.isOwner) throw ownerOnly();
  await writeTransaction(app, async (tx, publish) => {
    const owners = await lockOwners(tx, gymId);
    const probe = await lockStaff(tx, gymId, staffId);
    if (probe.staff.deactivatedAt !== null) return;
    if (probe.staff.isOwner) owners.assertAnotherActive(staffId);
    const now = new Date();
    await tx.update(staff).set({ deactivatedAt: now }).where(eq(staff.id, staffId));
    await tx.update(profiles).set({ loginEnabled: false, isDefault: false }).where(eq(profiles.id, probe.staff.profileId));
    const ended = await endProfileSessions(tx, probe.staff.profileId);
    await recordAudit(tx, actor, { gymId, entityType: 'staff', entityId: staffId, action: 'staff.deactivated', changes: { sessionsEnded: ended.length } });
    await publishPerson(publish, gymId, probe.userId);
  });
}

export async function reactivateStaff(app: FastifyInstance, gymId: string, staffId: string, actor: StaffActor): Promise<void> {
  if (!actor.isOwner) throw ownerOnly();
  await writeTransaction(app, async (tx, publish) => {
    const current = await lockStaff(tx, gymId, staffId);
    if (current.staff.deactivatedAt === null) return;
    await tx.update(staff).set({ deactivatedAt: null }).where(eq(staff.id, staffId));
    await tx.update(profiles).set({ loginEnabled: true }).where(eq(profiles.id, current.staff.profileId));
    await recordAudit(tx, actor, { gymId, entityType: 'staff', entityId: staffId, action: 'staff.reactivated' });
    await publishPerson(publish, gymId, current.userId);
  });
}
