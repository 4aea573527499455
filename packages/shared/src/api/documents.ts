import { z } from 'zod';
import { DOCUMENT_LIMITS, documentIntegrityStates, documentMessages, documentSources, documentStates, documentTabs, documentTypes } from '../rules/documents';
import { isRichTextEmpty } from '../validation-rules';
import { athleteListFilterSchema } from './athletes-list';
import { dateRangeRefinement, isoDateSchema, pageSchema, searchTermSchema, uuidSchema } from './common';

/**
 * Issue 20 (decision 035): document templates, issued documents, signing and the front-desk hand-off on the wire.
 * Instants are ISO strings.
 */

// ---------- templates ----------

const titleSchema = z
  .string({ error: documentMessages.titleRequired })
  .trim()
  .min(1, documentMessages.titleRequired)
  .max(DOCUMENT_LIMITS.titleMax, documentMessages.titleTooLong);

/** What the template editor saves. Editing the title, body or fields writes a new version; the rules change in place. */
export const documentTemplateInputSchema = z.object({
  type: z.enum(documentTypes),
  title: titleSchema,
  body: z
    .string({ error: documentMessages.bodyRequired })
    .max(DOCUMENT_LIMITS.bodyMax, documentMessages.bodyTooLong)
    .refine((v) => !isRichTextEmpty(v), documentMessages.bodyRequired),
  requiresSignature: z.boolean().default(true),
  initialFields: z
    .array(z.string().trim().min(1, documentMessages.initialLabel).max(DOCUMENT_LIMITS.initialLabelMax, documentMessages.initialLabel))
    .max(DOCUMENT_LIMITS.initialFieldsMax, documentMessages.tooManyInitials)
    .default([]),
  requiredOnSignUp: z.boolean().default(false),
  requiredBeforeBooking: z.boolean().default(false),
  /** Issued on buying any of these packages. */
  packageIds: z.array(uuidSchema).max(200).default([]),
});
export type DocumentTemplateInput = z.infer<typeof documentTemplateInputSchema>;
export type DocumentTemplateFormInput = z.input<typeof documentTemplateInputSchema>;

export const documentTemplateRowSchema = z.object({
  templateId: z.uuid(),
  type: z.enum(documentTypes),
  title: z.string(),
  currentVersion: z.number().int(),
  requiredOnSignUp: z.boolean(),
  requiredBeforeBooking: z.boolean(),
  packageIds: z.array(z.uuid()),
  archived: z.boolean(),
  updatedAt: z.string(),
  /** Documents issued from it, by state. */
  unsignedCount: z.number().int(),
  signedCount: z.number().int(),
});
export type DocumentTemplateRow = z.infer<typeof documentTemplateRowSchema>;
export const documentTemplateListSchema = z.array(documentTemplateRowSchema);

export const documentTemplateVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  requiresSignature: z.boolean(),
  initialFields: z.array(z.string()),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type DocumentTemplateVersion = z.infer<typeof documentTemplateVersionSchema>;

export const documentTemplateDetailSchema = documentTemplateRowSchema.extend({
  body: z.string(),
  requiresSignature: z.boolean(),
  initialFields: z.array(z.string()),
  /** Newest first, without their bodies (GET the version for one). */
  versions: z.array(documentTemplateVersionSchema.omit({ body: true })),
});
export type DocumentTemplateDetail = z.infer<typeof documentTemplateDetailSchema>;

export const templateVersionParamsSchema = z.object({ templateId: uuidSchema, version: z.coerce.number().int().min(1).max(100_000) });

// ---------- issued documents ----------

export const DOCUMENTS_PAGE_SIZE = 25;
export const documentSortKeys = ['issuedAt', 'signedAt', 'title', 'athlete'] as const;

