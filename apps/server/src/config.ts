import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { RuntimeConfig } from '@spotter/shared';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** Every environment variable Spotter reads, with its default (README: Configuration). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public address of the app, used in links sent by mail. */
  APP_URL: z.url({ error: 'must be a URL' }).default('http://localhost:3000'),
  SESSION_TTL_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  /** Decision 012: how long a kiosk read may be served from memory at most (0: never). */
  READ_CACHE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(10_000),
  /** Decision 003: how long a session looked up for a read may answer later reads of it at most (0: never). */
  SESSION_CACHE_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(10_000),
  /**
   * Issue 32 (decision 039): how long a request may take before it is answered 503 (its work is told to stop), and the
   * budget of the long routes (exports, PDFs, imports, uploads).
   */
  REQUEST_BUDGET_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(600_000).default(10_000),
  LONG_REQUEST_BUDGET_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(3_600_000).default(300_000),
  /** Issue 32: PostgreSQL cancels a statement of the server's pool after so long (0: never). PGlite has no such limit. */
  STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(3_600_000).default(15_000),
  /** Decision 016: the class start's check-ins and walk-ins run as grouped statements (off: each takes the locked path). */
  FAST_WRITES: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** Issue 16 (decision 027): this process runs the durable queue's jobs (mail, the schedule's window). `off`: it only enqueues them. */
  JOBS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /**
   * Decision 013: PEM files of a certificate (chain) and its private key. With both, the server speaks HTTPS with
   * HTTP/2 (HTTP/1.1 still accepted) itself; without them, plain HTTP/1.1 for a TLS proxy in front of it.
   */
  TLS_CERT_FILE: optionalText,
  TLS_KEY_FILE: optionalText,
  /** Secure cookies: auto means on when APP_URL is https. */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Seed demo data into an empty database at start. */
  SEED_DEMO_DATA: bool.default(true),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Spotter <no-reply@spotter.local>'),
  WEB_DIST_DIR: z.string().optional(),
  // The web app's runtime configuration (spec 1), injected into index.html.
  TOKEN_REFRESH_THRESHOLD: z.coerce.number({ error: 'must be a number of seconds' }).int().min(0).default(3600),
  API_SERVER: z.string().default('/api'),
  AUTH_ENDPOINT: z.string().default('/api/auth'),
  STRIPE_PUBLIC_KEY: optionalText,
  /** Issue 19 (decision 034): card payments run on Stripe when a secret key is set; none: card options are hidden. */
  STRIPE_SECRET_KEY: optionalText,
  /** The signing secret of the webhook endpoint (/api/payments/webhook/). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another base URL for Stripe's API (tests and e2e: the local fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.url({ error: 'must be a URL' }).optional(),
  ENVIRONMENT: z.string().default('development'),
  TRACES_SAMPLE_RATE: z.coerce.number({ error: 'must be a number from 0 to 1' }).min(0).max(1).default(0),
  SENTRY_DSN: optionalText,
  IMAGE_TAG: z.string().default('local'),
  GOOGLE_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_ID: optionalText,
  APPLE_CLIENT_ID: optionalText,
  INTEGRATION_CLIENT_ID: optionalText,
  SSO_LOGIN_ENABLED: bool.default(false),
  // Issue 40 (decision 046): each provider's secrets; a provider signs in when SSO_LOGIN_ENABLED and its client id is set.
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Google's OpenID issuer (tests: the local oidc-provider). */
  GOOGLE_ISSUER: z.url({ error: 'must be a URL' }).default('https://accounts.google.com'),
  FACEBOOK_CLIENT_SECRET: optionalText,
  /** Facebook's login dialog and Graph API (tests: the local fake). */
  FACEBOOK_DIALOG_URL: z.url({ error: 'must be a URL' }).default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_GRAPH_URL: z.url({ error: 'must be a URL' }).default('https://graph.facebook.com/v19.0'),
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  /** The .p8 key's PEM text (newlines may be written as \n). */
  APPLE_PRIVATE_KEY: optionalText,
  /** Sign in with Apple's base address (tests: the local fake). */
  APPLE_BASE_URL: z.url({ error: 'must be a URL' }).default('https://appleid.apple.com'),
  INTEGRATION_CLIENT_SECRET: optionalText,
  /** The fourth integration's OpenID issuer: any OpenID Connect provider (a gym chain's own, Microsoft…). */
  INTEGRATION_ISSUER: z.url({ error: 'must be a URL' }).optional(),
  ANALYTICS_TOKEN: optionalText,
  DEMO_BOOKING_URL: z.url({ error: 'must be a URL' }).default('https://example.com/spotter/schedule-a-call'),
});

