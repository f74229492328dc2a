import { MESSAGES } from '@mentora/contract';
import bcrypt from 'bcryptjs';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLearner } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { FairQueue } from './passwords.js';

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
    expect(await t.ctx.passwords.verify('an older password', hash, 'test')).toBe(true);
    expect(await t.ctx.passwords.verify('another password', hash, 'test')).toBe(false);
    expect(await t.ctx.passwords.hash('a new password', 'test')).toMatch(/^\$2[ab]\$12\$/);
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

describe('the hashing queue is shared fairly between parties (issue #35)', () => {
  // The pool stood in for by hashes the test finishes one at a time: which party's hash runs next, and
  // who is turned away, is then decided by the queue alone.
  const held = () => {
    const started: { party: string; finish(): void }[] = [];
    const queue = new FairQueue(
      (_name, task) =>
        new Promise((resolve) =>
          started.push({ party: (task as { party: string }).party, finish: () => resolve(true) }),
        ),
      1,
      4,
    );
    const run = (party: string) => queue.run(party, 'compare', { party });
    return { queue, started, run };
  };

  it('lets one party fill an idle queue, then gives a newcomer room and sheds the flooder', () => {
    const { queue, run } = held();
    for (let i = 0; i < 5; i += 1) {
      expect(queue.admits('flooder')).toBe(true);
      void run('flooder');
    }
    // One running, four waiting: the flooder has the whole queue and is turned away.
    expect(queue.size).toBe(4);
    expect(queue.admits('flooder')).toBe(false);
    // Someone else is not.
    expect(queue.admits('rightful')).toBe(true);
    void run('rightful');
    expect(queue.admits('flooder')).toBe(false);
    expect(queue.admits('a third')).toBe(true);
  });

  it('serves waiting parties in turn, so a newcomer waits behind a hash or two, not the whole flood', async () => {
    const { started, run } = held();
    for (let i = 0; i < 5; i += 1) void run('flooder');
    const rightful = run('rightful');
    const order: string[] = [];
    for (let turn = 0; turn < 3; turn += 1) {
      const current = started[turn];
      if (!current) throw new Error('nothing running');
      order.push(current.party);
      current.finish();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(order.slice(0, 3)).toContain('rightful');
    await expect(rightful).resolves.toBe(true);
  });

  it('sheds everyone past twice its size in all, however many parties share it', () => {
    const { queue, run } = held();
    void run('first');
    for (let i = 0; i < 8; i += 1) void run(`party ${i}`);
    expect(queue.size).toBe(8);
    expect(queue.admits('a newcomer')).toBe(false);
  });
});

describe('sign-in under a flood from one address (issue #35)', () => {
  // Cost 14: each wrong sign-in (an unknown email, compared with a hash at that cost) holds the one
  // thread far longer than the test takes to send a request, so the flood's share stays taken while the
  // rightful user's sign-in (a cost-4 hash from the factory) comes in from elsewhere.
  let f: TestServer;
  beforeAll(async () => {
    f = await startTestServer({
      env: { BCRYPT_COST: '14', PASSWORD_THREADS: '1', PASSWORD_QUEUE_MAX: '4', TRUST_PROXY: '1' },
    });
  }, 120_000);
  afterAll(() => f.close());

  const from = (address: string, email: string, password: string) =>
    f.http.post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password });

  it('admits a sign-in from another address while the flooding address is turned away with 503', async () => {
    const rightful = await makeLearner(f);
    const answered: string[] = [];
    let floodShed: () => void = () => {};
    const shed = new Promise<void>((resolve) => {
      floodShed = resolve;
    });
    const flood = Array.from({ length: 40 }, (_, i) =>
      from('203.0.113.7', `nobody${i}@example.test`, 'a wrong password').then((res) => {
        answered.push(`flood ${res.status}`);
        if (res.status === 503) floodShed();
        return res;
      }),
    );
    // The queue is full of the flood's hashes: it has started to turn the flood away.
    await shed;
    const signIn = from('198.51.100.2', rightful.user.email, rightful.password).then((res) => {
      answered.push(`rightful ${res.status}`);
      return res;
    });
    const more = await from('203.0.113.7', 'nobody.else@example.test', 'a wrong password');
    expect(more.status).toBe(503);
    expect((await signIn).status).toBe(200);
    const results = await Promise.all(flood);
    expect(results.filter((res) => res.status === 503).length).toBeGreaterThan(0);
    // Behind at most the hash running and one more of the flood's, not its whole share of the queue.
    const before = answered.slice(0, answered.indexOf('rightful 200')).filter((a) => a === 'flood 401');
    expect(before.length).toBeLessThanOrEqual(2);
  }, 120_000);
});
