import { z } from 'zod';
import { membershipStates } from '../rules/membership';
import { pageSchema, queryBooleanSchema, searchTermSchema, uuidSchema } from './common';
import { typeColorSchema } from './event-setup';
import { tagSchema } from './athletes';

/**
 * Issue 17: the athletes list (`/users/athletes`, `/athletes`), its CSV export, tags and the bulk actions on a
 * selection. Server-paged; every filter narrows the same query, so the list, its count and its export agree.
 */

export const athleteSortKeys = ['name', 'created', 'lastVisit'] as const;
export type AthleteSortKey = (typeof athleteSortKeys)[number];

export const ATHLETES_PAGE_SIZE = 25;
/** The longest "last visit older than" a filter takes: ten years. */
export const LAST_VISIT_DAYS_MAX = 3650;

export const athleteListFilterSchema = z.object({
  /** Name, email, or phone (its digits, anywhere in the stored number). */
  search: searchTermSchema,
  membershipState: z.enum(membershipStates).optional(),
  /** Only athletes with a past-due bill. */
  pastDue: queryBooleanSchema.optional(),
  /** Only athletes with a document still to sign. */
  unsignedDocument: queryBooleanSchema.optional(),
  tagId: uuidSchema.optional(),
  /** Athletes whose last visit (a checked-in class or appointment) is older than this many days, or who never came. */
  lastVisitOlderThanDays: z.coerce.number().int().min(1).max(LAST_VISIT_DAYS_MAX).optional(),
  /** Archived athletes instead of the current ones (archived athletes leave the list; decision 029). */
  archived: queryBooleanSchema.optional(),
  sort: z.enum(athleteSortKeys).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type AthleteListFilter = z.infer<typeof athleteListFilterSchema>;
export type AthleteListFilterInput = z.input<typeof athleteListFilterSchema>;

export const athleteListQuerySchema = athleteListFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(ATHLETES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AthleteListQuery = z.infer<typeof athleteListQuerySchema>;

/** One row of the athletes list. */
export const athleteListRowSchema = z.object({
  athleteId: z.uuid(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** As stored: the digits of the international form ('' for none); the web formats it for the gym's country. */
  phone: z.string(),
  profilePicture: z.string().nullable(),
  membershipState: z.enum(membershipStates),
  tags: z.array(tagSchema),
  hasPastDueBills: z.boolean(),
  hasUnsignedDocuments: z.boolean(),
  /** The start of the last class or appointment they were checked in to; null: never. */
  lastVisitAt: z.string().nullable(),
  createdAt: z.string(),
  isArchived: z.boolean(),
});
export type AthleteListRow = z.infer<typeof athleteListRowSchema>;

export const athletePageSchema = pageSchema(athleteListRowSchema);
export type AthletePage = z.infer<typeof athletePageSchema>;

export const tagMessages = {
  nameRequired: 'Tag name is required.',
  nameTooLong: 'A tag name can be at most 50 characters.',
  nameTaken: 'A tag with this name already exists.',
  tagNotFound: 'Tag not found.',
  noAthletes: 'Choose at least one athlete.',
  tooManyAthletes: 'Choose at most 1,000 athletes at a time.',
  subjectRequired: 'Subject is required.',
  subjectTooLong: 'The subject can be at most 150 characters.',
  messageRequired: 'Message is required.',
  messageTooLong: 'The message can be at most 10,000 characters.',
  keyRequired: 'Send an Idempotency-Key header or a key in the body, the same for a retry of this request.',
  keyReused: 'This key was already used for another email (other athletes or another subject). Send a new email with a new key.',
} as const;

/** A tag with how many athletes carry it. */
export const tagWithCountSchema = tagSchema.extend({ athleteCount: z.number().int() });
export type TagWithCount = z.infer<typeof tagWithCountSchema>;
export const tagPageSchema = pageSchema(tagWithCountSchema);

export const tagInputSchema = z.object({
  name: z.string({ error: tagMessages.nameRequired }).trim().min(1, tagMessages.nameRequired).max(50, tagMessages.nameTooLong),
  color: typeColorSchema.default('gray'),
});
export type TagInput = z.input<typeof tagInputSchema>;

export const BULK_ATHLETES_MAX = 1000;
const athleteIdsSchema = z
  .array(uuidSchema, { error: tagMessages.noAthletes })
  .min(1, tagMessages.noAthletes)
  .max(BULK_ATHLETES_MAX, tagMessages.tooManyAthletes);

export const bulkTagInputSchema = z.object({
  athleteIds: athleteIdsSchema,
  tagId: uuidSchema,
  action: z.enum(['add', 'remove']),
});
export type BulkTagInput = z.infer<typeof bulkTagInputSchema>;

/** How many athletes the action changed (already tagged, or another gym's ids, change nothing). */
export const bulkTagAnswerSchema = z.object({ changed: z.number().int() });

export const bulkEmailInputSchema = z.object({
  athleteIds: athleteIdsSchema,
  subject: z.string({ error: tagMessages.subjectRequired }).trim().min(1, tagMessages.subjectRequired).max(150, tagMessages.subjectTooLong),
  /** Plain text: it is escaped into the mail's HTML, never read as HTML. */
  message: z.string({ error: tagMessages.messageRequired }).trim().min(1, tagMessages.messageRequired).max(10_000, tagMessages.messageTooLong),
  /** The request's key (or the Idempotency-Key header): a retry with the same key mails nobody twice. */
  key: z.string().trim().min(8).max(100).optional(),
});
export type BulkEmailInput = z.input<typeof bulkEmailInputSchema>;

/** Mails queued, and the chosen athletes skipped for having no email (or being another gym's). */
export const bulkEmailAnswerSchema = z.object({ queued: z.number().int(), skipped: z.number().int() });
export type BulkEmailAnswer = z.infer<typeof bulkEmailAnswerSchema>;
