import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AthleteFields } from '@spotter/shared/athlete-input';
import type { DbOrTx, Tx } from '../../db/client';
import { athletes, profiles, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { recordEvents } from '../../lib/domain-events';
import { issueRequiredDocuments } from '../documents';
import { NO_EMAIL_DOMAIN } from '../people';

export type NewAthlete = AthleteFields & { id?: string };

/**
 * The one write path that makes athletes (issue 17): the staff form (one) and a CSV import (thousands) both come here,
 * inside their caller's transaction. Rows must already have passed parseAthleteInput. A row whose email belongs to a
 * Spotter user already (an athlete of another gym, say) becomes that user's profile in this gym; other rows get a user
 * that waits for activation. Three inserts whatever the number of rows. The per-gym unique email index refuses a
 * duplicate (error 23505 on athletes_gym_email_key: the caller turns it into its field message).
 */
export async function createAthletes(
  tx: Tx,
  gymId: string,
  rows: readonly NewAthlete[],
  actor: AuditActor,
  source: string,
): Promise<{ athleteId: string; userId: string; profileId: string; email: string | null; isNewUser: boolean }[]> {
  if (rows.length === 0) return [];
  const emails = [...new Set(rows.map((r) => r.email).filter((e): e is string => !!e))];
  const existing = emails.length
    ? await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    : [];
  const userByEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u.id]));

  const planned = rows.map((r) => {
    const known = r.email ? userByEmail.get(r.email) : undefined;
    return { row: r, athleteId: r.id ?? randomUUID(), userId: known ?? randomUUID(), profileId: randomUUID(), isNewUser: !known };
  });
  const newUsers = planned.filter((p) => p.isNewUser);
  if (newUsers.length > 0) {
    await tx
      .insert(users)
      .values(newUsers.map((p) => ({ id: p.userId, email: p.row.email ?? `athlete-${p.athleteId}@${NO_EMAIL_DOMAIN}`, passwordHash: null, isActive: false })));
  }
  await tx
    .insert(profiles)
    .values(planned.map((p) => ({ id: p.profileId, userId: p.userId, gymId, role: 'athlete' as const, isDefault: false, loginEnabled: p.row.email !== null })));
  await tx.insert(athletes).values(
    planned.map((p) => ({
      id: p.athleteId,
      profileId: p.profileId,
      gymId,
      firstName: p.row.firstName,
      lastName: p.row.lastName,
      email: p.row.email,
      phone: p.row.phone,
      dob: p.row.dob,
      gender: p.row.gender,
      addressLines: p.row.address.addressLines,
      locality: p.row.address.locality,
      region: p.row.address.region,
      zipCode: p.row.address.zipCode,
      addressCountry: p.row.address.country,
      emergencyName: p.row.emergencyName,
      emergencyPhone: p.row.emergencyPhone,
      medicalNotes: p.row.medicalNotes,
      source,
    })),
  );
  await recordAudit(
    tx,
    actor,
    planned.map((p) => ({ gymId, entityType: 'athlete' as const, entityId: p.athleteId, action: 'athlete.created', changes: { source } })),
  );
  await recordEvents(
    tx,
    planned.map((p) => ({ gymId, type: 'athlete.created' as const, subjectId: p.athleteId, payload: { source } })),
  );
  // Issue 20 (decision 035): the templates required on sign-up (or before booking) are issued to every new athlete,
  // in the same transaction, whichever way they came (the staff form, an import, the sales portal).
  await issueRequiredDocuments(
    tx,
    gymId,
    planned.map((p) => p.athleteId),
    { kind: 'sign_up' },
  );
  return planned.map((p) => ({ athleteId: p.athleteId, userId: p.userId, profileId: p.profileId, email: p.row.email, isNewUser: p.isNewUser }));
}

/** The athlete of a gym, or nothing (another gym's id reads as unknown). */
export async function athleteOfGym(tx: DbOrTx, gymId: string, athleteId: string) {
  const [row] = await tx
    .select()
    .from(athletes)
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  return row;
}

/** Postgres' unique violation on the per-gym email index. */
export function isDuplicateAthleteEmail(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e?.cause ?? e;
  return c?.code === '23505' && c?.constraint === 'athletes_gym_email_key';
}
