import { z } from 'zod';
import { membershipStates } from '../rules/membership';
import { athleteInputSchema } from './athletes';
import { pageSchema, paginationQuerySchema, uuidSchema } from './common';
import { myAttendanceSchema, scheduleClassSchema } from './schedule';

/** Issue 17: the member record's create, detail tabs and requests (the athlete detail page of staff). */

/** Create: the form's fields, an optional id of the client's own (the same id twice makes one athlete), and whether to invite. */
export const createAthleteInputSchema = athleteInputSchema.extend({
  athleteId: uuidSchema.optional(),
  /** Mail an account invitation (the activation flow) when the athlete has an email and no account yet. */
  sendInvitation: z.boolean().default(false),
});
export type CreateAthleteInput = z.input<typeof createAthleteInputSchema>;

/** What the anonymise request must carry, typed by the person asking: it cannot be undone. */
export const ANONYMISE_CONFIRMATION = 'ANONYMISE';
export const anonymiseInputSchema = z.object({ confirm: z.string().max(50) });

export const athleteRecordMessages = {
  notFound: 'Athlete not found.',
  anonymised: 'This athlete has been anonymised; the record can no longer be changed.',
  confirmAnonymise: `Type ${ANONYMISE_CONFIRMATION} to confirm.`,
  noEmail: 'Add an email to this athlete first.',
  hasLogin: 'This athlete already has an account.',
  invitationRecent: 'An invitation was sent a few minutes ago. Try again later.',
  invitationSent: 'Invitation sent.',
  noteNotFound: 'Note not found.',
  noteContentRequired: 'Write something in the note.',
  noteTitleRequired: 'Give the note a title.',
  selfLink: 'An athlete cannot be their own dependant.',
  alreadyLinked: 'This dependant is already linked to this athlete.',
  familyCycle: 'This link would make an athlete their own parent.',
  parentNeedsEmail: 'A parent needs an email to sign in to their dependants.',
  linkNotFound: 'These athletes are not linked.',
  reservationNotFound: 'Booking not found.',
} as const;

export const athletePackageSummarySchema = z.object({
  athletePackageId: z.uuid(),
  name: z.string(),
  kind: z.enum(['membership', 'class_pack', 'drop_in', 'trial']),
  status: z.enum(['active', 'on_hold', 'cancelled', 'ended']),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type AthletePackageSummary = z.infer<typeof athletePackageSummarySchema>;

export const athleteFlagsSchema = z.object({ hasPastDueBills: z.boolean(), hasUnsignedDocuments: z.boolean(), hasMedicalNote: z.boolean() });
export type AthleteFlags = z.infer<typeof athleteFlagsSchema>;

/** The Overview tab: status, current packages, next bookings, flags, last visit and attendance at a glance. */
export const athleteOverviewSchema = z.object({
  athleteId: z.uuid(),
  membershipState: z.enum(membershipStates),
  isArchived: z.boolean(),
  isAnonymised: z.boolean(),
  packages: z.array(athletePackageSummarySchema),
  nextBookings: z.array(scheduleClassSchema),
  flags: athleteFlagsSchema,
  /** When the athlete last checked in to a class or appointment (ISO instant), or null. */
  lastVisit: z.string().nullable(),
  attendance: myAttendanceSchema,
  timeZone: z.string(),
});
export type AthleteOverview = z.infer<typeof athleteOverviewSchema>;

/** The Attendance tab: the counts, and the past bookings (checked in, no show, late cancel…), latest first. */
export const athleteAttendancePageSchema = pageSchema(scheduleClassSchema).extend({ counts: myAttendanceSchema, timeZone: z.string() });
export type AthleteAttendancePage = z.infer<typeof athleteAttendancePageSchema>;

export const athleteBookingsPageSchema = pageSchema(scheduleClassSchema).extend({ timeZone: z.string() });
export type AthleteBookingsPage = z.infer<typeof athleteBookingsPageSchema>;

/** Staff book a class for the athlete (the reservations' rules: window, capacity, waitlist). */
export const athleteBookingInputSchema = z.object({ eventId: uuidSchema, joinWaitlist: z.boolean().default(false) });
export const athleteBookingAnswerSchema = z.object({ reservationId: z.uuid(), isWaitlisted: z.boolean(), detail: z.string() });

/** A staff note on an athlete (spec 3 Note, with who wrote it and whether the kiosk shows it). */
export const athleteNoteSchema = z.object({
  noteId: z.uuid(),
  title: z.string(),
  content: z.string(),
  isPinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
});
export type AthleteNote = z.infer<typeof athleteNoteSchema>;
export const athleteNoteInputSchema = z.object({
  title: z.string().trim().max(200, 'Use at most 200 characters.'),
  content: z.string().max(50_000, 'This note is too long.'),
  isPinned: z.boolean().default(false),
});
export type AthleteNoteInput = z.input<typeof athleteNoteInputSchema>;
export const athleteNotesSchema = z.object({ results: z.array(athleteNoteSchema) });

/** A person of an athlete's family: their athlete record in this gym when they have one. */
export const familyMemberSchema = z.object({
  athleteId: z.uuid().nullable(),
  fullName: z.string(),
  email: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;
export const athleteFamilySchema = z.object({
  /** Accounts that may sign in as this athlete (profile links to this athlete's profile). */
  parents: z.array(familyMemberSchema),
  /** Athletes of this gym this athlete's account may sign in as. */
  dependants: z.array(familyMemberSchema),
});
export type AthleteFamily = z.infer<typeof athleteFamilySchema>;
export const linkDependantInputSchema = z.object({ dependantAthleteId: uuidSchema });

/** One row of the Activity tab (the audit trail). */
export const athleteActivitySchema = z.object({
  auditId: z.uuid(),
  action: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
  changes: z.record(z.string(), z.unknown()),
});
export type AthleteActivity = z.infer<typeof athleteActivitySchema>;
export const athleteActivityPageSchema = pageSchema(athleteActivitySchema);

/** The Family tab's athlete picker: athletes of the gym by name or email. */
export const athleteSearchQuerySchema = paginationQuerySchema.extend({ search: z.string().trim().max(100).default('') });
export const athleteSearchResultSchema = z.object({ athleteId: z.uuid(), fullName: z.string(), email: z.string().nullable() });
export const athleteSearchPageSchema = pageSchema(athleteSearchResultSchema);

/** The subject-access export: everything the gym holds about the person, as one JSON document. */
export const athleteExportSchema = z.object({
  exportedAt: z.string(),
  gym: z.object({ gymId: z.uuid(), title: z.string() }),
  record: z.record(z.string(), z.unknown()),
  tags: z.array(z.record(z.string(), z.unknown())),
  notes: z.array(z.record(z.string(), z.unknown())),
  reservations: z.array(z.record(z.string(), z.unknown())),
  invoices: z.array(z.record(z.string(), z.unknown())),
  documents: z.array(z.record(z.string(), z.unknown())),
  packages: z.array(z.record(z.string(), z.unknown())),
  family: athleteFamilySchema,
  activity: z.array(z.record(z.string(), z.unknown())),
});
