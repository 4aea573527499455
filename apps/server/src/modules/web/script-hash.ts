import { createHash } from 'node:crypto';

/** The CSP hash of an inline script: base64 of its SHA-256 (`'sha256-…'`). */
export function scriptSha256(script: string): string {
  return createHash('sha256').update(script).digest('base64');
}
