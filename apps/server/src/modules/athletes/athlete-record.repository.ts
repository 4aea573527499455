import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AthleteActivity, AthleteFamily, AthleteNote, AthletePackageSummary, AthleteRecord, FamilyMember } from '@spotter/shared';
import type { AthleteFields } from '@spotter/shared/athlete-input';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import {
  athletePackages,
  athleteTags,
  athletes,
  auditLog,
  documents,
  events,
  invoices,
  notes,
  packages,
  profileLinks,
  profiles,
  reservations,
  staff,
  tags,
  users,
  classTypes,
  appointmentTypes,
} from '../../db/schema';
import { listPage, type ListResult } from '../../lib/pagination';
import { containsPattern, fullName } from '../../lib/sql-text';
import { membershipStateSql } from './membership.sql';

/** Issue 17: the reads of the athlete detail page. Every read is scoped to the caller's gym. */

type AthleteRow = typeof athletes.$inferSelect;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The stored columns of the athlete rules' fields (create goes through createAthletes; edit through this). */
export function athleteColumns(f: AthleteFields) {
  return {
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    phone: f.phone,
    dob: f.dob,
    gender: f.gender,
    addressLines: f.address.addressLines,
    locality: f.address.locality,
    region: f.address.region,
    zipCode: f.address.zipCode,
    addressCountry: f.address.country,
    emergencyName: f.emergencyName,
    emergencyPhone: f.emergencyPhone,
    medicalNotes: f.medicalNotes,
  };
}

/** The athlete of the gym with their user and profile (for the login questions), or undefined. */
export async function athleteWithLogin(db: DbOrTx, gymId: string, athleteId: string) {
  const [row] = await db
    .select({ athlete: athletes, userId: users.id, userEmail: users.email, userIsActive: users.isActive, loginEnabled: profiles.loginEnabled })
    .from(athletes)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  return row;
}

/** The member record (athleteRecordSchema) in one statement: fields, membership state, tags, login. */
export async function findAthleteRecord(db: DbOrTx, gymId: string, athleteId: string): Promise<AthleteRecord | undefined> {
  const [row] = await db
    .select({
      athlete: athletes,
      membershipState: membershipStateSql(athletes.id),
      hasLogin: sql<boolean>`${users.isActive} and ${profiles.loginEnabled}`,
      tags: sql<
        { tagId: string; name: string; color: string }[]
      >`coalesce((select json_agg(json_build_object('tagId', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by lower(${tags.name}))
        from ${athleteTags} join ${tags} on ${tags.id} = ${athleteTags.tagId} where ${athleteTags.athleteId} = ${athletes.id}), '[]'::json)`,
    })
    .from(athletes)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(athletes.id, athleteId), eq(athletes.gymId, gymId)));
  if (!row) return undefined;
  const tagList = typeof row.tags === 'string' ? (JSON.parse(row.tags) as AthleteRecord['tags']) : row.tags;
  return toAthleteRecord(row.athlete, { membershipState: row.membershipState, hasLogin: Boolean(row.hasLogin), tags: tagList });
}

export function toAthleteRecord(a: AthleteRow, extra: Pick<AthleteRecord, 'membershipState' | 'hasLogin' | 'tags'>): AthleteRecord {
  return {
    athleteId: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    fullName: `${a.firstName} ${a.lastName}`.trim(),
    email: a.email,
    phone: a.phone,
    dob: a.dob,
    gender: (a.gender as AthleteRecord['gender']) ?? null,
    profilePicture: a.profilePicture,
    address: { addressLines: a.addressLines, locality: a.locality, region: a.region, zipCode: a.zipCode, country: a.addressCountry },
    emergencyName: a.emergencyName,
    emergencyPhone: a.emergencyPhone,
    medicalNotes: a.medicalNotes,
    isArchived: a.archivedAt !== null,
    isAnonymised: a.anonymisedAt !== null,
    createdAt: iso(a.createdAt)!,
    ...extra,
  };
}

/** The athlete's fields as the audit diff compares them. */
export function auditedFields(a: Pick<AthleteRow, keyof ReturnType<typeof athleteColumns>>): Record<string, unknown> {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    phone: a.phone,
    dob: a.dob,
    gender: a.gender,
    address: { addressLines: a.addressLines, locality: a.locality, region: a.region, zipCode: a.zipCode, country: a.addressCountry },
    emergencyName: a.emergencyName,
    emergencyPhone: a.emergencyPhone,
    medicalNotes: a.medicalNotes,
  };
}

