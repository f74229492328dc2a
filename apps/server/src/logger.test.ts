import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createLogger, describeError } from './logger.js';

/** A logger writing JSON lines to memory, to see exactly what the server logs. */
function captureLog() {
  const sink = new PassThrough();
  const lines: string[] = [];
  sink.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
  return { logger: createLogger('trace', sink), lines };
}

describe('the log of a failed statement', () => {
  let t: TestServer;
  const log = captureLog();
  beforeAll(async () => {
    t = await startTestServer({ logger: log.logger });
    // A real failure of the registration's insert, after the password has been hashed into it.
    await t.ctx.db.execute(
      sql.raw(`create function refuse_accounts() returns trigger language plpgsql as $$
        begin raise exception 'refused: %', new.password_hash; end $$`),
    );
    await t.ctx.db.execute(
      sql.raw('create trigger refuse_accounts before insert on users for each row execute function refuse_accounts()'),
    );
  });
  afterAll(() => t.close());

  it('names the SQL state and the statement, never the parameters, the SQL text or the server message', async () => {
    const email = 'logged-nowhere@example.test';
    const password = 'a passphrase that stays secret';
    const res = await t.http.post('/api/auth/register').send({ name: 'Nobody Logged', email, password });
    expect(res.status).toBe(500);

    const line = log.lines.find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line as string) as { err: Record<string, unknown>; requestId?: string };
    // The answer's id leads to this line: a user's report of a 500 finds its cause.
    expect(res.body.requestId).toEqual(expect.any(String));
    expect(entry.requestId).toBe(res.body.requestId);
    expect(res.headers['x-request-id']).toBe(res.body.requestId);
    expect(entry.err).toMatchObject({ sqlState: 'P0001', statement: 'insert users' });
    expect(entry.err.stack).toEqual(expect.stringContaining('    at '));
    const logged = log.lines.join('\n');
    // bcrypt hashes start $2a$ or $2b$: the trigger put one in the server's message, drizzle in params.
    expect(logged).not.toMatch(/\$2[aby]\$/);
    expect(logged).not.toContain(email);
    expect(logged).not.toContain(password);
    expect(logged).not.toContain('Failed query');
    expect(logged).not.toMatch(/insert into/i);
  });

  it('keeps the constraint and table of a violation', async () => {
    await t.ctx.db.execute(sql.raw('drop trigger refuse_accounts on users'));
    const first = { name: 'Twice Here', email: 'twice@example.test', password: 'a passphrase that stays secret' };
    expect((await t.http.post('/api/auth/register').send(first)).status).toBe(201);
    const before = log.lines.length;
    let said = '';
    // The same row again, its hash among the values: a unique violation inside the server.
    await expect(
      t.ctx.db.execute(sql`insert into users select * from users where email = ${first.email}`),
    ).rejects.toSatisfy((error: unknown) => {
      log.logger.error({ err: error }, 'unhandled error');
      // What a command or a failed start prints instead of the error's own message.
      said = describeError(error);
      return true;
    });
    expect(said).toMatch(/^a database statement failed \(insert users, SQLSTATE 23505, constraint \w+\)$/);
    const entry = JSON.parse(log.lines.slice(before).join('\n')) as { err: Record<string, unknown> };
    expect(entry.err).toMatchObject({ sqlState: '23505', table: 'users', statement: 'insert users' });
    expect(entry.err.constraint).toEqual(expect.any(String));
    expect(JSON.stringify(entry)).not.toContain(first.email);
    expect(JSON.stringify(entry)).not.toMatch(/\$2[aby]\$/);
  });

  it('logs other errors as before: message and stack', () => {
    expect(describeError(new Error('the disk is full'))).toBe('the disk is full');
    const before = log.lines.length;
    log.logger.error({ err: new Error('the disk is full') }, 'something else');
    const entry = JSON.parse(log.lines[before] as string) as { err: { message: string; stack: string } };
    expect(entry.err.message).toBe('the disk is full');
    expect(entry.err.stack).toContain('the disk is full');
  });
});
