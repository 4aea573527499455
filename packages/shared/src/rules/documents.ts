/**
 * Issue 20 (decision 035): documents and waivers. Templates hold sanitised rich text with merge-field tokens such as
 * `{{athlete.fullName}}`; a document is rendered by replacing each token with its value, HTML-escaped, so a name
 * like `<img onerror=…>` reaches the page, the mail and the PDF as text. The server hashes (SHA-256) exactly what it
 * rendered; the signer sends that hash back, and a signature is refused when it no longer matches.
 */

export const documentTypes = ['waiver', 'contract', 'policy'] as const;
export type DocumentType = (typeof documentTypes)[number];
export const documentTypeLabels: Record<DocumentType, string> = { waiver: 'Waiver', contract: 'Contract', policy: 'Policy' };

export const documentStates = ['unsigned', 'signed', 'voided'] as const;
export type DocumentState = (typeof documentStates)[number];
export const documentStateLabels: Record<DocumentState, string> = { unsigned: 'Unsigned', signed: 'Signed', voided: 'Voided' };

/** The athlete app's `/documents/{tab}` tabs (spec 2.4: the default tab link is unsigned). */
export const documentTabs = ['unsigned', 'signed'] as const;
export type DocumentTab = (typeof documentTabs)[number];

export const documentSources = ['manual', 'bulk', 'sign_up', 'purchase', 'rule'] as const;
export type DocumentSource = (typeof documentSources)[number];
export const documentSourceLabels: Record<DocumentSource, string> = {
  manual: 'Issued by staff',
  bulk: 'Issued to a group',
  sign_up: 'On sign-up',
  purchase: 'On purchase',
  rule: 'Required before booking',
};

export function documentStateOf(d: { signedAt: string | Date | null; voidedAt: string | Date | null }): DocumentState {
  if (d.signedAt) return 'signed';
  if (d.voidedAt) return 'voided';
  return 'unsigned';
}

/** The merge fields a template may hold, in the editor's menu order. */
export const mergeFields = [
  { key: 'athlete.fullName', label: 'Athlete’s full name', sample: 'Alex Morgan' },
  { key: 'athlete.dateOfBirth', label: 'Athlete’s date of birth', sample: '03/14/1990' },
  { key: 'athlete.address', label: 'Athlete’s address', sample: '12 Main Street, Springfield, IL 62701' },
  { key: 'gym.name', label: 'Gym name', sample: 'Iron Temple' },
  { key: 'gym.address', label: 'Gym address', sample: '400 Market Street, Springfield, IL 62701' },
  { key: 'today', label: 'Today’s date', sample: '11/24/2026' },
  { key: 'package.name', label: 'Package name', sample: 'Unlimited Monthly' },
] as const;
export type MergeFieldKey = (typeof mergeFields)[number]['key'];
export type MergeValues = Record<MergeFieldKey, string>;

export const mergeToken = (key: MergeFieldKey) => `{{${key}}}`;
const TOKEN = /\{\{\s*([a-zA-Z]+\.?[a-zA-Z]*)\s*\}\}/g;

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * The document as its signer reads it: every merge token replaced by its value, escaped. Unknown tokens are left as
 * they were written (the editor offers only known ones; a typo stays visible rather than vanishing).
 */
export function renderDocumentBody(body: string, values: MergeValues): string {
  return body.replace(TOKEN, (whole, key: string) => (key in values ? escapeHtml(values[key as MergeFieldKey]) : whole));
}

/** The merge fields a body uses (the editor's preview, tests). */
export function mergeFieldsIn(body: string): MergeFieldKey[] {
  const keys = new Set<MergeFieldKey>();
  for (const m of body.matchAll(TOKEN)) if (mergeFields.some((f) => f.key === m[1])) keys.add(m[1] as MergeFieldKey);
  return [...keys];
}

export const sampleMergeValues: MergeValues = Object.fromEntries(mergeFields.map((f) => [f.key, f.sample])) as MergeValues;

/** Limits of a signature (a drawn PNG as a data URL) and of typed names and initials. */
export const DOCUMENT_LIMITS = {
  titleMax: 120,
  bodyMax: 100_000,
  initialFieldsMax: 10,
  initialLabelMax: 200,
  signatureImageMax: 300_000,
  typedNameMax: 120,
  initialsMax: 10,
  voidReasonMax: 500,
  /** Issue to a filtered set: at most this many athletes at once. */
  bulkIssueMax: 5_000,
} as const;

