import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from './factories/index.js';
import { startTestServer, type TestServer } from './harness.js';
import { integrityViolations, lostAcknowledgedWrites, type Queryable } from './integrity.js';
import { Traffic } from './traffic.js';

// The fault tests (src/db/outage.test.ts, crash.test.ts) pass when these checks find nothing: here
// each check is shown to find the half-written record it is about, so a pass means something.

let t: TestServer;
let db: Queryable;
let traffic: Traffic;
beforeAll(async () => {
  t = await startTestServer();
  db = (t.ctx.database.pool ?? t.ctx.database.pglite) as Queryable;
  const admin = await makeAdmin(t);
  traffic = await Traffic.seed(t.baseUrl, { email: admin.user.email, password: admin.password });
  traffic.start(4);
  await traffic.until(
    () => traffic.ack.liked.length > 0 && traffic.ack.postReplies.length > 0 && traffic.ack.deletedClasses.length > 0,
    'every kind of write',
  );
  await traffic.stop();
}, 120_000);
afterAll(() => t.close());

describe('the integrity checks of the fault tests', () => {
  it('find nothing in data the server wrote, and every acknowledged write', async () => {
    expect(traffic.answers.filter((a) => a.status < 200 || a.status >= 300)).toEqual([]);
    expect(await integrityViolations(db)).toEqual([]);
    expect(await lostAcknowledgedWrites(db, traffic.ack)).toEqual([]);
  });

  it('find each kind of half-written record, and a lost write', async () => {
    const breaks: [string, string][] = [
      [
        'an account without the session its registration started',
        `delete from sessions where user_id = (select id from users where role = 'learner' limit 1)`,
      ],
      [
        'discussion replies and their notifications disagree',
        `delete from notifications where id = (select id from notifications where kind = 'discussion_reply' limit 1)`,
      ],
      [
        'community replies and their notifications disagree',
        `delete from notifications where id = (select id from notifications where kind = 'post_reply' limit 1)`,
      ],
      [
        'enrolments and their notifications disagree',
        `delete from notifications where id = (select id from notifications where kind = 'enrolment' limit 1)`,
      ],
      [
        'likes and their grouped notification disagree',
        `update notifications set count = count + 1 where kind = 'post_like'`,
      ],
      [
        'a discussion without the notification of its class mentor',
        `delete from notifications where kind = 'new_discussion'`,
      ],
      [
        // Foreign keys would cascade: switch their triggers off for this session to leave rows behind.
        'rows left behind by a deleted class',
        `set session_replication_role = replica;
         delete from classes where id = (select class_id from enrolments limit 1);
         set session_replication_role = origin`,
      ],
    ];
    const named = async () => (await integrityViolations(db)).map((v) => v.slice(0, v.indexOf(':')));
    const expected: string[] = [];
    for (const [name, sql] of breaks) {
      // Several statements on one connection: PGlite's exec, or pg's simple query protocol (no parameters).
      if (t.ctx.database.pglite) await t.ctx.database.pglite.exec(sql);
      else await db.query(sql);
      expected.push(name);
      expect(await named()).toEqual(expect.arrayContaining(expected));
    }
    await db.query(`delete from discussion_replies where content = $1`, [traffic.ack.replies[0]]);
    expect((await lostAcknowledgedWrites(db, traffic.ack)).join()).toMatch(/^discussion replies: 1 of /);
  });
});
