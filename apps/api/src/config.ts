import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { generateSigningKey, publicKeyOf } from '@portal/eventstore';
import { DEFAULT_RANGE_DAYS } from '@portal/booking/domain';
import { DEFAULT_LEGAL_LINKS, DEFAULT_PRODUCT_NAME } from '@portal/identity/contracts';
import type { AppConfig } from '@portal/platform';

/** The repository root, from the source file or the bundle in apps/api/dist alike. */
function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'apps', 'web')) && existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}
const repoRoot = findRepoRoot();

/** A footer link: an absolute http(s) URL, or a path of the portal itself ("/br/sobre"). */
const legalLink = z.string().refine((v) => /^https?:\/\/[^\s]+$/.test(v) || /^\/[^\s/][^\s]*$/.test(v), 'must be an absolute http(s) URL or a path starting with /');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  APP_ENV_NAME: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  EVENTSTORE_URL: z
    .string()
    .regex(/^(esdb|esdb\+discover|kurrentdb):\/\//, 'must be an esdb:// connection string')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** wraps the data subjects' keys (crypto-shredding, ADR 0091); generated into DATA_DIR outside production */
  PRIVACY_MASTER_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** days an IP address or user agent stays readable in the log (Marco Civil art. 15: 6 months) */
  PRIVACY_NETWORK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(183),
  /** how often the retention job runs (seconds; 0 = never, the CLI's `privacy expire-network-data` only) */
  PRIVACY_RETENTION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(7 * 86_400).default(6 * 3600),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(900),
  SESSION_TTL: z.coerce.number().int().min(300, 'must be at least 300 seconds (5 minutes)').max(1_209_600, 'must be at most 1209600 seconds (2 weeks)').default(604_800),
  VERIFICATION_RESEND_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  FEATURE_LOCAL_SEARCH: z.enum(['true', 'false']).default('true'),
  FEATURE_NOTIFICATIONS: z.enum(['true', 'false']).default('true'),
  FEATURE_SCHEDULED_EVENTS: z.enum(['true', 'false']).default('true'),
  FEATURE_SCORM_TEST: z.enum(['true', 'false']).default('false'),
  FEATURE_ENABLE_SEARCH: z.enum(['true', 'false']).default('true'),
  SPANISH_DOMAIN: z.string().min(3).optional(),
  BR_UNIVERSITY_DOMAIN: z.string().min(3).optional(),
  AR_EXPECTED_HOST: z.string().min(3).optional(),
  AR_SITE_URL: z.string().url('must be an absolute URL').optional(),
  AR_STAGING_HOSTS: z.string().optional(),
  BOOKING_PENDING_TTL_MINUTES: z.coerce.number().int().min(1).max(60 * 24 * 30).default(24 * 60),
  BOOKING_EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  BOOKING_RANGE_DAYS: z.coerce.number().int().min(1).max(365).default(DEFAULT_RANGE_DAYS),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  READ_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  DATABASE_REPLICA_URLS: z
    .string()
    .refine((v) => v.split(',').every((u) => /^postgres(ql)?:\/\//.test(u.trim()) || u.trim() === ''), 'must be postgres:// connection URLs separated by commas')
    .optional(),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  RATE_LIMIT_STORE: z.enum(['postgres', 'memory']).optional(),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.string().url('must be an absolute URL').optional(),
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  CONTENT_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/\s]+$/, 'must be an origin (scheme and host, no path), e.g. https://content.example.net')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  AUDIT_SIGNING_KEY: z.string().refine(isSigningKey, 'must be an Ed25519 private key in PKCS#8 PEM (npm run portal -- audit keygen)').optional(),
  AUDIT_TRUSTED_KEYS: z
    .string()
    .refine((v) => v.split(',').every((k) => /^[A-Za-z0-9_-]{43}$/.test(k.trim()) || k.trim() === ''), 'must be public keys (43 base64url characters) separated by commas')
    .optional(),
  AUDIT_CHECKPOINT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  AUDIT_CHECKPOINT_EVENTS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  MAIL_FROM: z.string().min(3).optional(),
  XAPI_BASE_IRI: z.string().url('must be an absolute URL').optional(),
  XAPI_LRS_ENDPOINT: z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL (the LRS endpoint, e.g. https://lrs.example.com/data/xAPI)').optional(),
  XAPI_LRS_USERNAME: z.string().min(1).optional(),
  XAPI_LRS_PASSWORD: z.string().min(1).optional(),
  XAPI_LRS_AUTH: z.string().min(1).optional(),
  PRODUCT_NAME: z.string().trim().min(2).max(60).default(DEFAULT_PRODUCT_NAME),
  LEGAL_ABOUT_URL: legalLink.optional(),
  LEGAL_TERMS_URL: legalLink.optional(),
  LEGAL_PRIVACY_URL: legalLink.optional(),
  LEGAL_COMPANY_URL: legalLink.optional(),
  MESSAGING_APP_SECRET: z.string().min(16, 'must be at least 16 characters (the messaging app\'s secret)').optional(),
  MESSAGING_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').max(256).optional(),
});

