/**
 * Issue 22 (decision 036): every mail the product sends is one of these message templates. Each has a default here and
 * may be overridden per gym at `/flows/templates` (a row of message_templates). A template is a subject (plain text)
 * and a body (the rich-text editor's HTML), with {{mergeField}} tokens from the kind's list. The server renders it
 * (modules/messages/compose.ts): values are HTML-escaped in the body, line breaks taken out of the subject, and a
 * link field becomes a link in the HTML part and the bare address in the plain-text part.
 */

export const messageTemplateKinds = [
  'staff_added',
  'activation',
  'password_reset',
  'sign_up_confirm',
  'sign_up_existing',
  'class_booked',
  'appointment_booked',
  'waitlist_promoted',
  'class_cancelled',
  'class_changed',
  'invoice',
  'invoice_reminder',
  'payment_failed',
  'payment_receipt',
  'document_issued',
  'document_reminder',
] as const;
export type MessageTemplateKind = (typeof messageTemplateKinds)[number];

export const isMessageTemplateKind = (value: string): value is MessageTemplateKind => (messageTemplateKinds as readonly string[]).includes(value);

export type MergeField = {
  key: string;
  label: string;
  /** The preview's value. */
  sample: string;
  /** An address: a link in the HTML part, the bare address in the text part. */
  isLink?: boolean;
};

export type MessageTemplateDefinition = {
  label: string;
  /** When it is sent, in a sentence. */
  description: string;
  group: 'Accounts' | 'Bookings' | 'Billing' | 'Documents';
  fields: readonly MergeField[];
  subject: string;
  bodyHtml: string;
};

/** Every template has these: who it is to, and the gym. */
export const commonMergeFields: readonly MergeField[] = [
  { key: 'firstName', label: 'First name', sample: 'Alex' },
  { key: 'fullName', label: 'Full name', sample: 'Alex Morgan' },
  { key: 'gymTitle', label: 'Gym name', sample: 'Riverside Strength' },
  { key: 'gymEmail', label: 'Gym email', sample: 'hello@riverside.example' },
  { key: 'gymPhone', label: 'Gym phone', sample: '(555) 010-2030' },
];

const field = (key: string, label: string, sample: string, isLink = false): MergeField => ({ key, label, sample, ...(isLink ? { isLink } : {}) });
const link = (sample: string, label = 'Link') => field('link', label, sample, true);
const className = field('className', 'Class', 'Morning WOD');
const when = field('when', 'Date and time', 'Monday 03/09/2026 at 6:00 AM');
const invoiceFields = [
  field('invoiceNumber', 'Invoice number', 'INV-0042'),
  field('total', 'Total', '$120.00'),
  field('balance', 'Balance due', '$120.00'),
  field('dueDate', 'Due date', '03/15/2026'),
  field('summary', 'Invoice summary', 'Invoice INV-0042 · Total $120.00 · Balance due $120.00'),
  link('https://app.spotter.example/invoices/…', 'Invoice link'),
];
const documentFields = [
  field('documentTitle', 'Document title', 'Liability Waiver'),
  field('documentType', 'Document type', 'waiver'),
  field('athleteName', 'Athlete (the one it is for)', 'Sam Morgan'),
  link('https://app.spotter.example/documents/unsigned/…', 'Signing link'),
];

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

