import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type MailCatcher = { smtpUrl: string; dir: string; close: () => Promise<void> };

/** One captured message as the journeys read it back (support/mail.ts). */
export type CapturedMail = { to: string[]; raw: string };

/**
 * A local SMTP server on 127.0.0.1 that accepts every message without authentication and writes each one as a
 * JSON file into a temporary directory: the journeys run in other processes than this global setup.
 */
export async function startMailCatcher(port: number): Promise<MailCatcher> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-mail-'));
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: a self-signed STARTTLS certificate would only make the server's mailer refuse it.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CapturedMail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') };
        const name = `${Date.now()}-${randomUUID()}.json`;
        // Written under a temporary name, then renamed: a reader never sees half a file.
        fs.writeFileSync(path.join(dir, `.${name}`), JSON.stringify(mail));
        fs.renameSync(path.join(dir, `.${name}`), path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    dir,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
