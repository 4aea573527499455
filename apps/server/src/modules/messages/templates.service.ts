import { and, eq } from 'drizzle-orm';
import {
  isRichTextEmpty,
  mergeFieldsOf,
  messageTemplateCatalogue,
  messageTemplateKinds,
  messageTemplateMessages,
  sampleValuesOf,
  unknownMergeFields,
  type MessageTemplateDetail,
  type MessageTemplateInput,
  type MessageTemplateKind,
  type MessageTemplateRow,
  type RenderedMessage,
} from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { messageTemplates } from '../../db/schema';
import { writeTransaction, type WriteContext } from '../../lib/changes';
import { fieldError } from '../../lib/http-error';
import type { Jobs } from '../../lib/jobs';
import { fromLineOf } from '../../lib/mailer';
import { queueMail } from '../../lib/outbox';
import { sanitizeRichText } from '../../lib/rich-text';
import { composeMail, fromNameOf, gymIdentityOf, renderMessage, type ComposeOptions, type TemplateWording } from './compose';

/**
 * Issue 22 (decision 036) `/flows/templates`: the gym's wording of each mail the product sends. A kind without a row
 * uses the default (rules/message-templates.ts); saving writes the row (one per gym and kind), resetting deletes it.
 */

type StoredWording = TemplateWording & { updatedAt: Date };

/** The preview's values: the kind's samples, but the gym's own name, email and phone (compose fills them in). */
function previewValuesOf(kind: MessageTemplateKind): Record<string, string> {
  const { gymTitle: _t, gymEmail: _e, gymPhone: _p, ...rest } = sampleValuesOf(kind);
  return rest;
}

async function storedWordingsOf(db: DbOrTx, gymId: string): Promise<Map<string, StoredWording>> {
  const rows = await db
    .select({ kind: messageTemplates.kind, subject: messageTemplates.subject, bodyHtml: messageTemplates.bodyHtml, updatedAt: messageTemplates.updatedAt })
    .from(messageTemplates)
    .where(eq(messageTemplates.gymId, gymId));
  return new Map(rows.map((r) => [r.kind, r]));
}

function rowOf(kind: MessageTemplateKind, stored: StoredWording | undefined): MessageTemplateRow {
  const def = messageTemplateCatalogue[kind];
  return {
    kind,
    label: def.label,
    description: def.description,
    group: def.group,
    subject: stored?.subject ?? def.subject,
    isOverridden: stored !== undefined,
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
  };
}

export async function listMessageTemplates(db: DbOrTx, gymId: string): Promise<{ results: MessageTemplateRow[] }> {
  const stored = await storedWordingsOf(db, gymId);
  return { results: messageTemplateKinds.map((kind) => rowOf(kind, stored.get(kind))) };
}

export async function findMessageTemplate(db: DbOrTx, gymId: string, kind: MessageTemplateKind): Promise<MessageTemplateDetail> {
  const [stored] = await db
    .select({ subject: messageTemplates.subject, bodyHtml: messageTemplates.bodyHtml, updatedAt: messageTemplates.updatedAt })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.gymId, gymId), eq(messageTemplates.kind, kind)));
  const def = messageTemplateCatalogue[kind];
  return {
    ...rowOf(kind, stored),
    bodyHtml: stored?.bodyHtml ?? def.bodyHtml,
    defaultSubject: def.subject,
    defaultBodyHtml: def.bodyHtml,
    mergeFields: mergeFieldsOf(kind).map((f) => ({ ...f })),
  };
}

/**
 * A wording as it may be saved: the body through the one sanitiser, not empty (spec 5), and only the kind's merge
 * fields. Refusals are 400s with the field's message.
 */
export function checkedWording(kind: MessageTemplateKind, input: MessageTemplateInput): TemplateWording {
  const subject = input.subject.trim();
  const bodyHtml = sanitizeRichText(input.bodyHtml);
  if (isRichTextEmpty(bodyHtml)) throw fieldError('bodyHtml', messageTemplateMessages.bodyRequired);
  const unknown = unknownMergeFields(kind, subject, bodyHtml);
  if (unknown.length > 0) {
    const inSubject = unknownMergeFields(kind, subject, '').length > 0;
    throw fieldError(inSubject ? 'subject' : 'bodyHtml', messageTemplateMessages.unknownFields(unknown));
  }
  return { subject, bodyHtml };
}

export async function saveMessageTemplate(
  ctx: WriteContext,
  gymId: string,
  kind: MessageTemplateKind,
  input: MessageTemplateInput,
  profileId: string | null,
  now = new Date(),
): Promise<void> {
  const wording = checkedWording(kind, input);
  await writeTransaction(ctx, async (tx, publish) => {
    await tx
      .insert(messageTemplates)
      .values({ gymId, kind, ...wording, updatedAt: now, updatedByProfileId: profileId })
      .onConflictDoUpdate({ target: [messageTemplates.gymId, messageTemplates.kind], set: { ...wording, updatedAt: now, updatedByProfileId: profileId } });
    await publish({ kind: 'gym', gymId });
  });
}

export async function resetMessageTemplate(ctx: WriteContext, gymId: string, kind: MessageTemplateKind): Promise<void> {
  await writeTransaction(ctx, async (tx, publish) => {
    const gone = await tx
      .delete(messageTemplates)
      .where(and(eq(messageTemplates.gymId, gymId), eq(messageTemplates.kind, kind)))
      .returning({ id: messageTemplates.id });
    if (gone.length > 0) await publish({ kind: 'gym', gymId });
  });
}

/** The wording rendered with the kind's sample values, under the gym's identity, as its mail would look. */
export async function previewMessageTemplate(
  db: DbOrTx,
  gymId: string,
  kind: MessageTemplateKind,
  input: MessageTemplateInput,
  opts: ComposeOptions & { mailFrom: string },
): Promise<RenderedMessage> {
  const wording = checkedWording(kind, input);
  const identity = await gymIdentityOf(db, gymId);
  const rendered = renderMessage(kind, wording, previewValuesOf(kind), identity, opts);
  const name = fromNameOf(identity);
  return {
    ...rendered,
    from: fromLineOf(name, opts.mailFrom),
    replyTo: identity?.replyTo ?? null,
  };
}

/**
 * A test of the wording, with sample values, to the caller's own address, through the outbox (so it is in the message
 * log like any mail). Never deduplicated: each press sends one.
 */
export async function testSendMessageTemplate(
  ctx: WriteContext & { jobs: Jobs },
  gymId: string,
  kind: MessageTemplateKind,
  input: MessageTemplateInput,
  to: string,
  opts: ComposeOptions,
): Promise<{ messageId: string; to: string; detail: string }> {
  const wording = checkedWording(kind, input);
  if (!to.trim()) throw fieldError('to', messageTemplateMessages.noEmail);
  return ctx.db.transaction(async (tx) => {
    const identity = await gymIdentityOf(tx, gymId);
    const mail = await composeMail(tx, gymId, { kind, to, values: previewValuesOf(kind) }, opts);
    // The wording being edited (maybe unsaved), not the stored one.
    const rendered = renderMessage(kind, wording, previewValuesOf(kind), identity, opts);
    const [messageId] = await queueMail(tx, ctx.jobs, { ...mail, subject: rendered.subject, html: rendered.html, text: rendered.text });
    return { messageId: messageId!, to, detail: messageTemplateMessages.testSent(to) };
  });
}