export const documentMessages = {
  titleRequired: 'Enter a title.',
  titleTooLong: `Keep the title under ${DOCUMENT_LIMITS.titleMax} characters.`,
  bodyRequired: 'Write the document’s text.',
  bodyTooLong: 'This document is too long.',
  initialLabel: 'Give each initials field a label.',
  tooManyInitials: `Up to ${DOCUMENT_LIMITS.initialFieldsMax} initials fields.`,
  templateNotFound: 'Document template not found.',
  templateArchived: 'This template is archived. Restore it to issue it.',
  documentNotFound: 'Document not found.',
  athleteNotFound: 'Athlete not found.',
  packageNotFound: 'One of the packages was not found.',
  noAthletes: 'Choose at least one athlete.',
  tooManyAthletes: `Issue to at most ${DOCUMENT_LIMITS.bulkIssueMax.toLocaleString('en-US')} athletes at once.`,
  alreadySigned: 'This document has already been signed.',
  signedImmutable: 'A signed document cannot be changed.',
  voided: 'This document was voided and can no longer be signed.',
  notSigned: 'This document has not been signed yet.',
  signatureRequired: 'Draw your signature or type your full name.',
  signatureImage: 'The signature could not be read. Please draw it again.',
  typedNameRequired: 'Type your full name to sign.',
  initialsRequired: 'Initial every required field.',
  agreeRequired: 'Tick the box to agree to this document.',
  contentChanged: 'This document changed while you were reading it. Please read it again before signing.',
  notYours: 'You can only sign your own documents or those of your dependants.',
  voidReasonTooLong: `Keep the reason under ${DOCUMENT_LIMITS.voidReasonMax} characters.`,
  onlyUnsignedVoid: 'Only an unsigned document can be voided.',
  onlyUnsignedRemind: 'Only an unsigned document can be reminded.',
  requiredBeforeBooking: (title: string) => `Please sign “${title}” before booking.`,
  handOffActive: 'This device is handed to a member to sign a document.',
  handOffEnded: 'The document is signed. Hand the device back to the front desk.',
  unlockPassword: 'That password is not right.',
  noEmail: 'This athlete has no email address.',
  impersonatingSign: 'A document cannot be signed while acting as someone else.',
  notSignedPdf: 'Only a signed document has a PDF.',
} as const;

/**
 * Issue 32 (decision 041): whether a signed document is still what was signed. Its signature row keeps the exact
 * content and the SHA-256 taken when it was signed; every read, the PDF and an owner's Verify hash the stored content
 * again and compare. Rows of signed documents and signatures can be neither changed nor deleted (database triggers), so
 * a mismatch means the database was written around them.
 */
export const documentIntegrityStates = ['intact', 'altered', 'unsigned'] as const;
export type DocumentIntegrityState = (typeof documentIntegrityStates)[number];

export const documentIntegrityMessages = {
  intact: 'Verified: the stored content matches the SHA-256 recorded when it was signed.',
  altered: 'This signed document has been altered: its stored content no longer matches the SHA-256 recorded when it was signed. Do not rely on this copy.',
  signatureMissing: 'This document is marked signed, but its signature record is missing.',
  unsigned: 'Not signed yet: there is nothing to verify.',
} as const;

export type DocumentIntegrity = {
  state: DocumentIntegrityState;
  message: string;
  /** The SHA-256 recorded with the signature (null: unsigned, or the signature is missing). */
  recordedSha256: string | null;
  /** The SHA-256 of the content stored now (null when there is no signature). */
  computedSha256: string | null;
};

/** The verdict on a document: `computedSha256` is the hash of the signature's stored content, taken now. */
export function documentIntegrityOf(
  d: { signedAt: string | Date | null },
  signature: { contentSha256: string } | null,
  computedSha256: string | null,
): DocumentIntegrity {
  if (!d.signedAt && !signature) return { state: 'unsigned', message: documentIntegrityMessages.unsigned, recordedSha256: null, computedSha256: null };
  if (!signature || computedSha256 === null)
    return { state: 'altered', message: documentIntegrityMessages.signatureMissing, recordedSha256: null, computedSha256: null };
  const intact = d.signedAt !== null && computedSha256 === signature.contentSha256;
  return {
    state: intact ? 'intact' : 'altered',
    message: intact ? documentIntegrityMessages.intact : documentIntegrityMessages.altered,
    recordedSha256: signature.contentSha256,
    computedSha256,
  };
}
