import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** openssl makes a P-256 certificate and key for 127.0.0.1, valid for a day, in `dir` (the TLS test and the web bench). */
export function makeLoopbackCertificate(dir: string, name = 'loopback'): { certFile: string; keyFile: string } {
  const certFile = path.join(dir, `${name}-cert.pem`);
  const keyFile = path.join(dir, `${name}-key.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}
