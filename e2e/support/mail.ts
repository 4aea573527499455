import fs from 'node:fs';
import path from 'node:path';
import type { CapturedMail } from './mail-catcher';

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX bytes). */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function readAll(dir: string): { name: string; mail: CapturedMail }[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => ({ name, mail: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CapturedMail }));
}

/** Names of the messages captured so far; pass them to waitForMail to wait for a new one only. */
export function capturedMailNames(dir: string): Set<string> {
  return new Set(readAll(dir).map((entry) => entry.name));
}

/** Waits for a message to `to` that is not in `seen`, and answers its decoded text. */
export async function waitForMail(dir: string, to: string, seen: Set<string>, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readAll(dir).find((entry) => !seen.has(entry.name) && entry.mail.to.includes(to.toLowerCase()));
    if (found) return decodeQuotedPrintable(found.mail.raw);
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a message whose path starts with `pathPrefix`. */
export function linkIn(text: string, pathPrefix: string): string {
  const match = text.match(new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[/]/g, '\\/')}[^\\s]*`));
  if (!match) throw new Error(`No ${pathPrefix} link in the mail:\n${text}`);
  return match[0];
}
