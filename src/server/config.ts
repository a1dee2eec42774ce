import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { SiteSettings } from '../shared/site.js';

const TRUST_EVERY_HOP =
  'would trust every hop, so a forged X-Forwarded-For would defeat the rate limits; set the number of proxies in front of the portal (usually 1) or their addresses or CIDR ranges, comma-separated (e.g. 10.0.0.0/8,127.0.0.1)';

/** More proxies than any deployment here puts in front of the portal; a larger count trusts what a client writes, as `true` does. */
const MAX_TRUSTED_HOPS = 3;

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Trusts the nearest `count` hops (the socket's peer first). Fastify takes a hop count too but
 * trusts nothing with it, as a number alone cannot tell the proxy from a client that reached the
 * portal directly; the deployment note says to firewall the port when a count is used.
 */
function trustHops(count: number): TrustProxy {
  return (_address: string, hop: number) => hop < count;
}

/** Which hops may set X-Forwarded-For: none, the last N, or those at these addresses (what Fastify's trustProxy takes). */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx) => {
    const text = value.trim();
    if (text === 'false' || text === '0') return false as const;
    if (/^\d+$/.test(text)) {
      if (Number(text) <= MAX_TRUSTED_HOPS) return trustHops(Number(text));
      ctx.addIssue({ code: 'custom', message: `${text} hops is more than the ${MAX_TRUSTED_HOPS} proxies a portal sits behind and ${TRUST_EVERY_HOP}` });
      return z.NEVER;
    }
    if (text === 'true') {
      ctx.addIssue({ code: 'custom', message: `true ${TRUST_EVERY_HOP}` });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const wrong = entries.find((entry) => !isAddressOrRange(entry));
    if (wrong !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${wrong}" is not an IP address or CIDR range; give a hop count (e.g. 1) or addresses, comma-separated` });
      return z.NEVER;
    }
    const everyone = entries.find((entry) => entry.endsWith('/0'));
    if (everyone !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${everyone}" is every address and ${TRUST_EVERY_HOP}` });
      return z.NEVER;
    }
    return entries;
  });