export const messageTemplateCatalogue: Record<MessageTemplateKind, MessageTemplateDefinition> = {
  staff_added: {
    label: 'Staff invitation',
    description: 'When a staff member is added to the gym.',
    group: 'Accounts',
    fields: [link('https://app.spotter.example/login', 'Sign-in link')],
    subject: 'You are now on the staff of {{gymTitle}}',
    bodyHtml: p('Hi {{firstName}},', 'You have been added to the staff of {{gymTitle}} on Spotter. Sign in here: {{link}}', '{{gymTitle}}'),
  },
  activation: {
    label: 'Account invitation',
    description: 'When the gym invites a member (or a new login) to set their password.',
    group: 'Accounts',
    fields: [link('https://app.spotter.example/activate/…', 'Activation link')],
    subject: 'Activate your Spotter account',
    bodyHtml: p('Hi {{firstName}},', '{{gymTitle}} has invited you to Spotter. Choose your password here: {{link}}', 'The link works once.'),
  },
  password_reset: {
    label: 'Password reset',
    description: 'When someone asks to reset their password.',
    group: 'Accounts',
    fields: [link('https://app.spotter.example/reset-password/…', 'Reset link')],
    subject: 'Reset your Spotter password',
    bodyHtml: p(
      'Hi {{firstName}},',
      'Someone asked to reset the password of your Spotter account. Choose a new one here: {{link}}',
      'If it was not you, you can ignore this mail.',
    ),
  },
  sign_up_confirm: {
    label: 'Sales portal sign-up',
    description: 'When someone creates an account in the sales portal: the link that confirms their email and activates it.',
    group: 'Accounts',
    fields: [link('https://app.spotter.example/activate/…', 'Activation link')],
    subject: 'Confirm your email for {{gymTitle}}',
    bodyHtml: p(
      'Hi {{firstName}},',
      'Thank you for signing up at {{gymTitle}}. Confirm your email to activate your account: {{link}}',
      'Then log in with the password you chose. If it was not you, ignore this mail: the account stays inactive.',
    ),
  },
  sign_up_existing: {
    label: 'Sales portal sign-up with an email in use',
    description: 'When someone tries to create an account in the sales portal with an email that already has one.',
    group: 'Accounts',
    fields: [
      link('https://app.spotter.example/sales-portal/…', 'Portal link'),
      field('resetLink', 'Password reset link', 'https://app.spotter.example/reset-password', true),
    ],
    subject: 'You already have an account',
    bodyHtml: p(
      'Hi {{firstName}},',
      'Someone, perhaps you, tried to create an account at {{gymTitle}} with this email. It already has one: log in here instead: {{link}}',
      'Forgot your password? Choose a new one here: {{resetLink}}',
      'If it was not you, you can ignore this mail: nothing was changed.',
    ),
  },
  class_booked: {
    label: 'Class booking confirmation',
    description: 'When a member books a class, or the gym books one for them.',
    group: 'Bookings',
    fields: [className, when, field('location', 'Location', 'Main Floor'), link('https://app.spotter.example/classes/…', 'Class link')],
    subject: 'Booked: {{className}}, {{when}}',
    bodyHtml: p(
      'Hi {{firstName}},',
      'You are booked into {{className}} on {{when}} at {{gymTitle}} ({{location}}).',
      'If you can no longer come, please cancel so someone else can take the place: {{link}}',
      '{{gymTitle}}',
    ),
  },
  appointment_booked: {
    label: 'Appointment booking confirmation',
    description: 'When a member books an appointment.',
    group: 'Bookings',
    fields: [
      field('appointmentName', 'Appointment', 'Personal Training'),
      when,
      field('coachName', 'Coach', 'Jordan Lee'),
      link('https://app.spotter.example/appointments/…', 'Appointment link'),
    ],
    subject: 'Booked: {{appointmentName}} at {{gymTitle}}',
    bodyHtml: p('Hi {{firstName}},', 'Your {{appointmentName}} with {{coachName}} is booked for {{when}}.', 'See or cancel it here: {{link}}', '{{gymTitle}}'),
  },
  waitlist_promoted: {
    label: 'Waitlist promotion',
    description: 'When a place opens and the first member on the waitlist is booked.',
    group: 'Bookings',
    fields: [className, when, link('https://app.spotter.example/classes/…', 'Class link')],
    subject: "You're in: {{className}}, {{when}}",
    bodyHtml: p(
      'Hi {{fullName}},',
      'A place opened in {{className}} on {{when}} at {{gymTitle}}, and it is yours: you were next on the waitlist, so you are now booked.',
      'If you can no longer come, please cancel so the next person can take it: {{link}}',
      '{{gymTitle}}',
    ),
  },
  class_cancelled: {
    label: 'Class cancelled by the gym',
    description: 'When the gym cancels a class someone booked or is waiting for.',
    group: 'Bookings',
    fields: [
      className,
      when,
      field('reason', 'Reason given', 'The coach is ill.'),
      field('bookingOutcome', 'What happens to the booking', 'Your booking is removed, and any credit it used is given back'),
      link('https://app.spotter.example/', 'Schedule link'),
    ],
    subject: 'Cancelled: {{className}}, {{when}}',
    bodyHtml: p(
      'Hi {{fullName}},',
      '{{gymTitle}} has cancelled {{className}} on {{when}}. {{reason}}',
      '{{bookingOutcome}}. You do not need to do anything. See the schedule to book another class: {{link}}',
      '{{gymTitle}}',
    ),
  },
  class_changed: {
    label: 'Class moved by the gym',
    description: 'When the gym moves a booked class to another time.',
    group: 'Bookings',
    fields: [
      className,
      when,
      field('previousWhen', 'Previous date and time', 'Monday 03/09/2026 at 5:00 AM'),
      link('https://app.spotter.example/classes/…', 'Class link'),
    ],
    subject: 'New time: {{className}}, {{when}}',
    bodyHtml: p(
      'Hi {{fullName}},',
      '{{className}} at {{gymTitle}}, which you booked for {{previousWhen}}, now starts {{when}}. Your booking stays.',
      'If the new time does not suit you, you can cancel here: {{link}}',
      '{{gymTitle}}',
    ),
  },
  invoice: {
    label: 'Invoice',
    description: 'When an invoice is sent (its PDF is attached).',
    group: 'Billing',
    fields: invoiceFields,
    subject: 'Your invoice {{invoiceNumber}} from {{gymTitle}}',
    bodyHtml: p(
      'Hi {{firstName}},',
      'Here is your invoice from {{gymTitle}}; the PDF is attached.',
      '{{summary}}',
      'See it and pay online: {{link}}',
      '{{gymTitle}}',
    ),
  },
  invoice_reminder: {
    label: 'Invoice reminder',
    description: 'When a reminder of an unpaid invoice is sent.',
    group: 'Billing',
    fields: invoiceFields,
    subject: 'Reminder: invoice {{invoiceNumber}} from {{gymTitle}} is due',
    bodyHtml: p(
      'Hi {{firstName}},',
      'This is a reminder that {{balance}} is due on invoice {{invoiceNumber}}.',
      '{{summary}}',
      'See it and pay online: {{link}}',
      '{{gymTitle}}',
    ),
  },
  payment_failed: {
    label: 'Failed payment',
    description: 'When charging a saved payment method fails.',
    group: 'Billing',
    fields: [
      ...invoiceFields,
      field('failureReason', 'What the provider said', 'Your card was declined.'),
      field('nextStep', 'What happens next', 'We will try your saved payment method again on 03/18/2026.'),
    ],
    subject: 'Payment failed for invoice {{invoiceNumber}} from {{gymTitle}}',
    bodyHtml: p(
      'Hi {{firstName}},',
      'We could not charge your saved payment method for invoice {{invoiceNumber}} ({{balance}}). {{failureReason}}',
      '{{nextStep}}',
      '{{summary}}',
      'See it and pay online: {{link}}',
      '{{gymTitle}}',
    ),
  },
  payment_receipt: {
    label: 'Payment receipt',
    description: 'When a payment of an invoice is recorded.',
    group: 'Billing',
    fields: invoiceFields,
    subject: 'Receipt for invoice {{invoiceNumber}} from {{gymTitle}}',
    bodyHtml: p('Hi {{firstName}},', 'Thank you: we have recorded your payment.', '{{summary}}', 'See it online: {{link}}', '{{gymTitle}}'),
  },
  document_issued: {
    label: 'Document to sign',
    description: 'When the gym sends a document to sign.',
    group: 'Documents',
    fields: documentFields,
    subject: 'Please sign “{{documentTitle}}” from {{gymTitle}}',
    bodyHtml: p(
      'Hi {{firstName}},',
      '{{gymTitle}} has sent a {{documentType}} to sign for {{athleteName}}: “{{documentTitle}}”.',
      'Read and sign it in the app: {{link}}',
      '{{gymTitle}}',
    ),
  },
  document_reminder: {
    label: 'Document reminder',
    description: 'When a document is still unsigned (staff’s Remind, or the daily reminder).',
    group: 'Documents',
    fields: documentFields,
    subject: 'Reminder: please sign “{{documentTitle}}” from {{gymTitle}}',
    bodyHtml: p(
      'Hi {{firstName}},',
      'This is a reminder that the {{documentType}} “{{documentTitle}}” for {{athleteName}} is still waiting for a signature.',
      'Read and sign it in the app: {{link}}',
      '{{gymTitle}}',
    ),
  },
};