/** The packages the athlete holds now (active or on hold), with the package's name and kind. */
export async function currentPackages(db: DbOrTx, gymId: string, athleteId: string): Promise<AthletePackageSummary[]> {
  const rows = await db
    .select({
      athletePackageId: athletePackages.id,
      name: packages.name,
      kind: packages.kind,
      status: athletePackages.status,
      startDate: athletePackages.startDate,
      endDate: athletePackages.endDate,
    })
    .from(athletePackages)
    .innerJoin(packages, eq(packages.id, athletePackages.packageId))
    .where(and(eq(athletePackages.gymId, gymId), eq(athletePackages.athleteId, athleteId), inArray(athletePackages.status, ['active', 'on_hold'])))
    .orderBy(asc(athletePackages.startDate), asc(packages.name));
  return rows;
}

/** The overview's flags and last visit in one statement. */
export async function athleteFlags(db: DbOrTx, athleteId: string) {
  const [row] = await db
    .select({
      hasPastDueBills: sql<boolean>`exists (select 1 from invoices i where i.athlete_id = ${athleteId} and i.status = 'past_due')`,
      hasUnsignedDocuments: sql<boolean>`exists (select 1 from documents d where d.athlete_id = ${athleteId} and d.signed_at is null and d.voided_at is null)`,
      hasMedicalNote: sql<boolean>`${athletes.medicalNotes} <> ''`,
      lastVisit: sql<string | null>`(select max(coalesce(r.checked_in_at, e.starts_at)) from reservations r join events e on e.id = r.event_id
        where r.athlete_id = ${athleteId} and r.is_checked_in)`,
    })
    .from(athletes)
    .where(eq(athletes.id, athleteId));
  return {
    flags: {
      hasPastDueBills: Boolean(row?.hasPastDueBills),
      hasUnsignedDocuments: Boolean(row?.hasUnsignedDocuments),
      hasMedicalNote: Boolean(row?.hasMedicalNote),
    },
    lastVisit: row?.lastVisit ? iso(row.lastVisit) : null,
  };
}

const noteColumns = {
  id: notes.id,
  title: notes.title,
  content: notes.content,
  isPinned: notes.isPinned,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
  createdBy: sql<string | null>`(select ${fullName(staff)} from ${staff} where ${staff.profileId} = ${notes.createdByProfileId})`,
};

function toNote(n: { id: string; title: string; content: string; isPinned: boolean; createdAt: Date; updatedAt: Date; createdBy: string | null }): AthleteNote {
  return {
    noteId: n.id,
    title: n.title,
    content: n.content,
    isPinned: n.isPinned,
    createdAt: iso(n.createdAt)!,
    updatedAt: iso(n.updatedAt)!,
    createdBy: n.createdBy,
  };
}

export async function listNotes(db: DbOrTx, gymId: string, athleteId: string): Promise<AthleteNote[]> {
  const rows = await db
    .select(noteColumns)
    .from(notes)
    .where(and(eq(notes.gymId, gymId), eq(notes.athleteId, athleteId)))
    .orderBy(desc(notes.isPinned), desc(notes.updatedAt), asc(notes.id));
  return rows.map(toNote);
}

export async function findNote(db: DbOrTx, gymId: string, athleteId: string, noteId: string): Promise<AthleteNote | undefined> {
  const [row] = await db
    .select(noteColumns)
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.gymId, gymId), eq(notes.athleteId, athleteId)));
  return row && toNote(row);
}

