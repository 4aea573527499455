import { and, eq, inArray } from 'drizzle-orm';
import { convert } from 'html-to-text';
import { escapeHtml, isRichTextEmpty, mergeFieldsOf, messageTemplateCatalogue, replaceMergeTokens, type MessageTemplateKind } from '@spotter/shared';
import { formatPhone, phoneCountry } from '@spotter/shared/phone';
import type { DbOrTx } from '../../db/client';
import { gyms, messageTemplates } from '../../db/schema';
import type { OutboxAttachment, OutgoingMail } from '../../lib/outbox';
import { sanitizeRichText } from '../../lib/rich-text';

/**
 * Issue 22 (decision 036): the one place a mail of the product is written. The gym's wording of the kind (a
 * message_templates row) or the default (rules/message-templates.ts), its merge fields filled in (escaped), wrapped in
 * the gym's header (its logo and name), with an HTML and a plain-text part, sent under the gym's sender name with its
 * reply-to. Every sender of mail (invitations, resets, bookings, invoices, documents) builds its OutgoingMail here and
 * hands it to queueMail in its own transaction.
 */

/** What a gym's mail carries of the gym: its name, contact, logo and email identity. */
export type GymIdentity = {
  gymId: string;
  title: string;
  email: string | null;
  /** Digits as stored (formatted for the mail with the gym's country). */
  phone: string;
  country: string;
  /** The logo's path ('/media/…'), made absolute with the app's address in the mail. */
  logo: string | null;
  senderName: string | null;
  replyTo: string | null;
};

export type ComposeOptions = {
  /** The web app's address ('https://app.example'): the logo's URL starts with it. */
  appUrl: string;
};

/** One mail to write: its kind, recipient, merge values (the common ones are filled from the gym when absent). */
export type ComposeItem = {
  kind: MessageTemplateKind;
  to: string;
  values: Record<string, string | null | undefined>;
  dedupeKey?: string;
  isSensitive?: boolean;
  attachments?: OutboxAttachment[];
};

export type TemplateWording = { subject: string; bodyHtml: string };

const identityColumns = {
  gymId: gyms.id,
  title: gyms.title,
  email: gyms.email,
  phone: gyms.phone,
  country: gyms.country,
  logo: gyms.profilePicture,
  senderName: gyms.senderName,
  replyTo: gyms.replyTo,
};

export async function gymIdentityOf(db: DbOrTx, gymId: string): Promise<GymIdentity | null> {
  const [row] = await db.select(identityColumns).from(gyms).where(eq(gyms.id, gymId));
  return row ?? null;
}

/** The gym's wordings of these kinds (no entry: the default). */
export async function gymWordingsOf(db: DbOrTx, gymId: string, kinds: MessageTemplateKind[]): Promise<Map<MessageTemplateKind, TemplateWording>> {
  if (kinds.length === 0) return new Map();
  const rows = await db
    .select({ kind: messageTemplates.kind, subject: messageTemplates.subject, bodyHtml: messageTemplates.bodyHtml })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.gymId, gymId), inArray(messageTemplates.kind, kinds)));
  return new Map(rows.map((r) => [r.kind as MessageTemplateKind, { subject: r.subject, bodyHtml: r.bodyHtml }]));
}

export const defaultWordingOf = (kind: MessageTemplateKind): TemplateWording => ({
  subject: messageTemplateCatalogue[kind].subject,
  bodyHtml: messageTemplateCatalogue[kind].bodyHtml,
});

const oneLine = (s: string) =>
  s
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** The common values of a gym (firstName and fullName come from the item). */
function gymValues(identity: GymIdentity | null): Record<string, string> {
  if (!identity) return { gymTitle: 'Spotter', gymEmail: '', gymPhone: '' };
  return { gymTitle: identity.title, gymEmail: identity.email ?? '', gymPhone: formatPhone(identity.phone, phoneCountry(identity.country)) };
}

/** The display name of From: the gym's sender name, else its title; no gym: the platform's own From. */
export function fromNameOf(identity: GymIdentity | null): string | null {
  return identity ? (identity.senderName ?? identity.title) : null;
}

/**
 * Renders a wording with values: the subject as one line of plain text; the body with each value escaped (a link
 * field becomes a link when it is an http(s) or mailto address), sanitised again, and wrapped in the gym's header; the
 * text part from the same HTML. A value never becomes markup.
 */