/** Every merge field a kind offers: the common ones, then its own. */
export function mergeFieldsOf(kind: MessageTemplateKind): readonly MergeField[] {
  return [...commonMergeFields, ...messageTemplateCatalogue[kind].fields];
}

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The merge-field names used in a text, in order (repeats kept). */
export function mergeTokensOf(text: string): string[] {
  return [...text.matchAll(TOKEN)].map((m) => m[1]!);
}

/** The tokens of a subject and body that are not merge fields of the kind (refused on save). */
export function unknownMergeFields(kind: MessageTemplateKind, subject: string, bodyHtml: string): string[] {
  const known = new Set(mergeFieldsOf(kind).map((f) => f.key));
  return [...new Set([...mergeTokensOf(subject), ...mergeTokensOf(bodyHtml)])].filter((k) => !known.has(k));
}

/** Replaces each {{token}} by `replace(key)`; unknown keys by ''. */
export function replaceMergeTokens(text: string, replace: (key: string) => string | undefined): string {
  return text.replace(TOKEN, (_m, key: string) => replace(key) ?? '');
}

/** The preview's values: every field's sample. */
export function sampleValuesOf(kind: MessageTemplateKind): Record<string, string> {
  return Object.fromEntries(mergeFieldsOf(kind).map((f) => [f.key, f.sample]));
}

export const messageTemplateMessages = {
  subjectRequired: 'Subject is required.',
  subjectTooLong: 'Subject must be at most 200 characters.',
  bodyRequired: 'Message is required.',
  bodyTooLong: 'Message must be at most 20,000 characters.',
  unknownFields: (keys: string[]) => `Not a merge field of this message: ${keys.map((k) => `{{${k}}}`).join(', ')}.`,
  unknownKind: 'There is no such message template.',
  saved: 'Template saved',
  reset: 'Template reset to the default',
  testSent: (to: string) => `A test was sent to ${to}.`,
  noEmail: 'Your login has no email to send a test to.',
} as const;