/** An OpenTelemetry collector's OTLP address; the SDK reads it (and the other OTEL_* variables) itself. */
const otlpEndpoint = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address of an OpenTelemetry collector (e.g. http://collector:4318)' })
  .optional();

const milliseconds = (fallback: number, min = 1) => z.coerce.number().int().min(min).default(fallback);

/**
 * Operations (issue 27): how long a stalled dependency may hold a request, when a busy process
 * sheds load, and how a deploy starts and stops. Kept together here.
 */
const operationsEnv = {
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(15_000),
  S3_CONNECT_TIMEOUT_MS: milliseconds(3000),
  S3_REQUEST_TIMEOUT_MS: milliseconds(10_000),
  STORAGE_TIMEOUT_MS: milliseconds(15_000),
  REQUEST_TIMEOUT_MS: milliseconds(30_000),
  UPLOAD_TIMEOUT_MS: milliseconds(300_000),
  DOWNLOAD_TIMEOUT_MS: milliseconds(3_600_000),
  SHED_EVENT_LOOP_DELAY_MS: milliseconds(1000, 0),
  SHED_POOL_WAITING: z.coerce.number().int().min(0).default(100),
  MIGRATE_ON_START: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  READINESS_DRAIN_MS: milliseconds(5000, 0),
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpEndpoint,
};

/** What the operations variables become (config.ts's own part for issue 27). */
function operationsConfig(e: Env): OperationsConfig {
  return {
    timeouts: {
      databaseConnectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      s3ConnectMs: e.S3_CONNECT_TIMEOUT_MS,
      s3RequestMs: e.S3_REQUEST_TIMEOUT_MS,
      storageMs: e.STORAGE_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      uploadMs: e.UPLOAD_TIMEOUT_MS,
      downloadMs: e.DOWNLOAD_TIMEOUT_MS,
    },
    shedding: { eventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS, poolWaiting: e.SHED_POOL_WAITING },
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    readinessDrainMs: e.READINESS_DRAIN_MS,
    tracing: Boolean(e.OTEL_EXPORTER_OTLP_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
  };
}

export interface OperationsConfig {
  /**
   * The longest a dependency may keep a request waiting: a connection from the pool, a statement,
   * a transaction left idle, an S3 connection and request, any storage call; a whole request
   * (an upload's, which includes receiving its files, is longer).
   */
  timeouts: {
    databaseConnectMs: number;
    statementMs: number;
    idleInTransactionMs: number;
    s3ConnectMs: number;
    s3RequestMs: number;
    storageMs: number;
    requestMs: number;
    uploadMs: number;
    downloadMs: number;
  };
  /** Requests answered 503 at once while the event loop lags this much, or this many queries wait for a connection (0: never). */
  shedding: { eventLoopDelayMs: number; poolWaiting: number };
  /** false: the migrations run as a step of their own (`npm run migrate`), for a runtime role without DDL rights. */
  migrateOnStart: boolean;
  /** On SIGTERM, how long /readyz answers 503 before the listener closes, so the load balancer stops sending first. */
  readinessDrainMs: number;
  /**
   * OpenTelemetry traces to the OTLP collector the OTEL_* variables name (telemetry/tracing.ts);
   * false: nothing of OpenTelemetry is loaded.
   */
  tracing: boolean;
}

/**
 * The one place that reads the environment. Everything else receives a Config.
 * Bad values stop the start with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * The password of DATABASE_URL's user, passed apart (compose.yaml does): any character works, `/`
   * and `#` included, where inside the URL it would have to be percent-encoded.
   */
  DATABASE_PASSWORD: z.string().min(1).optional(),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|none$)/, 'must start with postgres:// or postgresql://, or be none')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Home of Movies <no-reply@localhost>'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  STARTER_GALLERY: z.enum(['on', 'off']).default('on'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COMPANY_NAME: z.string().min(1).default('Home of Movies, Modelling & Music'),
  COMPANY_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  COMPANY_PHONE: z.string().min(3).optional(),
  NAIRA_ACCOUNT: z.string().min(1).optional(),
  DOLLAR_ACCOUNT: z.string().min(1).optional(),
  OFFICE_LAGOS: z.string().min(1).optional(),
  OFFICE_OGUN: z.string().min(1).optional(),
  OFFICE_ABIA: z.string().min(1).optional(),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SIGNUP: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_SIGNUP_CONTACT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_CONTACT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_CODES: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_BOOKING: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_VERIFY: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_PAYMENT_CALLBACK: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_FORMS: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_PAGE_DRAWS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_LARGE_PHOTOS: z.coerce.number().int().min(1).default(20),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(5000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(10_000),
  MAIL_RETENTION_DAYS: z.coerce.number().positive().default(30),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  UPLOAD_ORPHAN_GRACE_SECONDS: z.coerce.number().int().min(0).default(600),
  RETENTION_REJECTED_SLIP_DAYS: z.coerce.number().int().min(1).default(90),
  RETENTION_HANDLED_SUBMISSION_FILES_DAYS: z.coerce.number().int().min(1).default(365),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z.string().default('portal:'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Online payment through Paystack; unset: members pay by slip only and nothing speaks of paying online. */
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** An online checkout still pending after this long is checked with Paystack and, unpaid, expired by the housekeeping. */
  PAYSTACK_CHECKOUT_EXPIRY_MINUTES: z.coerce.number().int().min(15).default(120),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** Where `npm run backup` writes (one folder per backup) and where /metrics looks for the last one. */
  BACKUP_DIR: z.string().min(1).default('backups'),
  /** The age identity that opens backups (`npm run backup -- new-key` prints one): only `npm run restore` needs it. */
  BACKUP_KEY: z
    .string()
    .regex(/^AGE-SECRET-KEY-1[0-9A-Z]{58}$/, 'must be an age identity, AGE-SECRET-KEY-1... (npm run backup -- new-key prints one)')
    .optional(),
  /** With the embedded database, the portal serving it backs it up into BACKUP_DIR this often (0: never; needs BACKUP_RECIPIENT). */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 31)
    .default(24),
  /** The age recipient backups are sealed for (age1...): a machine that only takes backups needs this, not BACKUP_KEY. */
  BACKUP_RECIPIENT: z
    .string()
    .regex(/^age1[0-9a-z]{58}$/, 'must be an age recipient, age1... (npm run backup -- new-key prints one)')
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  IDEMPOTENCY_WAIT_MS: milliseconds(20_000),
  ...operationsEnv,
});

const DAY_MS = 24 * 60 * 60 * 1000;