export function renderMessage(
  kind: MessageTemplateKind,
  wording: TemplateWording,
  values: Record<string, string | null | undefined>,
  identity: GymIdentity | null,
  opts: ComposeOptions,
): { subject: string; html: string; text: string } {
  const fields = new Map(mergeFieldsOf(kind).map((f) => [f.key, f]));
  const all: Record<string, string> = { ...gymValues(identity) };
  for (const [k, v] of Object.entries(values)) if (v != null) all[k] = v;
  const subject = oneLine(replaceMergeTokens(wording.subject, (key) => (fields.has(key) ? oneLine(all[key] ?? '') : undefined)));
  const bodySource = isRichTextEmpty(wording.bodyHtml) ? messageTemplateCatalogue[kind].bodyHtml : wording.bodyHtml;
  const body = replaceMergeTokens(sanitizeRichText(bodySource), (key) => {
    if (!fields.has(key)) return undefined;
    const value = all[key] ?? '';
    if (fields.get(key)!.isLink && SAFE_LINK.test(value)) return `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
    return escapeHtml(value);
  });
  const html = wrapHtml(sanitizeRichText(body), identity, opts);
  const text = convert(html, {
    // No hard wrapping: mail clients wrap, and a sentence (or a link) stays one line to search and match.
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
  return { subject, html, text };
}

/** The mail's frame: the gym's logo (when it has one) and name over the body. */
function wrapHtml(body: string, identity: GymIdentity | null, opts: ComposeOptions): string {
  const title = escapeHtml(identity?.title ?? 'Spotter');
  const logo = identity?.logo
    ? `<img src="${escapeHtml(absoluteUrl(identity.logo, opts.appUrl))}" alt="${title}" height="48" style="max-height:48px;display:block;margin-bottom:8px">`
    : '';
  return `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#1a1b1e;line-height:1.5"><div style="max-width:600px;margin:0 auto;padding:16px"><header style="border-bottom:1px solid #e9ecef;padding-bottom:8px;margin-bottom:16px">${logo}<strong>${title}</strong></header><main>${body}</main></div></body></html>`;
}

const absoluteUrl = (path: string, appUrl: string) => (/^https?:\/\//i.test(path) ? path : `${appUrl}${path.startsWith('/') ? '' : '/'}${path}`);

/**
 * The mails of one gym (or none: a platform mail such as a reset for a user of no gym), written with the gym's
 * wordings and identity: two queries whatever the number of mails. Hand the answer to queueMail.
 */
export async function composeMails(db: DbOrTx, gymId: string | null, items: ComposeItem[], opts: ComposeOptions): Promise<OutgoingMail[]> {
  if (items.length === 0) return [];
  const identity = gymId ? await gymIdentityOf(db, gymId) : null;
  const wordings = identity ? await gymWordingsOf(db, identity.gymId, [...new Set(items.map((i) => i.kind))]) : new Map<MessageTemplateKind, TemplateWording>();
  return items.map((item) => {
    const rendered = renderMessage(item.kind, wordings.get(item.kind) ?? defaultWordingOf(item.kind), item.values, identity, opts);
    return {
      kind: item.kind,
      gymId: identity?.gymId ?? null,
      to: item.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      fromName: fromNameOf(identity),
      replyTo: identity?.replyTo ?? null,
      ...(item.dedupeKey ? { dedupeKey: item.dedupeKey } : {}),
      ...(item.isSensitive ? { isSensitive: true } : {}),
      ...(item.attachments && item.attachments.length > 0 ? { attachments: item.attachments } : {}),
    };
  });
}

/** One mail (composeMails of one). */
export async function composeMail(db: DbOrTx, gymId: string | null, item: ComposeItem, opts: ComposeOptions): Promise<OutgoingMail> {
  const [mail] = await composeMails(db, gymId, [item], opts);
  return mail!;
}

/**
 * A mail staff wrote themselves (the athletes list's bulk email): not a template, but sent under the gym's identity
 * all the same.
 */
export function withGymIdentity(mail: OutgoingMail, identity: GymIdentity | null): OutgoingMail {
  return { ...mail, fromName: fromNameOf(identity), replyTo: mail.replyTo ?? identity?.replyTo ?? null };
}