/** The family of an athlete: who may sign in as them (parents) and whom they may sign in as in this gym (dependants). */
export async function findFamily(db: DbOrTx, gymId: string, of: { athlete: { profileId: string }; userId: string }): Promise<AthleteFamily> {
  const athlete = { profileId: of.athlete.profileId, userId: of.userId };
  const member = (r: {
    athleteId: string | null;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    picture: string | null;
    userEmail?: string;
  }): FamilyMember => ({
    athleteId: r.athleteId,
    fullName: r.firstName !== null ? `${r.firstName} ${r.lastName ?? ''}`.trim() : (r.userEmail ?? ''),
    email: r.email ?? r.userEmail ?? null,
    profilePicture: r.picture,
  });
  // A parent is a user; shown as their athlete record in this gym when they have one (else their sign-in email).
  const parentAthlete = db
    .select({
      id: athletes.id,
      firstName: athletes.firstName,
      lastName: athletes.lastName,
      email: athletes.email,
      picture: athletes.profilePicture,
      userId: profiles.userId,
    })
    .from(athletes)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .where(eq(athletes.gymId, gymId))
    .as('parent_athlete');
  const parents = await db
    .select({
      athleteId: parentAthlete.id,
      firstName: parentAthlete.firstName,
      lastName: parentAthlete.lastName,
      email: parentAthlete.email,
      picture: parentAthlete.picture,
      userEmail: users.email,
    })
    .from(profileLinks)
    .innerJoin(users, eq(users.id, profileLinks.userId))
    .leftJoin(parentAthlete, eq(parentAthlete.userId, profileLinks.userId))
    .where(eq(profileLinks.profileId, athlete.profileId))
    .orderBy(asc(users.email));
  const dependants = await db
    .select({ athleteId: athletes.id, firstName: athletes.firstName, lastName: athletes.lastName, email: athletes.email, picture: athletes.profilePicture })
    .from(profileLinks)
    .innerJoin(athletes, and(eq(athletes.profileId, profileLinks.profileId), eq(athletes.gymId, gymId)))
    .where(eq(profileLinks.userId, athlete.userId))
    .orderBy(asc(athletes.firstName), asc(athletes.lastName));
  return { parents: parents.map(member), dependants: dependants.map(member) };
}

/**
 * Whether linking `dependantUserId`'s profile under `parent` would make a cycle: the dependant's user may already
 * (through any chain of links in this gym) sign in as the parent.
 */
export async function wouldCycle(db: DbOrTx, gymId: string, parentProfileId: string, dependantUserId: string): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`
    with recursive up(user_id, depth) as (
      select ${profileLinks.userId}, 1 from ${profileLinks} where ${profileLinks.profileId} = ${parentProfileId}
      union
      select pl.user_id, up.depth + 1 from up
        join ${profiles} p on p.user_id = up.user_id and p.gym_id = ${gymId} and p.role = 'athlete'
        join ${profileLinks} pl on pl.profile_id = p.id
      where up.depth < 20
    )
    select exists (select 1 from up where user_id = ${dependantUserId}) as found`,
  );
  return Boolean(rows[0]?.found);
}

export async function listActivity(db: DbOrTx, gymId: string, athleteId: string, q: { limit: number; offset: number }): Promise<ListResult<AthleteActivity>> {
  const where = and(eq(auditLog.gymId, gymId), eq(auditLog.entityType, 'athlete'), eq(auditLog.entityId, athleteId));
  const list = await listPage({
    count: db.select({ n: count() }).from(auditLog).where(where),
    rows: db
      .select({ id: auditLog.id, action: auditLog.action, actorName: auditLog.actorName, createdAt: auditLog.createdAt, changes: auditLog.changes })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset(q.offset),
  });
  return {
    count: list.count,
    results: list.results.map((r) => ({
      auditId: r.id,
      action: r.action,
      actorName: r.actorName,
      createdAt: iso(r.createdAt)!,
      changes: (r.changes ?? {}) as Record<string, unknown>,
    })),
  };
}

/** The picker's athletes: not archived or anonymised, by name or email, by name. */
export async function searchAthletes(db: DbOrTx, gymId: string, q: { search: string; limit: number; offset: number }) {
  const pattern = containsPattern(q.search);
  const where = and(
    eq(athletes.gymId, gymId),
    isNull(athletes.archivedAt),
    isNull(athletes.anonymisedAt),
    q.search ? or(ilike(fullName(athletes), pattern), ilike(athletes.email, pattern)) : undefined,
  );
  return listPage({
    count: db.select({ n: count() }).from(athletes).where(where),
    rows: db
      .select({ athleteId: athletes.id, fullName: fullName(athletes), email: athletes.email })
      .from(athletes)
      .where(where)
      .orderBy(asc(sql`lower(${fullName(athletes)})`), asc(athletes.id))
      .limit(q.limit)
      .offset(q.offset),
  });
}