function isSigningKey(pem: string): boolean {
  try {
    publicKeyOf(pem);
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; every missing or bad variable is named with what is wrong. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): AppConfig & { seedDemo: boolean } {
  const empty = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(empty);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}${'input' in i && i.input !== undefined ? '' : ''}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) throw new ConfigError(['JWT_SECRET: required in production (at least 32 characters)']);
  // a lost master key makes every personal field of the log unreadable: never a generated one in production
  if (e.NODE_ENV === 'production' && !e.PRIVACY_MASTER_KEY) throw new ConfigError(['PRIVACY_MASTER_KEY: required in production (at least 32 characters; keep it with the backups\' keys, ADR 0091)']);
  // the platform subscribes a webhook only after the verification handshake (ADR 0073)
  if (e.MESSAGING_APP_SECRET && !e.MESSAGING_VERIFY_TOKEN) throw new ConfigError(['MESSAGING_VERIFY_TOKEN: required when MESSAGING_APP_SECRET is set (the webhook verification handshake)']);
  if (e.DATABASE_REPLICA_URLS?.trim() && !e.DATABASE_URL) throw new ConfigError(['DATABASE_REPLICA_URLS: needs DATABASE_URL (replicas of a Postgres primary; the embedded database has none)']);
  const dataDir = resolve(e.DATA_DIR);
  const xapiProblems = [
    ...((e.XAPI_LRS_USERNAME === undefined) !== (e.XAPI_LRS_PASSWORD === undefined) ? ['XAPI_LRS_USERNAME, XAPI_LRS_PASSWORD: set both or neither'] : []),
    ...(e.XAPI_LRS_AUTH !== undefined && e.XAPI_LRS_USERNAME !== undefined ? ['XAPI_LRS_AUTH: set it or XAPI_LRS_USERNAME and XAPI_LRS_PASSWORD, not both'] : []),
  ];
  if (xapiProblems.length > 0) throw new ConfigError(xapiProblems);
  // every reset and sign-in link is on that page: never in production (ADR 0080)
  if (e.NODE_ENV === 'production' && e.DEV_MAILBOX === 'true') throw new ConfigError(['DEV_MAILBOX: not allowed in production (the page shows every sign-in and password-reset link)']);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    appEnvName: e.APP_ENV_NAME ?? (e.NODE_ENV === 'production' ? 'production' : 'local'),
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    eventstoreUrl: e.EVENTSTORE_URL ?? null,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    privacy: {
      masterKey: e.PRIVACY_MASTER_KEY ?? localSecret(dataDir, 'privacy-master-key'),
      networkRetentionDays: e.PRIVACY_NETWORK_RETENTION_DAYS,
      retentionSweepMs: e.PRIVACY_RETENTION_SWEEP_SECONDS * 1000,
    },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY === 'true',
    readWaitMs: e.READ_WAIT_MS,
    replicaUrls: (e.DATABASE_REPLICA_URLS ?? '').split(',').map((u) => u.trim()).filter(Boolean),
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    // shared by every instance wherever they share a Postgres (server mode)
    sharedRateLimit: (e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'postgres' : 'memory')) === 'postgres',
    webDist: resolve(e.WEB_DIST ?? join(repoRoot, 'apps/web/dist')),
    publicUrl,
    devMailbox: e.NODE_ENV !== 'production' && (e.DEV_MAILBOX === undefined ? isLoopbackUrl(publicUrl) : e.DEV_MAILBOX === 'true'),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL ?? null,
    sessionTtlSeconds: e.SESSION_TTL,
    verificationResendMinutes: e.VERIFICATION_RESEND_MINUTES,
    toggles: {
      localSearch: e.FEATURE_LOCAL_SEARCH === 'true',
      notifications: e.FEATURE_NOTIFICATIONS === 'true',
      scheduledEvents: e.FEATURE_SCHEDULED_EVENTS === 'true',
      scormTest: e.FEATURE_SCORM_TEST === 'true',
      enableSearch: e.FEATURE_ENABLE_SEARCH === 'true',
    },
    booking: {
      pendingTtlMs: e.BOOKING_PENDING_TTL_MINUTES * 60_000,
      expirySweepMs: e.BOOKING_EXPIRY_SWEEP_SECONDS * 1000,
      rangeDays: e.BOOKING_RANGE_DAYS,
    },
    domains: { spanish: e.SPANISH_DOMAIN ?? null, brazilUniversity: e.BR_UNIVERSITY_DOMAIN ?? null },
    argentina: {
      expectedHost: e.AR_EXPECTED_HOST ?? null,
      siteUrl: e.AR_SITE_URL ?? null,
      stagingHosts: (e.AR_STAGING_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    },
    audit: {
      signingKey: e.AUDIT_SIGNING_KEY ?? localSigningKey(dataDir),
      trustedKeys: (e.AUDIT_TRUSTED_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
      checkpointSeconds: e.AUDIT_CHECKPOINT_SECONDS,
      checkpointEvents: e.AUDIT_CHECKPOINT_EVENTS,
      witnessFile: join(dataDir, 'audit-witness.json'),
    },
    xapi: {
      baseIri: (e.XAPI_BASE_IRI ?? publicUrl).replace(/\/+$/, ''),
      lrs: e.XAPI_LRS_ENDPOINT
        ? {
            endpoint: e.XAPI_LRS_ENDPOINT,
            auth: e.XAPI_LRS_AUTH
              ? { kind: 'header', value: e.XAPI_LRS_AUTH }
              : e.XAPI_LRS_USERNAME && e.XAPI_LRS_PASSWORD
                ? { kind: 'basic', username: e.XAPI_LRS_USERNAME, password: e.XAPI_LRS_PASSWORD }
                : null,
          }
        : null,
    },
    // the sender's name is the product's unless MAIL_FROM says otherwise
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@agro-portal.local>`,
    productName: e.PRODUCT_NAME,
    legalLinks: {
      about: e.LEGAL_ABOUT_URL ?? DEFAULT_LEGAL_LINKS.about,
      terms: e.LEGAL_TERMS_URL ?? DEFAULT_LEGAL_LINKS.terms,
      privacy: e.LEGAL_PRIVACY_URL ?? DEFAULT_LEGAL_LINKS.privacy,
      company: e.LEGAL_COMPANY_URL ?? DEFAULT_LEGAL_LINKS.company,
    },
    messaging: { appSecret: e.MESSAGING_APP_SECRET ?? null, verifyToken: e.MESSAGING_VERIFY_TOKEN ?? null },
    content: { port: e.CONTENT_PORT ?? (e.PORT === 0 ? 0 : Math.min(65535, e.PORT + 1)), origin: e.CONTENT_ORIGIN ?? null },
    seedDemo: (e.SEED_DEMO ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
  };
}

/**
 * Whether a URL names this machine only (localhost, *.localhost, 127.0.0.0/8, ::1): a portal
 * reachable from elsewhere must not show its outbox to anyone (ADR 0080).
 */
export function isLoopbackUrl(url: string): boolean {
  // the URL parser has normalized the host: 127.1 is 127.0.0.1, [0::1] is [::1]
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 4 ? 'ipv4' : 'ipv6');
}
/** The one line the API prints at start while the dev mailbox is on. */
export const devMailboxWarning = (config: Pick<AppConfig, 'publicUrl'>): string =>
  `WARNING: the dev mailbox is on: ${config.publicUrl.replace(/\/$/, '')}/api/dev/mailbox shows every mail, password-reset and sign-in links included, to anyone who can reach it (PUBLIC_URL is a loopback address or DEV_MAILBOX=true; ADR 0080)`;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** Outside production a signing secret is generated once and kept with the data. */
function localSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Without AUDIT_SIGNING_KEY the key that seals the log is generated once and kept with the data,
 * outside the database (ADR 0030); a server installation should set it from its secret store.
 */
function localSigningKey(dataDir: string): string {
  const file = join(dataDir, 'audit-signing-key.pem');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const key = generateSigningKey();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
