import { z } from 'zod';
import { dateRangeRefinement, isoDateSchema, pageSchema, searchTermSchema, uuidSchema } from './common';
import { messageTemplateKinds, messageTemplateMessages } from '../rules/message-templates';

/**
 * Issue 22 (decision 036): `/flows/templates` (message templates, FlowView to see, FlowMutate to change) and the gym's
 * message log (what was sent to whom, its state and retries; also on the athlete page).
 */

export const messageTemplateKindSchema = z.enum(messageTemplateKinds, { error: messageTemplateMessages.unknownKind });
export const messageTemplateParamsSchema = z.object({ kind: messageTemplateKindSchema });

export const mergeFieldSchema = z.object({ key: z.string(), label: z.string(), sample: z.string(), isLink: z.boolean().optional() });

export const messageTemplateRowSchema = z.object({
  kind: messageTemplateKindSchema,
  label: z.string(),
  description: z.string(),
  group: z.enum(['Accounts', 'Bookings', 'Billing', 'Documents']),
  /** The gym's wording (else the default's). */
  subject: z.string(),
  isOverridden: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type MessageTemplateRow = z.infer<typeof messageTemplateRowSchema>;
export const messageTemplateListSchema = z.object({ results: z.array(messageTemplateRowSchema) });

export const messageTemplateDetailSchema = messageTemplateRowSchema.extend({
  bodyHtml: z.string(),
  defaultSubject: z.string(),
  defaultBodyHtml: z.string(),
  mergeFields: z.array(mergeFieldSchema),
});
export type MessageTemplateDetail = z.infer<typeof messageTemplateDetailSchema>;

export const messageTemplateInputSchema = z.object({
  subject: z
    .string({ error: messageTemplateMessages.subjectRequired })
    .trim()
    .min(1, messageTemplateMessages.subjectRequired)
    .max(200, messageTemplateMessages.subjectTooLong),
  /** Rich text (sanitised on save); empty per spec 5 is refused. */
  bodyHtml: z.string({ error: messageTemplateMessages.bodyRequired }).max(20_000, messageTemplateMessages.bodyTooLong),
});
export type MessageTemplateInput = z.infer<typeof messageTemplateInputSchema>;

/** A mail as it would be sent: the preview (sample values) and what the outbox holds. */
export const renderedMessageSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** `"{sender name}" <address>` */
  from: z.string(),
  replyTo: z.string().nullable(),
});
export type RenderedMessage = z.infer<typeof renderedMessageSchema>;

export const testSendAnswerSchema = z.object({ messageId: z.uuid(), to: z.string(), detail: z.string() });

export const messageStates = ['pending', 'sending', 'sent', 'failed'] as const;
export type MessageState = (typeof messageStates)[number];
export const messageStateLabels: Record<MessageState, string> = { pending: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

export const MESSAGES_PAGE_SIZE = 25;
export const messageListFilterSchema = z
  .object({
    status: z.enum(messageStates).optional(),
    /** A template kind, or another kind the product writes (e.g. athlete_bulk_email). */
    kind: z.string().trim().max(64).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** On the recipient or the subject. */
    search: searchTermSchema,
  })
  .superRefine(dateRangeRefinement('from', 'to'));
export type MessageListFilter = z.infer<typeof messageListFilterSchema>;
export const messageListQuerySchema = z.intersection(
  messageListFilterSchema,
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
);
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageRowSchema = z.object({
  messageId: z.uuid(),
  kind: z.string(),
  /** The template's label, or the kind made readable. */
  kindLabel: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(messageStates),
  /** Delivery attempts so far (retries = attempts - 1). */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MessageRow = z.infer<typeof messageRowSchema>;
export const messagePageSchema = pageSchema(messageRowSchema);

export const messageDetailSchema = messageRowSchema.extend({
  from: z.string().nullable(),
  replyTo: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;
export const messageParamsSchema = z.object({ messageId: uuidSchema });
export const athleteMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
