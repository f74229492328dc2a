import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, ENV_VARIABLES, loadConfig } from './config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'mentora-config-'));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      bcryptCost: 12,
      liveBaseUrl: 'https://meet.jit.si/',
      readCacheMb: 32,
      currency: 'USD',
    });
    expect(config.rateLimit.enabled).toBe(true);
    // Any case in, ISO 4217's upper case out.
    expect(loadConfig({ DATA_DIR: tmp(), CURRENCY: ' eur ' }).currency).toBe('EUR');
    expect(config.rateLimit).toMatchObject({ loginPerAccount: 10, loginAccountCeiling: 100 });
    expect(config.passwords).toEqual({ cost: 12, threads: availableParallelism() });
    expect(loadConfig({ DATA_DIR: tmp(), PASSWORD_THREADS: '3', PASSWORD_QUEUE_MAX: '0' }).passwords).toEqual({
      cost: 12,
      threads: 3,
      queueMax: 0,
    });
    expect(loadConfig({ DATA_DIR: tmp(), LOGIN_RATE_LIMIT_ACCOUNT_CEILING: '500' }).rateLimit.loginAccountCeiling).toBe(
      500,
    );
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.redisPrefix).toBe('mentora:');
    expect(config.events).toEqual({ heartbeatMs: 20_000, maxStreamsPerUser: 5, replaySize: 1000 });
  });

  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT: PORT must be a whole number \(got "abc"\)$/],
    ['PORT', '70000', /PORT must be between 0 and 65535/],
    ['RATE_LIMIT', 'maybe', /^Invalid configuration: RATE_LIMIT: RATE_LIMIT must be on or off/],
    [
      'DATABASE_URL',
      'mysql://x',
      /^Invalid configuration: DATABASE_URL: DATABASE_URL must be a URL starting with postgres:/,
    ],
    ['JWT_SECRET', 'short', /^Invalid configuration: JWT_SECRET: JWT_SECRET must be at least 32 characters$/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    [
      'REDIS_URL',
      'http://cache',
      /^Invalid configuration: REDIS_URL: REDIS_URL must be a URL starting with redis:\/\/ or rediss:\/\/$/,
    ],
    ['REDIS_PREFIX', 'has space', /REDIS_PREFIX must be 1-100 letters, digits/],
    ['EVENTS_HEARTBEAT_MS', '10', /EVENTS_HEARTBEAT_MS must be between 50 and 300000/],
    ['EVENTS_MAX_STREAMS_PER_USER', '0', /EVENTS_MAX_STREAMS_PER_USER must be between 1 and 1000/],
    ['READ_CACHE_MB', '5000', /READ_CACHE_MB must be between 0 and 4096/],
    ['CURRENCY', 'dollars', /^Invalid configuration: CURRENCY: CURRENCY must be an ISO 4217 code such as USD or EUR/],
    ['CURRENCY', 'XYZ', /CURRENCY must be an ISO 4217 code/],
    ['LOGIN_RATE_LIMIT_ACCOUNT_CEILING', '0', /LOGIN_RATE_LIMIT_ACCOUNT_CEILING must be between 1 and 1000000/],
    ['PASSWORD_THREADS', '0', /PASSWORD_THREADS must be between 1 and 64/],
    ['PASSWORD_QUEUE_MAX', 'lots', /PASSWORD_QUEUE_MAX must be a whole number/],
    [
      'ADMIN_PASSWORD',
      'é'.repeat(37),
      /^Invalid configuration: ADMIN_PASSWORD: ADMIN_PASSWORD must be at most 72 bytes/,
    ],
  ])('stops on a wrong %s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrowError(message);
    try {
      loadConfig({ DATA_DIR: tmp(), [name]: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect(String((error as Error).message)).not.toContain('\n');
    }
  });

  it('never echoes secrets in the message', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 'tiny-secret' })).toThrowError(/^(?!.*tiny-secret)/);
  });

  it('makes a JWT secret once in DATA_DIR (mode 0600) and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: tmp() }).jwtSecret).not.toBe(first);
  });

  it('refuses to start on PostgreSQL without JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://localhost/x' })).toThrowError(
      /JWT_SECRET: required when DATABASE_URL is set/,
    );
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_EMAIL: 'a@example.com' })).toThrowError(
      /ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
  });
});

describe('file storage (STORAGE)', () => {
  it('keeps files under DATA_DIR/files by default', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual({ kind: 'fs', dir: path.join(dir, 'files') });
  });

  it('reads an S3-compatible bucket, path-style when an endpoint is named', () => {
    const s3 = { DATA_DIR: tmp(), STORAGE: 's3', S3_BUCKET: 'mentora-files' };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      bucket: 'mentora-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'mentora-files',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'off' }).storage).toMatchObject({
      forcePathStyle: false,
    });
  });

  it.each([
    [{ STORAGE: 'disk' }, /^Invalid configuration: STORAGE: STORAGE must be fs or s3/],
    [{ STORAGE: 's3' }, /^Invalid configuration: S3_BUCKET: required when STORAGE=s3$/],
    [{ STORAGE: 's3', S3_BUCKET: 'b/../c' }, /S3_BUCKET must be a bucket name/],
    [{ S3_ENDPOINT: 'ftp://files' }, /S3_ENDPOINT must be a URL starting with http:\/\/ or https:\/\//],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be on or off/],
    [{ S3_ACCESS_KEY_ID: 'id' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrowError(message);
  });

  it('never echoes the S3 secret', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_SECRET_ACCESS_KEY: 'very secret' })).toThrowError(
      /^(?!.*very secret)/,
    );
  });
});