type Env = z.infer<typeof envSchema>;

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO); unset for AWS. */
  endpoint: string | undefined;
  /** Unset: the SDK's own chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Opening a connection, and one request's whole answer (S3_CONNECT_TIMEOUT_MS, S3_REQUEST_TIMEOUT_MS). */
  timeouts: { connectMs: number; requestMs: number };
}

export interface Config extends OperationsConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Where this process LISTENs for the notifications that let it keep sessions between requests:
   * a direct connection, as a transaction-mode pooler (PgBouncer) cannot carry LISTEN. Unset: the
   * DATABASE_URL server. Null (`none`): nothing is kept, PostgreSQL is read on every request.
   */
  databaseListenUrl: string | null | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  admin: { email: string; password: string } | undefined;
  /** A new install's events gallery starts with six pictures (events/starter-gallery.ts); off in the API tests. */
  starterGallery: boolean;
  publicUrl: string | undefined;
  logLevel: string;
  /** Behind a load balancer: how many hops, or which addresses, may name the client in X-Forwarded-For. */
  trustProxy: TrustProxy;
  company: {
    name: string;
    /** Where mail for the company goes (and what mail names as its address); a neutral placeholder until set. */
    email: string;
  };
  /** The company details the console's settings page starts from; what the environment leaves unset stays hidden. */
  siteDefaults: SiteSettings;
  /**
   * Requests per 15 minutes. Sign-ups are counted per address only past a ceiling a whole
   * audition on one Wi-Fi address stays under (`signup`); retries of one email or phone number
   * are counted from every address (`signupPerContact`).
   */
  rateLimits: {
    login: number;
    signup: number;
    signupPerContact: number;
    contact: number;
    codes: number;
    forms: number;
    booking: number;
    verify: number;
    paymentCallback: number;
    pageDraws: number;
    largePhotos: number;
  };
  sessionTtlMs: number;
  /**
   * Outbox polling, the first retry delay after a failed delivery (doubling after that), when to
   * give up, and how long delivered mail is kept.
   */
  mail: { pollMs: number; retryBaseMs: number; maxAttempts: number; retentionMs: number };
  /** Stored bytes without a row, older than this, are removed at start and every hour. */
  orphanGraceMs: number;
  /** How long the housekeeping keeps a rejected payment's slip, and the files of a handled submission (docs/privacy.md). */
  retention: { rejectedSlipMs: number; handledSubmissionFilesMs: number };
  /** Shared counters (rate limits) for several processes; unset: each process counts alone. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** Uploaded files in this bucket; unset: on local disk in DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /** Online payment (ledger/paystack-client.ts); unset: slips only. */
  paystack: { secretKey: string; baseUrl: string; checkoutExpiryMs: number } | undefined;
  /** Bearer token that opens GET /metrics; unset: no metrics are served. */
  metricsToken: string | undefined;
  /** How many portal processes `npm start` runs on this host (node:cluster); PostgreSQL is needed for more than one. */
  processes: number;
  /** Backups: their folder, and the key they are encrypted with (unset: `npm run backup` refuses). */
  backups: { dir: string; identity: string | undefined; recipient: string | undefined; everyHours: number };
  /** How long a stopping process waits for requests in flight before it exits anyway. */
  shutdownTimeoutMs: number;
  /** How long a retry with an Idempotency-Key waits for the first request with its key to finish before it is answered 409. */
  idempotencyWaitMs: number;
}

