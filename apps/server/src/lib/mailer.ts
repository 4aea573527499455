import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A file sent with a mail (nodemailer's attachment shape). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/** `fromName` (issue 22): the gym's sender name, shown as From's display name over the platform's own address. */
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string; fromName?: string; attachments?: MailAttachment[] };

/** The address part of a From header ('Spotter <no-reply@spotter.local>' → 'no-reply@spotter.local'). */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The From line a mail goes out with, as people read it: `"{fromName}" <platform address>`, else the platform's From. */
export function fromLineOf(fromName: string | null | undefined, platformFrom: string): string {
  return fromName ? `"${fromName.replace(/["\\]/g, '')}" <${addressOf(platformFrom)}>` : platformFrom;
}
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** SMTP when SMTP_URL is set; otherwise the mail is logged so a developer can follow its link. */
export function createMailer(smtpUrl: string | undefined, from: string, log: FastifyBaseLogger): Mailer {
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        log.info(
          { mailTo: mail.to, fromName: mail.fromName, subject: mail.subject, attachments: mail.attachments?.map((a) => a.filename) },
          `mail not sent (no SMTP_URL configured):\n${mail.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async ({ fromName, ...mail }) => {
      await transport.sendMail({ from: fromName ? { name: fromName, address: addressOf(from) } : from, ...mail });
    },
  };
}