/** Everything the gym holds about the athlete, for a subject-access request. */
export async function exportData(db: Db, gymId: string, athleteId: string) {
  const [tagRows, noteRows, reservationRows, invoiceRows, documentRows, packageRows, activity] = await Promise.all([
    db
      .select({ name: tags.name, addedAt: athleteTags.createdAt })
      .from(athleteTags)
      .innerJoin(tags, eq(tags.id, athleteTags.tagId))
      .where(eq(athleteTags.athleteId, athleteId)),
    db
      .select(noteColumns)
      .from(notes)
      .where(and(eq(notes.gymId, gymId), eq(notes.athleteId, athleteId)))
      .orderBy(asc(notes.createdAt)),
    db
      .select({
        reservationId: reservations.id,
        kind: events.kind,
        name: sql<string>`coalesce(${classTypes.name}, ${appointmentTypes.name})`,
        startsAt: events.startsAt,
        isReserved: reservations.isReserved,
        isWaitlisted: reservations.isWaitlisted,
        isCheckedIn: reservations.isCheckedIn,
        isLateCancel: reservations.isLateCancel,
        isNoShow: reservations.isNoShow,
        registeredAt: reservations.registrationDatetime,
      })
      .from(reservations)
      .innerJoin(events, eq(events.id, reservations.eventId))
      .leftJoin(classTypes, eq(classTypes.id, events.classTypeId))
      .leftJoin(appointmentTypes, eq(appointmentTypes.id, events.appointmentTypeId))
      .where(and(eq(reservations.gymId, gymId), eq(reservations.athleteId, athleteId)))
      .orderBy(asc(events.startsAt)),
    db
      .select({ invoiceId: invoices.id, status: invoices.status, dueDate: invoices.dueDate, totalMinor: invoices.totalMinor, createdAt: invoices.createdAt })
      .from(invoices)
      .where(and(eq(invoices.gymId, gymId), eq(invoices.athleteId, athleteId))),
    db
      .select({ documentId: documents.id, title: documents.title, issuedAt: documents.issuedAt, signedAt: documents.signedAt })
      .from(documents)
      .where(and(eq(documents.gymId, gymId), eq(documents.athleteId, athleteId))),
    db
      .select({
        name: packages.name,
        kind: packages.kind,
        status: athletePackages.status,
        startDate: athletePackages.startDate,
        endDate: athletePackages.endDate,
      })
      .from(athletePackages)
      .innerJoin(packages, eq(packages.id, athletePackages.packageId))
      .where(and(eq(athletePackages.gymId, gymId), eq(athletePackages.athleteId, athleteId))),
    db
      .select({ action: auditLog.action, actorName: auditLog.actorName, createdAt: auditLog.createdAt, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.gymId, gymId), eq(auditLog.entityType, 'athlete'), eq(auditLog.entityId, athleteId)))
      .orderBy(asc(auditLog.createdAt)),
  ]);
  return {
    tags: tagRows,
    notes: noteRows.map(toNote),
    reservations: reservationRows,
    invoices: invoiceRows,
    documents: documentRows,
    packages: packageRows,
    activity,
  };
}

/** Another athlete of the gym already holds this email (case-insensitive); `except` is the athlete being edited. */
export async function emailTaken(db: DbOrTx, gymId: string, email: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: athletes.id })
    .from(athletes)
    .where(and(eq(athletes.gymId, gymId), sql`lower(${athletes.email}) = ${email.toLowerCase()}`, except ? ne(athletes.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

/** The gym of an athlete id, whichever gym holds it (a create's retry with its id), or undefined. */
export async function gymOfAthleteId(db: DbOrTx, athleteId: string): Promise<string | undefined> {
  const [known] = await db.select({ gymId: athletes.gymId }).from(athletes).where(eq(athletes.id, athleteId));
  return known?.gymId;
}

/** The kind of the event of the athlete's reservation in the gym, or undefined. */
export async function athleteReservationKind(db: DbOrTx, gymId: string, athleteId: string, reservationId: string) {
  const [row] = await db
    .select({ kind: events.kind })
    .from(reservations)
    .innerJoin(events, eq(events.id, reservations.eventId))
    .where(and(eq(reservations.id, reservationId), eq(reservations.gymId, gymId), eq(reservations.athleteId, athleteId)));
  return row?.kind;
}

/** Whether the user may already enter the profile (a family link). */
export async function isLinked(db: DbOrTx, profileId: string, userId: string): Promise<boolean> {
  const [linked] = await db
    .select({ userId: profileLinks.userId })
    .from(profileLinks)
    .where(and(eq(profileLinks.profileId, profileId), eq(profileLinks.userId, userId)));
  return Boolean(linked);
}