/** As Fastify's trustProxy takes it: no proxy, the proxies' addresses, or a rule on each hop's address and distance. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const placeholders = PLACEHOLDER_CHECKED.filter((name) => /change-me/i.test(e[name] ?? ''));
  if (placeholders.length > 0) {
    throw new ConfigError(
      `Refusing to start:\n${placeholders.map((name) => `  ${name}: still the example value (change-me…): set a long random one`).join('\n')}`,
    );
  }
  const unsafe = e.NODE_ENV === 'production' ? unsafeInProduction(e) : [];
  if (unsafe.length > 0) {
    throw new ConfigError(`Refusing to start in production:\n${unsafe.map((problem) => `  ${problem}`).join('\n')}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: withPassword(e.DATABASE_URL, e.DATABASE_PASSWORD),
    databaseListenUrl: e.DATABASE_LISTEN_URL === 'none' ? null : e.DATABASE_LISTEN_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    starterGallery: e.STARTER_GALLERY === 'on',
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    company: { name: e.COMPANY_NAME, email: e.COMPANY_EMAIL ?? 'info@example.com' },
    siteDefaults: {
      companyName: e.COMPANY_NAME,
      email: e.COMPANY_EMAIL ?? null,
      phone: e.COMPANY_PHONE ?? null,
      nairaAccount: e.NAIRA_ACCOUNT ?? null,
      dollarAccount: e.DOLLAR_ACCOUNT ?? null,
      offices: (
        [
          ['Lagos', e.OFFICE_LAGOS],
          ['Ogun', e.OFFICE_OGUN],
          ['Abia', e.OFFICE_ABIA],
        ] as const
      ).flatMap(([state, address]) => (address ? [{ state, address }] : [])),
      faq: [],
    },
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      signup: e.RATE_LIMIT_SIGNUP,
      signupPerContact: e.RATE_LIMIT_SIGNUP_CONTACT,
      contact: e.RATE_LIMIT_CONTACT,
      codes: e.RATE_LIMIT_CODES,
      forms: e.RATE_LIMIT_FORMS,
      booking: e.RATE_LIMIT_BOOKING,
      verify: e.RATE_LIMIT_VERIFY,
      paymentCallback: e.RATE_LIMIT_PAYMENT_CALLBACK,
      pageDraws: e.RATE_LIMIT_PAGE_DRAWS,
      largePhotos: e.RATE_LIMIT_LARGE_PHOTOS,
    },
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    mail: {
      pollMs: e.MAIL_POLL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retentionMs: e.MAIL_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    },
    orphanGraceMs: e.UPLOAD_ORPHAN_GRACE_SECONDS * 1000,
    retention: { rejectedSlipMs: e.RETENTION_REJECTED_SLIP_DAYS * DAY_MS, handledSubmissionFilesMs: e.RETENTION_HANDLED_SUBMISSION_FILES_DAYS * DAY_MS },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          timeouts: { connectMs: e.S3_CONNECT_TIMEOUT_MS, requestMs: e.S3_REQUEST_TIMEOUT_MS },
        }
      : undefined,
    paystack: e.PAYSTACK_SECRET_KEY
      ? { secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, ''), checkoutExpiryMs: e.PAYSTACK_CHECKOUT_EXPIRY_MINUTES * 60_000 }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    processes: e.PROCESSES,
    backups: { dir: path.resolve(e.BACKUP_DIR), identity: e.BACKUP_KEY, recipient: e.BACKUP_RECIPIENT, everyHours: e.BACKUP_EVERY_HOURS },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    idempotencyWaitMs: e.IDEMPOTENCY_WAIT_MS,
    ...operationsConfig(e),
  };
}

/** The secrets .env.example once filled with `change-me…`: such a value is refused wherever the portal runs. */
const PLACEHOLDER_CHECKED = [
  'SESSION_SECRET',
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'METRICS_TOKEN',
  'ADMIN_PASSWORD',
  'S3_SECRET_ACCESS_KEY',
  'BACKUP_KEY',
  'SMTP_URL',
  'PAYSTACK_SECRET_KEY',
] as const;

/** DATABASE_URL with DATABASE_PASSWORD set in it, percent-encoded (the URL parser then reads it back exactly). */
function withPassword(url: string | undefined, password: string | undefined): string | undefined {
  if (!url || !password) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: not a valid URL (with DATABASE_PASSWORD set, leave the password out of it)');
  }
  if (parsed.password) throw new ConfigError('Invalid configuration:\n  DATABASE_URL holds a password and DATABASE_PASSWORD is set: give it once');
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** Settings that are fine on a laptop but lose codes, sessions or data once real members use the portal. */
function unsafeInProduction(e: Env): string[] {
  const problems: string[] = [];
  if (!e.SMTP_URL) problems.push('SMTP_URL: must be set (without it, sign-in codes would only go to the log)');
  if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: must be set (a generated one differs between hosts and is lost with DATA_DIR)');
  if (!e.PUBLIC_URL)
    problems.push(
      "PUBLIC_URL: must be set to the portal's public address (without it, the request's Host or X-Forwarded-Host would choose the links in emails, /sitemap.xml, /robots.txt and link previews)",
    );
  if (!e.DATABASE_URL && e.PROCESSES > 1) problems.push('PROCESSES: more than one process needs DATABASE_URL (the embedded PGlite is one process only)');
  return problems;
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]));
}

/** Without SESSION_SECRET, one is generated once and kept in DATA_DIR so restarts keep sessions and codes valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
