import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/** Who made a change: a session's profile (staff, owner, platform staff impersonating) or the system (an import job). */
export type AuditActor = { profileId: string | null; name: string };

export type AuditEntry = {
  gymId: string;
  entityType: 'athlete' | 'staff' | 'tag' | 'import';
  entityId: string;
  /** e.g. 'athlete.created', 'athlete.updated', 'athlete.archived', 'note.created', 'staff.permissions_changed'. */
  action: string;
  /** { field: [before, after] } for updates, or the details of the change. */
  changes?: Record<string, unknown>;
};

/** The actor of a request's session: the impersonating platform staff member is named as such. */
export function actorOf(auth: {
  profileId: string | null;
  profileName: string | null;
  isImpersonating: boolean;
  impersonatorProfileId: string | null;
}): AuditActor {
  if (auth.isImpersonating) return { profileId: auth.impersonatorProfileId, name: `Spotter support (as ${auth.profileName ?? 'staff'})` };
  return { profileId: auth.profileId, name: auth.profileName ?? 'Unknown' };
}

/** The fields that differ, as { field: [before, after] }; values of `redact` fields are not kept, only that they changed. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  redact: readonly string[] = [],
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (!(key in before)) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changes[key] = redact.includes(key) ? ['(hidden)', '(changed)'] : [before[key] ?? null, after[key] ?? null];
  }
  return changes;
}

/** Writes audit rows in the transaction of the change itself: a rolled-back change leaves no trail, a kept one always does. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(
    list.map((e) => ({
      gymId: e.gymId,
      entityType: e.entityType,
      entityId: e.entityId,
      action: e.action,
      actorProfileId: actor.profileId,
      actorName: actor.name,
      changes: e.changes ?? {},
    })),
  );
}
