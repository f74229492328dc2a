import { MESSAGES } from '@mentora/contract';
import bcrypt from 'bcryptjs';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLearner } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

// One thread and room for two waiting hashes, at the default cost (12) so each hash takes long enough
// for a burst to pile up behind it.
const THREADS = 1;
const QUEUE_MAX = 2;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    env: { BCRYPT_COST: '12', PASSWORD_THREADS: String(THREADS), PASSWORD_QUEUE_MAX: String(QUEUE_MAX) },
  });
});
afterAll(() => t.close());

const login = (email: string, password: string) => t.http.post('/api/auth/login').send({ email, password });

describe('password hashing in worker threads', () => {
  it('verifies hashes made before, on the main thread by bcryptjs', async () => {
    const hash = bcrypt.hashSync('an older password', 4);
    expect(await t.ctx.passwords.verify('an older password', hash)).toBe(true);
    expect(await t.ctx.passwords.verify('another password', hash)).toBe(false);
    expect(await t.ctx.passwords.hash('a new password')).toMatch(/^\$2[ab]\$12\$/);
  });

  it('sheds a burst of wrong sign-ins with 503 and Retry-After, so another account signs in behind only a few', async () => {
    const owner = { name: 'Burst Target', email: 'burst.target@example.com', password: 'the right password' };
    expect((await t.http.post('/api/auth/register').send(owner)).status).toBe(201);
    const other = await makeLearner(t);

    const answered: string[] = [];
    const track = (label: string, request: supertest.Test) =>
      request.then((res) => {
        answered.push(`${label} ${res.status}`);
        return res;
      });
    let firstWrongAnswer: () => void = () => {};
    const firstWrong = new Promise<void>((resolve) => {
      firstWrongAnswer = resolve;
    });
    const burst = Array.from({ length: 12 }, () =>
      track('burst', login(owner.email, 'wrong password')).then((res) => {
        if (res.status === 401) firstWrongAnswer();
        return res;
      }),
    );
    // Once a hash of the burst is done there is room in the queue: the other account's sign-in takes it.
    await firstWrong;
    const signIn = await track('other', login(other.user.email, other.password));
    const results = await Promise.all(burst);

    expect(signIn.status).toBe(200);
    const shed = results.filter((res) => res.status === 503);
    expect(shed.length).toBeGreaterThan(0);
    for (const res of shed) {
      expect(res.body).toEqual({ message: MESSAGES.server.passwordsBusy, requestId: expect.any(String) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(results.every((res) => res.status === 401 || res.status === 503)).toBe(true);
    // Behind the running hash and the queue's two, not behind the whole burst.
    const wrongBeforeSignIn = answered.slice(0, answered.indexOf('other 200')).filter((a) => a === 'burst 401');
    expect(wrongBeforeSignIn.length).toBeLessThanOrEqual(THREADS + QUEUE_MAX);
  });
});
