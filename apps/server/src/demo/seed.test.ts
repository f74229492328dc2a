import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import {
  classes,
  communityPosts,
  communityReplies,
  discussionReplies,
  discussions,
  enrolments,
  postLikes,
  reviews,
  users,
} from '../db/schema.js';
import { DEMO_CLASSES, DEMO_DISCUSSIONS, DEMO_PASSWORD, DEMO_PEOPLE, DEMO_POSTS, DEMO_REVIEWS } from './content.js';
import { demoLogins, seedDemo } from './seed.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const total = async (table: PgTable) => (await t.ctx.db.select({ n: count() }).from(table))[0]?.n;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('the demo content', () => {
  it('fills an empty database with every piece of the demo, once', async () => {
    expect(await seedDemo(t.ctx)).toBe(true);
    expect(await total(users)).toBe(DEMO_PEOPLE.length);
    expect(await total(classes)).toBe(DEMO_CLASSES.length);
    expect(await total(enrolments)).toBe(sum(DEMO_CLASSES.map((c) => c.learners.length)));
    expect(await total(discussions)).toBe(DEMO_DISCUSSIONS.length);
    expect(await total(discussionReplies)).toBe(sum(DEMO_DISCUSSIONS.map((d) => d.replies.length)));
    expect(await total(reviews)).toBe(DEMO_REVIEWS.length);
    expect(await total(communityPosts)).toBe(DEMO_POSTS.length);
    expect(await total(communityReplies)).toBe(sum(DEMO_POSTS.map((p) => p.replies.length)));
    expect(await total(postLikes)).toBe(sum(DEMO_POSTS.map((p) => p.likes.length)));

    // A second start keeps what is there.
    expect(await seedDemo(t.ctx)).toBe(false);
    expect(await total(users)).toBe(DEMO_PEOPLE.length);
  });

  it('makes every demo login work through the API, with the class statuses of the content', async () => {
    for (const person of DEMO_PEOPLE) {
      const res = await t.http.post('/api/auth/login').send({ email: person.email, password: DEMO_PASSWORD });
      expect(res.status, person.email).toBe(200);
      expect(res.body.role).toBe(person.role);
    }
    const completed = DEMO_CLASSES.filter((c) => c.status === 'completed').length;
    const [row] = await t.ctx.db.select({ n: count() }).from(classes).where(eq(classes.status, 'completed'));
    expect(row?.n).toBe(completed);
  });

  it('leaves the unverified mentor waiting for verification, so the admin has a request to review', async () => {
    const waiting = DEMO_PEOPLE.filter((p) => p.role === 'mentor' && !p.verified);
    expect(waiting.length).toBeGreaterThan(0);
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.verificationRequested, true), eq(users.verified, false)));
    expect(row?.n).toBe(waiting.length);
  });

  it('prints the address and every login', () => {
    const text = demoLogins('http://127.0.0.1:3000');
    expect(text).toContain('http://127.0.0.1:3000');
    expect(text).toContain(DEMO_PASSWORD);
    for (const person of DEMO_PEOPLE) expect(text).toContain(person.email);
  });
});
