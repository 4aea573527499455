import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A file sent with a mail (nodemailer's attachment shape). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string; attachments?: MailAttachment[] };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** SMTP when SMTP_URL is set; otherwise the mail is logged so a developer can follow its link. */
export function createMailer(smtpUrl: string | undefined, from: string, log: FastifyBaseLogger): Mailer {
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        log.info({ mailTo: mail.to, subject: mail.subject, attachments: mail.attachments?.map((a) => a.filename) }, `mail not sent (no SMTP_URL configured):\n${mail.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
  };
}
