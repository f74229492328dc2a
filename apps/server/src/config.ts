import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { LIMITS, passwordBytes } from '@mentora/contract';
import { z } from 'zod';

// Configuration comes from the environment only, and is checked once at start: a wrong value stops
// start-up with one line naming the variable (see ConfigError).

const bool = (name: string) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { error: `${name} must be on or off` })
    .transform((v) => v === 'on' || v === 'true' || v === '1');
const int = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);
const url = (name: string, protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const MB = 1024 * 1024;

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' })
    .default('development'),
  PORT: int('PORT', 0, 65535).default(3000),
  HOST: z.string().min(1, 'HOST must not be empty').default('127.0.0.1'),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_MAX: int('DATABASE_POOL_MAX', 1, 200).default(10),
  READ_CACHE_MB: int('READ_CACHE_MB', 0, 4096).default(32),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  STORAGE: z.enum(['fs', 's3'], { error: 'STORAGE must be fs or s3' }).default('fs'),
  S3_ENDPOINT: url('S3_ENDPOINT', ['http:', 'https:']).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9][\w.-]{1,254}$/, 'S3_BUCKET must be a bucket name (letters, digits, . _ -)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,50}$/, 'S3_REGION must be a region name such as us-east-1 (auto for R2)')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().regex(/^\S+$/, 'S3_ACCESS_KEY_ID must not contain spaces').optional(),
  S3_SECRET_ACCESS_KEY: z.string().regex(/^\S+$/, 'S3_SECRET_ACCESS_KEY must not contain spaces').optional(),
  S3_FORCE_PATH_STYLE: bool('S3_FORCE_PATH_STYLE').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'REDIS_PREFIX must be 1-100 letters, digits or _ : . -')
    .default('mentora:'),
  EVENTS_HEARTBEAT_MS: int('EVENTS_HEARTBEAT_MS', 50, 300_000).default(20_000),
  EVENTS_MAX_STREAMS_PER_USER: int('EVENTS_MAX_STREAMS_PER_USER', 1, 1000).default(5),
  EVENTS_REPLAY_SIZE: int('EVENTS_REPLAY_SIZE', 1, 100_000).default(1000),
  RATE_LIMIT: bool('RATE_LIMIT').default(true),
  RATE_LIMIT_WINDOW_SECONDS: int('RATE_LIMIT_WINDOW_SECONDS', 1, 86_400).default(900),
  LOGIN_RATE_LIMIT_PER_IP: int('LOGIN_RATE_LIMIT_PER_IP', 1, 1_000_000).default(100),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: int('LOGIN_RATE_LIMIT_PER_ACCOUNT', 1, 1_000_000).default(10),
  LOGIN_RATE_LIMIT_ACCOUNT_CEILING: int('LOGIN_RATE_LIMIT_ACCOUNT_CEILING', 1, 1_000_000).default(100),
  REGISTER_RATE_LIMIT_PER_IP: int('REGISTER_RATE_LIMIT_PER_IP', 1, 1_000_000).default(20),
  FORGOT_PASSWORD_RATE_LIMIT_PER_IP: int('FORGOT_PASSWORD_RATE_LIMIT_PER_IP', 1, 1_000_000).default(10),
  FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL: int('FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL', 1, 1_000_000).default(3),
  TRUST_PROXY: int('TRUST_PROXY', 0, 10).default(0),
  CORS_ORIGINS: z.string().default(''),
  BCRYPT_COST: int('BCRYPT_COST', 4, 15).default(12),
  PASSWORD_THREADS: int('PASSWORD_THREADS', 1, 64).optional(),
  PASSWORD_QUEUE_MAX: int('PASSWORD_QUEUE_MAX', 0, 100_000).optional(),
  SESSION_IDLE_DAYS: int('SESSION_IDLE_DAYS', 1, 3650).default(30),
  SESSION_REMINDER_MINUTES: int('SESSION_REMINDER_MINUTES', 1, 10_080).default(15),
  DIGEST_HOUR: int('DIGEST_HOUR', 0, 23).default(8),
  // Any case in, ISO 4217's upper case out; only codes the runtime's Intl knows, so every reader can show it.
  CURRENCY: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase())
    .refine((code) => Intl.supportedValuesOf('currency').includes(code), {
      message: 'CURRENCY must be an ISO 4217 code such as USD or EUR',
    })
    .default('USD'),
  MATERIAL_MAX_MB: int('MATERIAL_MAX_MB', 1, 10_240).default(50),
  AVATAR_MAX_MB: int('AVATAR_MAX_MB', 1, 100).default(5),
  IMAGE_THREADS: int('IMAGE_THREADS', 1, 16).default(2),
  IMAGE_QUEUE_MAX: int('IMAGE_QUEUE_MAX', 0, 1000).default(8),
  PICTURE_RATE_LIMIT_PER_HOUR: int('PICTURE_RATE_LIMIT_PER_HOUR', 1, 1_000_000).default(30),
  CLASS_STORAGE_MAX_MB: int('CLASS_STORAGE_MAX_MB', 1, 1_048_576).default(1024),
  ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL must be an email address' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'ADMIN_PASSWORD must be at least 8 characters')
    .refine(
      (v) => passwordBytes(v) <= LIMITS.password.maxBytes,
      `ADMIN_PASSWORD must be at most ${LIMITS.password.maxBytes} bytes (bcrypt reads no more)`,
    )
    .optional(),
  ADMIN_NAME: z.string().min(1).max(100, 'ADMIN_NAME must be at most 100 characters').default('Administrator'),
  LIVE_BASE_URL: url('LIVE_BASE_URL', ['http:', 'https:']).default('https://meet.jit.si/'),
  GEMINI_API_KEY: z.string().regex(/^\S+$/, 'GEMINI_API_KEY must not contain spaces').optional(),
  GEMINI_MODEL: z
    .string()
    .regex(/^[A-Za-z0-9][\w./-]*$/, 'GEMINI_MODEL must be a model name such as gemini-2.5-flash')
    .default('gemini-2.5-flash'),
  GEMINI_BASE_URL: url('GEMINI_BASE_URL', ['http:', 'https:']).optional(),
  GEMINI_TIMEOUT_MS: int('GEMINI_TIMEOUT_MS', 100, 600_000).default(20_000),
  ASSISTANT_RATE_LIMIT_PER_MINUTE: int('ASSISTANT_RATE_LIMIT_PER_MINUTE', 1, 1_000_000).default(20),
  REPORT_RATE_LIMIT_PER_HOUR: int('REPORT_RATE_LIMIT_PER_HOUR', 1, 1_000_000).default(30),
  TOKEN_RATE_LIMIT_PER_IP: int('TOKEN_RATE_LIMIT_PER_IP', 1, 1_000_000).default(20),
  MODERATION_AUTO_HIDE_REPORTS: int('MODERATION_AUTO_HIDE_REPORTS', 1, 1_000).default(3),
  MODERATION_REPORTER_MIN_AGE_DAYS: int('MODERATION_REPORTER_MIN_AGE_DAYS', 0, 3650).default(3),
  MODERATION_REPORTER_MIN_ACTIVITY: int('MODERATION_REPORTER_MIN_ACTIVITY', 0, 1_000).default(3),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]+@[^\r\n]+$/, 'MAIL_FROM must be an address such as "Mentora <no-reply@example.com>"')
    .default('Mentora <no-reply@localhost>'),
  MAIL_LOG_LINKS: bool('MAIL_LOG_LINKS').default(false),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

