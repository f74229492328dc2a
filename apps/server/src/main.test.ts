import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENV } from '../test/harness.js';
import { spawnServer } from '../test/processes.js';
import { openDatabase } from './db/client.js';

// The real entry points, as processes: start-up, first admin, graceful shutdown, and the admin CLI.

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = (file: string) => [process.execPath, ['--import', 'tsx', file]] as const;

async function waitForHealth(base: string, child: ChildProcess, output: () => string): Promise<void> {
  // Generous: a loaded 2-core machine can take a minute to start tsx and create an embedded database.
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy: ${output()}`);
}

/** A child's output arrives on its own pipe, possibly after its HTTP answers: wait for a line, bounded. */
async function waitForOutput(text: string, output: () => string): Promise<void> {
  for (let i = 0; i < 100 && !output().includes(text); i++) await new Promise((r) => setTimeout(r, 100));
  expect(output()).toContain(text);
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('the server process', () => {
  it('creates the first admin from ADMIN_EMAIL once, serves, and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-main-'));
    const port = await getPort({ host: '127.0.0.1' });
    const [cmd, args] = tsx('src/main.ts');
    const env = {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'first admin password',
      BCRYPT_COST: '4',
      JWT_SECRET: '',
    };
    const child = spawn(cmd, args, { cwd: serverDir, env });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stderr.on('data', (d) => {
      out += String(d);
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child, () => out);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@example.com', password: 'first admin password' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { role: string }).role).toBe('admin');
    await waitForOutput('created the first administrator', () => out);

    // 'close' comes after the child's output pipes are drained ('exit' may come before).
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('shutting down');
    expect(out).toContain('stopped');
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 180_000);
});

/**
 * A request over node:http whose body is sent in two parts, so the test decides when it is complete,
 * and that reports how its answer ended: `end` when the body was finished properly (for a stream: the
 * server ended it), `aborted` when the connection was cut under it. With a body it asks for
 * `100 Continue`: once that came, the server has read the headers and the request is in progress.
 */
function twoPartRequest(url: string, method: string, headers: Record<string, string>, body = '') {
  const req = http.request(url, {
    method,
    headers: {
      ...headers,
      ...(body
        ? {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            expect: '100-continue',
          }
        : {}),
    },
  });
  const half = Math.floor(body.length / 2);
  const inProgress = new Promise<void>((resolve) => {
    if (!body) return resolve();
    req.once('continue', () => {
      req.write(body.slice(0, half));
      resolve();
    });
  });
  if (!body) req.end();
  else req.flushHeaders();
  const answer = new Promise<{ status: number; text: string; ending: 'end' | 'aborted' }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => {
        text += String(d);
      });
      res.on('aborted', () => resolve({ status: res.statusCode ?? 0, text, ending: 'aborted' }));
      res.on('end', () => {
        if (!res.aborted) resolve({ status: res.statusCode ?? 0, text, ending: 'end' });
      });
    });
  });
  // Handled here too: a test that fails before awaiting it must not also report an unhandled rejection.
  answer.catch(() => {});
  return { req, inProgress, answer, finish: () => req.end(body.slice(half)) };
}

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting, finishes a request in flight, ends event streams cleanly and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-drain-'));
    const server = await spawnServer({ ...TEST_ENV, LOG_LEVEL: 'info', DATABASE_URL: '', DATA_DIR: dataDir });
    try {
      const registered = await fetch(`${server.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Streamer', email: 'streamer@example.test', password: 'long enough pw' }),
      });
      const { token } = (await registered.json()) as { token: string };
      const stream = twoPartRequest(`${server.base}/api/events`, 'GET', { authorization: `Bearer ${token}` });
      // The stream is open once its headers have come.
      await new Promise((resolve) => stream.req.once('response', resolve));

      // A registration whose body has only half arrived when SIGTERM comes.
      const body = JSON.stringify({ name: 'Late Comer', email: 'late@example.test', password: 'long enough pw' });
      const inFlight = twoPartRequest(`${server.base}/api/auth/register`, 'POST', {}, body);
      await inFlight.inProgress;
      const exited = new Promise<number | null>((resolve) => server.child.on('close', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      await waitForOutput('shutting down', server.output);

      // The event stream is ended by the server (a clean end of the chunked body, not a cut connection).
      expect((await stream.answer).ending).toBe('end');
      // No new connection is accepted...
      await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
      // ...while the one in flight is finished and answered.
      inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.text)).toMatchObject({ email: 'late@example.test' });
      expect(await exited).toBe(0);
      expect(server.output()).toContain('stopped');
      expect(server.output()).not.toContain('shutdown grace period over');

      // What it answered is stored: the database was closed properly after it.
      const database = await openDatabase({ dataDir });
      const { rows } = (await database.pglite?.query(`select email from users order by email`)) ?? { rows: [] };
      await database.close();
      expect(rows).toEqual([{ email: 'late@example.test' }, { email: 'streamer@example.test' }]);
    } finally {
      await server.stop();
    }
  }, 180_000);
});

describe('pnpm admin:create', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-cli-'));
  const run = (args: string[], extraEnv: Record<string, string> = {}) => {
    const [cmd, base] = tsx('src/cli/admin-create.ts');
    return spawnSync(cmd, [...base, ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', JWT_SECRET: '', DATA_DIR: dataDir, BCRYPT_COST: '4', ...extraEnv },
      encoding: 'utf8',
      timeout: 60_000,
    });
  };

  it('refuses a missing or bad email with usage and exit 2', () => {
    const res = run(['--email', 'nope']);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('Usage: pnpm admin:create --email EMAIL');
  });

  it('needs a password for a new account when not run in a terminal', () => {
    const res = run(['--email', 'new@example.com'], { ADMIN_PASSWORD: '' });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('needs a password');
  }, 120_000);

  it('creates a new admin, then promotes an existing account without a password', () => {
    const created = run(['--email', 'Boss@Example.com', '--name', 'Boss'], { ADMIN_PASSWORD: 'boss password 1' });
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Created admin boss@example.com');
    const again = run(['--email', 'boss@example.com'], { ADMIN_PASSWORD: '' });
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('Promoted admin boss@example.com');
  }, 120_000);
});