describe('start-up with a wrong value', () => {
  it('exits 1 printing one line that names the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'abc', DATA_DIR: tmp(), DATABASE_URL: '' },
      encoding: 'utf8',
      // Starting tsx can take a minute on a loaded 2-core machine.
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: PORT: PORT must be a whole number (got "abc")',
    ]);
  }, 150_000);
});

describe('configWarnings', () => {
  const secret = { JWT_SECRET: 'x'.repeat(32) };
  const smtp = { SMTP_URL: 'smtp://mail.example:25' };

  it('warns in production when PUBLIC_URL is not set, naming where reset links would point', () => {
    const warnings = configWarnings(loadConfig({ ...secret, ...smtp, NODE_ENV: 'production', PORT: '4100' }));
    expect(warnings).toEqual([expect.stringContaining('PUBLIC_URL is not set')]);
    expect(warnings[0]).toContain('http://localhost:4100');
  });

  it('warns in production when SMTP_URL is not set: mail is not sent', () => {
    const base = { ...secret, NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example' };
    expect(configWarnings(loadConfig(base))).toEqual([expect.stringMatching(/^SMTP_URL is not set: .*not sent/)]);
    expect(configWarnings(loadConfig({ ...base, MAIL_LOG_LINKS: '1' }))).toEqual([
      expect.stringContaining('MAIL_LOG_LINKS writes each mail, password reset links included, to this log'),
    ]);
  });

  it('is quiet when SMTP_URL and PUBLIC_URL are set, and outside production', () => {
    expect(
      configWarnings(loadConfig({ ...secret, ...smtp, NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example' })),
    ).toEqual([]);
    expect(configWarnings(loadConfig({ ...secret, NODE_ENV: 'development' }))).toEqual([]);
  });
});

describe('MAIL_LOG_LINKS', () => {
  const secret = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: tmp() };

  it('logs mail whole without SMTP outside production; in production only when MAIL_LOG_LINKS asks', () => {
    expect(loadConfig({ ...secret, NODE_ENV: 'development' }).logMailText).toBe(true);
    expect(loadConfig({ ...secret, NODE_ENV: 'test' }).logMailText).toBe(true);
    expect(loadConfig({ ...secret, NODE_ENV: 'production' }).logMailText).toBe(false);
    expect(loadConfig({ ...secret, NODE_ENV: 'production', MAIL_LOG_LINKS: '0' }).logMailText).toBe(false);
    expect(loadConfig({ ...secret, NODE_ENV: 'production', MAIL_LOG_LINKS: '1' }).logMailText).toBe(true);
    expect(loadConfig({ ...secret, NODE_ENV: 'production', MAIL_LOG_LINKS: 'on' }).logMailText).toBe(true);
  });

  it('refuses a value that is not on or off', () => {
    expect(() => loadConfig({ ...secret, MAIL_LOG_LINKS: 'yes please' })).toThrow(
      'Invalid configuration: MAIL_LOG_LINKS: MAIL_LOG_LINKS must be on or off',
    );
  });
});

describe('.env.example', () => {
  const file = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
  /** Its settings, quotes taken off as dotenv, systemd and Compose do. */
  const example = Object.fromEntries(
    file
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => {
        const [name, ...rest] = line.split('=');
        return [name as string, rest.join('=').replace(/^"(.*)"$/, '$1')];
      }),
  );
  // Variables of the commands around the server, not of config.ts.
  const commandVariables = ['DEMO_DATA_DIR'];

  it('lists every variable the server reads, and only those and the demo’s', () => {
    const listed = Object.keys(example).sort();
    expect(listed.filter((name) => !commandVariables.includes(name))).toEqual([...ENV_VARIABLES].sort());
    expect(example.DEMO_DATA_DIR).toBe('./demo-data');
  });

  it('gives each its default: loading the file configures what loading nothing does', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-env-'));
    try {
      const fixed = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) };
      expect(loadConfig({ ...example, ...fixed })).toEqual(loadConfig(fixed));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says in a comment line above each setting what it is for', () => {
    const lines = file.split('\n');
    lines.forEach((line, i) => {
      if (!/^[A-Z]/.test(line) || /^ADMIN_(PASSWORD|NAME)=/.test(line)) return;
      expect(lines[i - 1], line).toMatch(/^# /);
    });
  });
});
