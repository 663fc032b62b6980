import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isTimeZone } from '@dealflow/domain';
import { z } from 'zod';
import type { S3Settings } from './lib/s3Store.ts';

/** The only reader of `process.env`. Parsed once; invalid values stop start-up naming the variable. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_STARTUP_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 30)
    .default(60 * 12),
  REVIEWER_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  SEED_DEMO: bool.optional(),
  DEMO_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).default('dealflow-demo'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  SMTP_URL: z.string().url({ message: 'must be a URL such as smtp://user:pass@host:587' }).optional(),
  MAIL_FROM: z.string().default('Dealflow <no-reply@dealflow.local>'),
  PUBLIC_URL: z.string().url({ message: 'must be a URL such as https://dealflow.example.com' }).optional(),
  DOMAIN_REDIRECT: bool.default(false),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, {
      message: 'must be a Google Tag Manager container id such as GTM-ABC1234',
    })
    .optional(),
  DASHBOARD_HOST: z.string().optional(),
  INVESTOR_HOST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  ACCOUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** How long a report answer is kept at most (modules/reports/cache.ts); 0 computes every answer. */
  REPORT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /** Live updates (modules/live): a comment line this often keeps proxies from closing a quiet stream. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /** Open live streams per signed-in account (tabs, devices); one more is refused with 429. */
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(50).default(5),
  VALIDATE_RESPONSES: bool.optional(),
  JOBS_ENABLED: bool.optional(),
  /** The file store on an S3-compatible object store instead of DATA_DIR/files (all or none: see loadConfig). */
  S3_ENDPOINT: z
    .string()
    .url({ message: 'must be a URL such as https://s3.example.com or http://127.0.0.1:9000' })
    .refine((v) => /^https?:\/\//.test(v), { message: 'must be an http:// or https:// URL' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** The platform's document seal (lib/pdf/seal.ts): a PKCS#12 to sign with instead of the generated one. */
  SEAL_P12_PATH: z.string().min(1).optional(),
  /** Its passphrase (may be empty, but must be given with SEAL_P12_PATH). */
  SEAL_P12_PASSPHRASE: z.string().optional(),
  REPORT_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Taipei' })
    .default('Asia/Taipei'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database:
    | { kind: 'pglite'; dir: string | null }
    | { kind: 'postgres'; url: string; poolSize: number; startupTimeoutMs: number };
  jwtSecret: Uint8Array;
  tokenTtlMinutes: number;
  reviewerTokenTtlMinutes: number;
  seedDemo: boolean;
  demoPassword: string;
  loginThrottle: { perAccount: number; perAddress: number; windowMinutes: number };
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  /**
   * The file store: uploaded documents on local disk under DATA_DIR/files, or in an S3-compatible
   * bucket when `s3` is set (uploads are then staged under `tmpDir` before they are sent).
   */
  files: { dir: string; tmpDir: string; s3: S3Settings | null };
  publicUrl: string | null;
  domainRedirect: { enabled: boolean; dashboardHost: string | null; investorHost: string | null };
  /** Google Tag Manager container; none: no tag manager, and the CSP names no third party. */
  gtmId: string | null;
  trustProxy: boolean;
  logLevel: string;
  webDist: string | null;
  /** How long an account read for authentication may be reused (0: read on every request). */
  accountCacheSeconds: number;
  /** Check every reply against its contract (on outside production): a contract drift fails loudly. */
  validateResponses: boolean;
  /**
   * The job queue's worker and schedules in this instance (jobs/queue.ts). Off, jobs are neither
   * run nor queued here. On by default; off by default in tests (those that need it turn it on).
   */
  jobs: { enabled: boolean };
  /** Reports: the time zone whose calendar days the snapshots and periods are in. */
  reports: { timeZone: string; cacheSeconds: number };
  /** Live updates: the heartbeat of each stream, and how many streams one account may hold open. */
  live: { heartbeatMs: number; maxStreams: number };
  /**
   * The document seal's identity: the configured PKCS#12, or none (one is generated under
   * DATA_DIR/seal on first use). The passphrase is a secret: never logged.
   */
  seal: { p12Path: string | null; passphrase: string };
}

export class ConfigError extends Error {}

/** Reads the JWT secret from DATA_DIR, creating it on first start so tokens survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * The S3 store's settings, or null when no S3_* variable is set. Any one of them set means the
 * S3 store is wanted: then the bucket and both keys are required (half a configuration silently
 * falling back to the local disk would keep files where nobody looks for them).
 */
function s3Settings(e: z.infer<typeof EnvSchema>): S3Settings | null {
  const given = [
    e.S3_ENDPOINT,
    e.S3_BUCKET,
    e.S3_REGION,
    e.S3_ACCESS_KEY_ID,
    e.S3_SECRET_ACCESS_KEY,
    e.S3_FORCE_PATH_STYLE,
  ].some((v) => v !== undefined);
  if (!given) return null;
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when any S3_* setting is given`).join('\n')}`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT ?? null,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}

/** The configured seal certificate: both variables or neither, and a file that is there. */
function sealSettings(e: z.infer<typeof EnvSchema>): Config['seal'] {
  if (e.SEAL_P12_PATH === undefined) {
    if (e.SEAL_P12_PASSPHRASE !== undefined) {
      throw new ConfigError(
        'Invalid configuration:\n  SEAL_P12_PATH: required when SEAL_P12_PASSPHRASE is given',
      );
    }
    return { p12Path: null, passphrase: '' };
  }
  if (e.SEAL_P12_PASSPHRASE === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  SEAL_P12_PASSPHRASE: required when SEAL_P12_PATH is given (set it empty for a PKCS#12 without one)',
    );
  }
  const p12Path = path.resolve(e.SEAL_P12_PATH);
  if (!existsSync(p12Path)) {
    throw new ConfigError(`Invalid configuration:\n  SEAL_P12_PATH: no file at ${p12Path}`);
  }
  return { p12Path, passphrase: e.SEAL_P12_PASSPHRASE };
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DOMAIN_REDIRECT && (!e.DASHBOARD_HOST || !e.INVESTOR_HOST)) {
    throw new ConfigError(
      'Invalid configuration:\n  DASHBOARD_HOST: required (with INVESTOR_HOST) when DOMAIN_REDIRECT is on',
    );
  }
  const s3 = s3Settings(e);
  const seal = sealSettings(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const usesPostgres = Boolean(e.DATABASE_URL);
  const secret =
    e.JWT_SECRET ?? (e.NODE_ENV === 'test' ? randomBytes(32).toString('hex') : loadOrCreateSecret(dataDir));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          startupTimeoutMs: e.DATABASE_STARTUP_TIMEOUT_SECONDS * 1000,
        }
      : { kind: 'pglite', dir: path.join(dataDir, 'pgdata') },
    jwtSecret: new TextEncoder().encode(secret),
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    reviewerTokenTtlMinutes: e.REVIEWER_TOKEN_TTL_MINUTES,
    seedDemo: e.SEED_DEMO ?? !usesPostgres,
    demoPassword: e.DEMO_PASSWORD,
    loginThrottle: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    files: { dir: path.join(dataDir, 'files'), tmpDir: path.join(dataDir, 'tmp'), s3 },
    publicUrl: e.PUBLIC_URL ?? null,
    domainRedirect: {
      enabled: e.DOMAIN_REDIRECT,
      dashboardHost: e.DASHBOARD_HOST ?? null,
      investorHost: e.INVESTOR_HOST ?? null,
    },
    gtmId: e.GTM_ID ?? null,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : null,
    accountCacheSeconds: e.ACCOUNT_CACHE_SECONDS,
    live: { heartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000, maxStreams: e.LIVE_MAX_STREAMS },
    validateResponses: e.VALIDATE_RESPONSES ?? e.NODE_ENV !== 'production',
    jobs: { enabled: e.JOBS_ENABLED ?? e.NODE_ENV !== 'test' },
    reports: { timeZone: e.REPORT_TIME_ZONE, cacheSeconds: e.REPORT_CACHE_SECONDS },
    seal,
    ...overrides,
  };
}