/** Every environment variable the server reads (.env.example lists each with its default: config.test.ts). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as readonly (keyof typeof envSchema.shape)[];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Memory for reads many requests share (db/readCache.ts), in MB; 0 keeps none. */
  readCacheMb: number;
  dataDir: string;
  /** Where uploaded files live (storage/openStore.ts): DATA_DIR/files, or an S3-compatible bucket. */
  storage: StorageConfig;
  jwtSecret: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  /** Live events (GET /api/events). */
  events: {
    heartbeatMs: number;
    maxStreamsPerUser: number;
    /** How many recent broadcast events each process keeps to replay after a reconnection. */
    replaySize: number;
  };
  rateLimit: {
    enabled: boolean;
    windowMs: number;
    loginPerIp: number;
    /** Wrong passwords from one address (or one session) for one account per window. */
    loginPerAccount: number;
    /** Wrong passwords for one account from everywhere per hour; past it only sources with failures of their own are refused. */
    loginAccountCeiling: number;
    registerPerIp: number;
    assistantPerUserPerMinute: number;
    forgotPasswordPerIp: number;
    forgotPasswordPerEmail: number;
    /** Reports (POST /reports) per signed-in user per hour. */
    reportsPerUserPerHour: number;
    /** Profile picture uploads (PUT /auth/profile/picture) per signed-in user per hour. */
    picturesPerUserPerHour: number;
    /** Wrong secret tokens (calendar feed, unsubscribe, password reset) per address per window. */
    tokenGuessesPerIp: number;
  };
  /** Moderation (issue #24). */
  moderation: {
    /**
     * The weight of reports that hides an item pending review (MODERATION_AUTO_HIDE_REPORTS): each
     * reporter with standing weighs about 1, more or less by how their earlier reports were decided.
     */
    autoHideReports: number;
    /**
     * What a reporter needs before their reports count toward hiding (their reports are queued either
     * way): an account this old (MODERATION_REPORTER_MIN_AGE_DAYS) and this many texts of theirs that
     * others can read (MODERATION_REPORTER_MIN_ACTIVITY).
     */
    reporterMinAgeMs: number;
    reporterMinActivity: number;
  };
  trustProxy: number;
  corsOrigins: string[];
  bcryptCost: number;
  /**
   * Password hashing's worker threads (PASSWORD_THREADS, default one per core) and how many hashes may
   * wait for one before requests get 503 (PASSWORD_QUEUE_MAX, default about 3 s of work).
   */
  passwords: { cost: number; threads: number; queueMax?: number };
  /** A session unused for longer than this ends (SESSION_IDLE_DAYS). */
  sessionIdleMs: number;
  /** Members of a class are reminded this long before each of its scheduled sessions (SESSION_REMINDER_MINUTES). */
  sessionReminderMs: number;
  /** The local hour (in each user's time zone) their daily notification digest is sent at (DIGEST_HOUR). */
  digestHour: number;
  /** What class prices are in (CURRENCY, ISO 4217, upper case): every class answer carries it. */
  currency: string;
  /** Upload limits (issue #26), in bytes: one class material, one profile picture, all of one class's materials. */
  uploads: { materialMaxBytes: number; avatarMaxBytes: number; classStorageMaxBytes: number };
  /**
   * Decoding pictures (profile pictures): at most `threads` at once (IMAGE_THREADS), and `queueMax` waiting
   * (IMAGE_QUEUE_MAX) before uploads get 503.
   */
  images: { threads: number; queueMax: number };
  admin: { email: string; password: string; name: string } | undefined;
  liveBaseUrl: string;
  /** GEMINI_API_KEY set: the assistant uses Gemini; otherwise the offline assistant. The key is never logged. */
  assistant: {
    geminiApiKey: string | undefined;
    geminiModel: string;
    geminiBaseUrl: string | undefined;
    timeoutMs: number;
  };
  /** Unset: mail (password reset links) is written to the log instead of sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Without SMTP_URL, whether the log gets each mail whole, reset link included: outside production
   * always, in production only when MAIL_LOG_LINKS asks (anyone reading the log could reset passwords).
   */
  logMailText: boolean;
  /** Where users reach the web app, without a trailing slash: links in mail point there. */
  publicUrl: string;
  /** Whether PUBLIC_URL was given, rather than guessed from PORT. */
  publicUrlConfigured: boolean;
  logLevel: string;
  webDistDir: string;
}

