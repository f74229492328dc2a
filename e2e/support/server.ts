import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import getPort from 'get-port';
import { ADMIN, SERVER_MAIN, WEB_DIST, WEB_INDEX } from './env';

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  baseUrl: string;
  /** The mail the server wrote to its log (no SMTP_URL, MAIL_LOG_LINKS=1): one JSON `{to, subject, text}` a line. */
  mailbox: string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let processEnded = false;
  void exited(child).then(() => {
    processEnded = true;
  });
  while (Date.now() < deadline) {
    if (processEnded) throw new Error(`the server exited during start-up (exit code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
}

/** pino's level number for warn. */
const WARN_LEVEL = 40;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The server's log, line by line: mail it wrote there instead of sending (password reset links) goes to
 * the mailbox file, where journeys read it; warnings, errors and anything unparsed go to the terminal as
 * before; routine info lines (one per request) are dropped.
 */
function routeServerLog(stream: Readable, mailbox: string): void {
  createInterface({ input: stream }).on('line', (line) => {
    let entry: unknown = null;
    try {
      entry = JSON.parse(line);
    } catch {
      // not a log entry: show it
    }
    if (isRecord(entry) && isRecord(entry.mail)) appendFileSync(mailbox, `${JSON.stringify(entry.mail)}\n`);
    else if (!isRecord(entry) || typeof entry.level !== 'number' || entry.level >= WARN_LEVEL) {
      process.stdout.write(`${line}\n`);
    }
  });
}

/**
 * Starts the built server (apps/server/dist/main.js) on a free port with a fresh embedded database in a
 * temporary directory, rate limits off and a known administrator, and waits until it is healthy.
 */
export async function startServer({
  corsOrigins = [],
  env: extra,
}: {
  corsOrigins?: string[];
  /** More settings for this server (SMTP_URL for a journey that reads real mail), given the base URL. */
  env?: (baseUrl: string) => Record<string, string>;
} = {}): Promise<RunningServer> {
  for (const file of [SERVER_MAIN, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` at the repository root first`);
  }
  const port = await getPort({ host: '127.0.0.1' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mentora-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMIT: 'off',
    // info, so that the mail it logs for want of SMTP_URL reaches routeServerLog (which drops the chatter).
    LOG_LEVEL: 'info',
    // In production the log gets a mail's text (the reset link journeys follow) only when asked.
    MAIL_LOG_LINKS: '1',
    // The lowest cost the server accepts: registrations in every journey stay fast.
    BCRYPT_COST: '4',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: ADMIN.name,
    // Other origins whose pages call this server (the desktop renderer, served apart from it).
    CORS_ORIGINS: corsOrigins.join(','),
  };
  // The embedded database, whatever the surrounding shell points at.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET']) delete env[name];
  env.WEB_DIST_DIR = WEB_DIST;
  if (extra) Object.assign(env, extra(baseUrl));

  const mailbox = `${dataDir}.mail.jsonl`;
  writeFileSync(mailbox, '');
  const child = spawn(process.execPath, [SERVER_MAIN], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  if (child.stdout) routeServerLog(child.stdout, mailbox);
  const cleanUp = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailbox, { force: true });
  };

  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    cleanUp();
    throw error;
  }

  return {
    baseUrl,
    mailbox,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited(child);
        clearTimeout(timer);
      }
      cleanUp();
    },
  };
}