export type Env = z.infer<typeof envSchema>;

export type { RuntimeConfig };

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string; statementTimeoutMs?: number } | { kind: 'pglite'; dataDir: string } | { kind: 'memory' };
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  appUrl: string;
  sessionTtlMs: number;
  readCacheMs: number;
  /** Issue 32: a request's time budget (503 past it), and the long routes' one. */
  requestBudgetMs: number;
  longRequestBudgetMs: number;
  sessionCacheMs: number;
  /** Decision 016: grouped statements for check-ins and walk-ins (modules/reservations/fast-paths.ts). */
  fastWrites: boolean;
  /** Runs the durable queue's workers and schedules (JOBS). */
  runJobs: boolean;
  cookieSecure: boolean;
  /** Decision 013: the certificate and key read at start, or null to serve plain HTTP. */
  tls: { cert: Buffer; key: Buffer } | null;
  seedDemoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  webDistDir: string;
  /** Issue 19: the payment provider's keys (null: no card payments). */
  stripe: { secretKey: string; webhookSecret: string | null; apiBase: string | null } | null;
  /** Issue 40 (decision 046): the providers that sign in (null: not configured, or SSO_LOGIN_ENABLED is false). */
  sso: SsoConfig;
  runtime: RuntimeConfig;
};

export type OidcClientConfig = { issuer: string; clientId: string; clientSecret: string };
export type SsoConfig = {
  google: OidcClientConfig | null;
  integration: OidcClientConfig | null;
  facebook: { clientId: string; clientSecret: string; dialogUrl: string; graphUrl: string } | null;
  apple: { clientId: string; teamId: string; keyId: string; privateKey: string; baseUrl: string } | null;
};

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const sso = readSso(e);
  const tls = readTls(e.TLS_CERT_FILE, e.TLS_KEY_FILE);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, statementTimeoutMs: e.STATEMENT_TIMEOUT_MS }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dataDir,
    logLevel: e.LOG_LEVEL,
    appUrl: e.APP_URL.replace(/\/$/, ''),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    readCacheMs: e.READ_CACHE_MS,
    requestBudgetMs: e.REQUEST_BUDGET_MS,
    longRequestBudgetMs: e.LONG_REQUEST_BUDGET_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    fastWrites: e.FAST_WRITES === 'on',
    runJobs: e.JOBS === 'on',
    cookieSecure: e.COOKIE_SECURE === 'auto' ? e.APP_URL.startsWith('https://') : e.COOKIE_SECURE === 'true',
    tls,
    seedDemoData: e.SEED_DEMO_DATA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    sso,
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null, apiBase: e.STRIPE_API_BASE ?? null } : null,
    runtime: {
      tokenRefreshThreshold: e.TOKEN_REFRESH_THRESHOLD,
      apiServer: e.API_SERVER,
      authEndpoint: e.AUTH_ENDPOINT,
      stripePublicKey: e.STRIPE_PUBLIC_KEY ?? null,
      environment: e.ENVIRONMENT,
      tracesSampleRate: e.TRACES_SAMPLE_RATE,
      sentryDsn: e.SENTRY_DSN ?? null,
      imageTag: e.IMAGE_TAG,
      googleClientId: e.GOOGLE_CLIENT_ID ?? null,
      facebookClientId: e.FACEBOOK_CLIENT_ID ?? null,
      appleClientId: e.APPLE_CLIENT_ID ?? null,
      integrationClientId: e.INTEGRATION_CLIENT_ID ?? null,
      ssoLoginEnabled: e.SSO_LOGIN_ENABLED,
      analyticsToken: e.ANALYTICS_TOKEN ?? null,
      demoBookingUrl: e.DEMO_BOOKING_URL,
    },
  };
}