export type StorageConfig =
  | { kind: 'fs'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset: AWS S3 itself. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's own chain (AWS_* variables, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export class ConfigError extends Error {}

/**
 * Settings that are valid but probably wrong, said once at start. In production an unset SMTP_URL
 * means no reset link reaches anyone, and an unset PUBLIC_URL makes them point at localhost, which no
 * user can open.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.env === 'production' && !config.smtpUrl) {
    warnings.push(
      config.logMailText
        ? 'SMTP_URL is not set: mail is not sent; MAIL_LOG_LINKS writes each mail, password reset links included, to this log.'
        : 'SMTP_URL is not set: mail (password reset links) is not sent, and only noted in this log without its text. Set SMTP_URL.',
    );
  }
  if (config.env === 'production' && !config.publicUrlConfigured) {
    warnings.push(
      `PUBLIC_URL is not set: password reset links will point to ${config.publicUrl}. Set it to the address users open.`,
    );
  }
  return warnings;
}

/** The desktop app's renderer origin (apps/desktop serves the UI from this custom scheme). */
export const DESKTOP_ORIGIN = 'app://mentora';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = present[name];
    const shown =
      got === undefined || /SECRET|PASSWORD|KEY|DATABASE_URL|REDIS_URL|SMTP_URL/.test(name) ? '' : ` (got "${got}")`;
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid value'}${shown}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    readCacheMb: e.READ_CACHE_MB,
    dataDir,
    storage: storageConfig(e, dataDir),
    jwtSecret: e.JWT_SECRET ?? secretFromDataDir(dataDir, e.DATABASE_URL),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    events: {
      heartbeatMs: e.EVENTS_HEARTBEAT_MS,
      maxStreamsPerUser: e.EVENTS_MAX_STREAMS_PER_USER,
      replaySize: e.EVENTS_REPLAY_SIZE,
    },
    rateLimit: {
      enabled: e.RATE_LIMIT,
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
      loginPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
      loginPerAccount: e.LOGIN_RATE_LIMIT_PER_ACCOUNT,
      loginAccountCeiling: e.LOGIN_RATE_LIMIT_ACCOUNT_CEILING,
      registerPerIp: e.REGISTER_RATE_LIMIT_PER_IP,
      assistantPerUserPerMinute: e.ASSISTANT_RATE_LIMIT_PER_MINUTE,
      forgotPasswordPerIp: e.FORGOT_PASSWORD_RATE_LIMIT_PER_IP,
      forgotPasswordPerEmail: e.FORGOT_PASSWORD_RATE_LIMIT_PER_EMAIL,
      reportsPerUserPerHour: e.REPORT_RATE_LIMIT_PER_HOUR,
      picturesPerUserPerHour: e.PICTURE_RATE_LIMIT_PER_HOUR,
      tokenGuessesPerIp: e.TOKEN_RATE_LIMIT_PER_IP,
    },
    moderation: {
      autoHideReports: e.MODERATION_AUTO_HIDE_REPORTS,
      reporterMinAgeMs: e.MODERATION_REPORTER_MIN_AGE_DAYS * 24 * 3600 * 1000,
      reporterMinActivity: e.MODERATION_REPORTER_MIN_ACTIVITY,
    },
    trustProxy: e.TRUST_PROXY,
    corsOrigins: [
      DESKTOP_ORIGIN,
      ...e.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    bcryptCost: e.BCRYPT_COST,
    passwords: {
      cost: e.BCRYPT_COST,
      threads: e.PASSWORD_THREADS ?? availableParallelism(),
      ...(e.PASSWORD_QUEUE_MAX === undefined ? {} : { queueMax: e.PASSWORD_QUEUE_MAX }),
    },
    sessionIdleMs: e.SESSION_IDLE_DAYS * 24 * 3600 * 1000,
    sessionReminderMs: e.SESSION_REMINDER_MINUTES * 60_000,
    digestHour: e.DIGEST_HOUR,
    currency: e.CURRENCY,
    uploads: {
      materialMaxBytes: e.MATERIAL_MAX_MB * MB,
      avatarMaxBytes: e.AVATAR_MAX_MB * MB,
      classStorageMaxBytes: e.CLASS_STORAGE_MAX_MB * MB,
    },
    images: { threads: e.IMAGE_THREADS, queueMax: e.IMAGE_QUEUE_MAX },
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME }
        : undefined,
    liveBaseUrl: e.LIVE_BASE_URL.endsWith('/') ? e.LIVE_BASE_URL : `${e.LIVE_BASE_URL}/`,
    assistant: {
      geminiApiKey: e.GEMINI_API_KEY,
      geminiModel: e.GEMINI_MODEL,
      geminiBaseUrl: e.GEMINI_BASE_URL,
      timeoutMs: e.GEMINI_TIMEOUT_MS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logMailText: e.NODE_ENV !== 'production' || e.MAIL_LOG_LINKS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist(),
  };
}

function storageConfig(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  if (e.STORAGE === 'fs') return { kind: 'fs', dir: path.join(dataDir, 'files') };
  if (!e.S3_BUCKET) throw new ConfigError('Invalid configuration: S3_BUCKET: required when STORAGE=s3');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    // Self-hosted stores (MinIO, s3rver) have no per-bucket host names; AWS itself prefers them.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/**
 * Without JWT_SECRET the embedded setup makes one secret and keeps it in DATA_DIR, so tokens survive
 * restarts. A production setup (DATABASE_URL) must name its secret: several processes share it.
 */
function secretFromDataDir(dataDir: string, databaseUrl: string | undefined): string {
  if (databaseUrl) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET: required when DATABASE_URL is set (at least 32 characters)',
    );
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function defaultWebDist(): string {
  // src/config.ts and dist/main.js both sit two levels below apps/.
  return path.resolve(import.meta.dirname, '../../web/dist');
}