/** `/documents/issued` filters: state, template, athlete, type, issue-date range and a search on title or athlete. */
export const documentListFilterSchema = z
  .object({
    state: z.enum(documentStates).optional(),
    templateId: uuidSchema.optional(),
    athleteId: uuidSchema.optional(),
    type: z.enum(documentTypes).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    search: searchTermSchema,
    sort: z.enum(documentSortKeys).default('issuedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine(dateRangeRefinement('from', 'to'));
export type DocumentListFilter = z.infer<typeof documentListFilterSchema>;

export const documentListQuerySchema = z.intersection(
  documentListFilterSchema,
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(DOCUMENTS_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentRowSchema = z.object({
  documentId: z.uuid(),
  title: z.string(),
  type: z.enum(documentTypes),
  state: z.enum(documentStates),
  source: z.enum(documentSources),
  athlete: z.object({ athleteId: z.uuid(), fullName: z.string() }),
  templateId: z.uuid().nullable(),
  version: z.number().int().nullable(),
  issuedAt: z.string(),
  signedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  lastRemindedAt: z.string().nullable(),
  reminderCount: z.number().int(),
  /** Who signed (a parent or guardian for a dependant). */
  signerName: z.string().nullable(),
});
export type DocumentRow = z.infer<typeof documentRowSchema>;
export const documentPageSchema = pageSchema(documentRowSchema);

/** Issue to one athlete, to chosen athletes, or to every athlete of an athletes-list filter. */
export const issueDocumentsInputSchema = z
  .object({
    templateId: uuidSchema,
    athleteIds: z.array(uuidSchema).max(DOCUMENT_LIMITS.bulkIssueMax, documentMessages.tooManyAthletes).optional(),
    filter: athleteListFilterSchema.omit({ sort: true, order: true }).optional(),
    /** Email each athlete a link to sign (through the outbox). */
    sendEmail: z.boolean().default(true),
  })
  .refine((v) => (v.athleteIds && v.athleteIds.length > 0) || v.filter, { message: documentMessages.noAthletes, path: ['athleteIds'] });
export type IssueDocumentsInput = z.infer<typeof issueDocumentsInputSchema>;
export const issueDocumentsAnswerSchema = z.object({
  /** Newly issued. */
  issued: z.number().int(),
  /** Athletes who already held an unsigned copy of the template. */
  alreadyOpen: z.number().int(),
});

export const voidDocumentInputSchema = z.object({
  reason: z.string().trim().max(DOCUMENT_LIMITS.voidReasonMax, documentMessages.voidReasonTooLong).default(''),
});

export const signatureRecordSchema = z.object({
  relation: z.enum(['self', 'guardian']),
  signerName: z.string(),
  athleteName: z.string(),
  method: z.enum(['drawn', 'typed']),
  signatureImage: z.string().nullable(),
  typedName: z.string().nullable(),
  initials: z.array(z.object({ label: z.string(), value: z.string() })),
  via: z.enum(['athlete_app', 'front_desk']),
  contentSha256: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  signedAt: z.string(),
});
export type SignatureRecord = z.infer<typeof signatureRecordSchema>;

/**
 * One document as it is read: unsigned, the content rendered now (merge fields filled and escaped) with its SHA-256,
 * which a signature must send back; signed, the exact content that was signed, with the signature.
 */
/** Issue 32 (decision 041): the stored content of a signed document hashed again and compared with the recorded SHA-256. */
export const documentIntegritySchema = z.object({
  state: z.enum(documentIntegrityStates),
  message: z.string(),
  recordedSha256: z.string().nullable(),
  computedSha256: z.string().nullable(),
});

/** An owner's Verify: the integrity check run now. */
export const documentVerificationSchema = documentIntegritySchema.extend({ documentId: z.uuid(), checkedAt: z.string() });
export type DocumentVerification = z.infer<typeof documentVerificationSchema>;

export const documentDetailSchema = documentRowSchema.extend({
  /** Integrity (issue 32): checked on every read; `altered` when the stored content no longer matches its hash. */
  integrity: documentIntegritySchema,
  content: z.string(),
  contentSha256: z.string(),
  requiresSignature: z.boolean(),
  initialFields: z.array(z.string()),
  signature: signatureRecordSchema.nullable(),
  voidReason: z.string().nullable(),
  /** Whether the caller may sign it now (their own or their dependant's, unsigned). */
  canSign: z.boolean(),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** A signature: drawn (a PNG data URL) or typed, the initials of every field, and agreement. */
export const signDocumentInputSchema = z
  .object({
    contentSha256: z.string().regex(/^[0-9a-f]{64}$/, documentMessages.contentChanged),
    method: z.enum(['drawn', 'typed'], { error: documentMessages.signatureRequired }),
    signatureImage: z
      .string()
      .max(DOCUMENT_LIMITS.signatureImageMax, documentMessages.signatureImage)
      .regex(PNG_DATA_URL, documentMessages.signatureImage)
      .optional(),
    typedName: z.string().trim().max(DOCUMENT_LIMITS.typedNameMax, documentMessages.typedNameRequired).optional(),
    initials: z
      .array(
        z.object({
          label: z.string().max(DOCUMENT_LIMITS.initialLabelMax),
          value: z.string().trim().min(1, documentMessages.initialsRequired).max(DOCUMENT_LIMITS.initialsMax),
        }),
      )
      .max(DOCUMENT_LIMITS.initialFieldsMax)
      .default([]),
    agreed: z.literal(true, { error: documentMessages.agreeRequired }),
    /**
     * On the front-desk device only: a parent or guardian of the athlete (an athlete of the gym linked to the
     * athlete's profile) signs for them. In the athlete app the signer is whoever is logged in.
     */
    guardianAthleteId: uuidSchema.optional(),
  })
  .refine((v) => v.method !== 'drawn' || Boolean(v.signatureImage), { message: documentMessages.signatureRequired, path: ['signatureImage'] })
  .refine((v) => v.method !== 'typed' || Boolean(v.typedName), { message: documentMessages.typedNameRequired, path: ['typedName'] });
export type SignDocumentInput = z.infer<typeof signDocumentInputSchema>;
export type SignDocumentFormInput = z.input<typeof signDocumentInputSchema>;

/** The athlete app's lists: their own documents and their dependants'. */
export const myDocumentsQuerySchema = z.object({ tab: z.enum(documentTabs).default('unsigned') });
export const myDocumentListSchema = z.array(documentRowSchema);

// ---------- the front-desk hand-off ----------

/** Staff end a hand-off with their own password. */
export const endHandOffInputSchema = z.object({ password: z.string().min(1, documentMessages.unlockPassword).max(256) });
export const handOffStateSchema = z.object({
  document: documentDetailSchema,
  /** Where staff return to when the hand-off ends (a path inside the app). */
  returnTo: z.string().nullable(),
});
export const startHandOffInputSchema = z.object({
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/)
    .nullable()
    .default(null),
});
