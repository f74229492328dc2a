import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness.js';
import { canDeleteDiscussion, canReplyToDiscussion, deletesDiscussionAsModerator } from './policy.js';

const discussion = { authorId: 'author', classMentorId: 'creator' };

describe('discussion policy', () => {
  it("lets its author, its class's mentor or an admin delete a discussion", () => {
    expect(canDeleteDiscussion({ id: 'author', role: 'learner' }, discussion)).toBe(true);
    expect(canDeleteDiscussion({ id: 'creator', role: 'mentor' }, discussion)).toBe(true);
    expect(canDeleteDiscussion({ id: 'creator', role: 'both' }, discussion)).toBe(true);
    expect(canDeleteDiscussion({ id: 'someone', role: 'admin' }, discussion)).toBe(true);
    expect(canDeleteDiscussion({ id: 'someone', role: 'mentor' }, discussion)).toBe(false);
  });

  it('does not let the creator of the class moderate it once they are no longer a mentor', () => {
    expect(canDeleteDiscussion({ id: 'creator', role: 'learner' }, discussion)).toBe(false);
  });
});

const facts = [false, true].flatMap((isEnrolled) =>
  [false, true].flatMap((isClassMentor) => [false, true].map((isAdmin) => ({ isEnrolled, isClassMentor, isAdmin }))),
);

describe('who may reply to a discussion', () => {
  it("lets those enrolled in its class, its class's mentor and admins reply, and nobody else", () => {
    for (const m of facts) expect(canReplyToDiscussion(m)).toBe(m.isEnrolled || m.isClassMentor || m.isAdmin);
  });

  it('decides in SQL as it does in the server, for every combination of facts', async () => {
    const t = await startTestServer();
    try {
      for (const m of facts) {
        const { rows } = await t.ctx.db.execute(
          sql`select ${canReplyToDiscussion.sql({
            isEnrolled: sql`${m.isEnrolled}::boolean`,
            isClassMentor: sql`${m.isClassMentor}::boolean`,
            isAdmin: sql`${m.isAdmin}::boolean`,
          })} as allowed`,
        );
        expect([m, (rows[0] as { allowed: boolean }).allowed]).toEqual([m, canReplyToDiscussion(m)]);
      }
    } finally {
      await t.close();
    }
  });
});

describe('deleting as a moderator', () => {
  it('is an admin deleting a discussion neither theirs nor of a class they created', () => {
    expect(deletesDiscussionAsModerator({ id: 'someone', role: 'admin' }, discussion)).toBe(true);
    expect(deletesDiscussionAsModerator({ id: 'author', role: 'admin' }, discussion)).toBe(false);
    expect(deletesDiscussionAsModerator({ id: 'creator', role: 'admin' }, discussion)).toBe(false);
    expect(deletesDiscussionAsModerator({ id: 'creator', role: 'mentor' }, discussion)).toBe(false);
    expect(deletesDiscussionAsModerator({ id: 'author', role: 'learner' }, discussion)).toBe(false);
  });
});