/**
 * Issue 40: with SSO_LOGIN_ENABLED, every provider whose client id is set needs the rest of its configuration, each
 * missing or malformed variable named (Apple's key must be an EC P-256 private key in PEM, as Apple's .p8 is).
 */
function readSso(e: Env): SsoConfig {
  const none: SsoConfig = { google: null, integration: null, facebook: null, apple: null };
  if (!e.SSO_LOGIN_ENABLED) return none;
  const problems: string[] = [];
  const need = (name: keyof Env, value: string | undefined, provider: string) => {
    if (!value) problems.push(`  ${name}: must be set when ${provider} is set and SSO_LOGIN_ENABLED is true`);
    return value ?? '';
  };
  const sso = { ...none };
  if (e.GOOGLE_CLIENT_ID) {
    sso.google = {
      issuer: e.GOOGLE_ISSUER,
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: need('GOOGLE_CLIENT_SECRET', e.GOOGLE_CLIENT_SECRET, 'GOOGLE_CLIENT_ID'),
    };
  }
  if (e.INTEGRATION_CLIENT_ID) {
    sso.integration = {
      issuer: need('INTEGRATION_ISSUER', e.INTEGRATION_ISSUER, 'INTEGRATION_CLIENT_ID'),
      clientId: e.INTEGRATION_CLIENT_ID,
      clientSecret: need('INTEGRATION_CLIENT_SECRET', e.INTEGRATION_CLIENT_SECRET, 'INTEGRATION_CLIENT_ID'),
    };
  }
  if (e.FACEBOOK_CLIENT_ID) {
    sso.facebook = {
      clientId: e.FACEBOOK_CLIENT_ID,
      clientSecret: need('FACEBOOK_CLIENT_SECRET', e.FACEBOOK_CLIENT_SECRET, 'FACEBOOK_CLIENT_ID'),
      dialogUrl: e.FACEBOOK_DIALOG_URL,
      graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
    };
  }
  if (e.APPLE_CLIENT_ID) {
    const privateKey = need('APPLE_PRIVATE_KEY', e.APPLE_PRIVATE_KEY, 'APPLE_CLIENT_ID').replace(/\\n/g, '\n');
    if (privateKey && !isP256PrivateKey(privateKey)) problems.push('  APPLE_PRIVATE_KEY: must be the PEM text of an EC P-256 private key (the .p8 file)');
    sso.apple = {
      clientId: e.APPLE_CLIENT_ID,
      teamId: need('APPLE_TEAM_ID', e.APPLE_TEAM_ID, 'APPLE_CLIENT_ID'),
      keyId: need('APPLE_KEY_ID', e.APPLE_KEY_ID, 'APPLE_CLIENT_ID'),
      privateKey,
      baseUrl: e.APPLE_BASE_URL.replace(/\/$/, ''),
    };
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return sso;
}

function isP256PrivateKey(pem: string): boolean {
  try {
    const key = crypto.createPrivateKey(pem);
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}

/** Both files or neither; each must be readable and look like PEM, so a typo stops the start with a clear line. */
function readTls(certFile: string | undefined, keyFile: string | undefined): Config['tls'] {
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) {
    throw new ConfigError(
      `Invalid configuration:\n  ${certFile ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'}: must be set together with ${certFile ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'}`,
    );
  }
  const read = (name: string, file: string, marker: RegExp) => {
    let content: Buffer;
    try {
      content = fs.readFileSync(file);
    } catch (err) {
      throw new ConfigError(`Invalid configuration:\n  ${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (!marker.test(content.toString('latin1'))) throw new ConfigError(`Invalid configuration:\n  ${name}: ${file} is not a PEM file`);
    return content;
  };
  return { cert: read('TLS_CERT_FILE', certFile, /-----BEGIN CERTIFICATE-----/), key: read('TLS_KEY_FILE', keyFile, /-----BEGIN [A-Z ]*PRIVATE KEY-----/) };
}
