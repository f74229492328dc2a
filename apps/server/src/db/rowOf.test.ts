import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeClassWithLearners,
  makeDiscussion,
  makeDiscussionReply,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { rowOf } from './rowOf.js';
import { discussionReplies, notifications } from './schema.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** The row with this id as a statement in SQL hands it back: its columns as the driver reads them, or as JSON. */
async function raw(
  table: 'notifications' | 'discussion_replies',
  id: string,
  form: 'columns' | 'json',
): Promise<Record<string, unknown>> {
  const name = sql.identifier(table);
  const result = await t.ctx.db.execute<Record<string, unknown>>(
    form === 'json'
      ? sql`select row_to_json(x) as row from ${name} x where x.id = ${id}`
      : sql`select x.*, 'not a column' as extra from ${name} x where x.id = ${id}`,
  );
  const [first] = result.rows;
  if (!first) throw new Error(`no ${table} row ${id}`);
  return form === 'json' ? (first.row as Record<string, unknown>) : first;
}

describe('rowOf', () => {
  it.each(['columns', 'json'] as const)(
    'reads a row (%s) as drizzle reads it from a select: times, a bigint, a real, nulls',
    async (form) => {
      const { cls, learners } = await makeClassWithLearners(t, 2);
      const [author, other] = learners as [TestUser, TestUser];
      const d = await makeDiscussion(t, author, cls);
      const answer = await makeDiscussionReply(t, other, d, 'This is terrible and I hate it.');
      const reply = answer.replies[0];
      if (!reply) throw new Error('the answer has no reply');
      await t.ctx.db
        .update(discussionReplies)
        .set({ flagged: true, flagReason: 'a reason', sentimentPolarity: 0.3 })
        .where(eq(discussionReplies.id, reply._id));
      const [stored] = await t.ctx.db.select().from(discussionReplies).where(eq(discussionReplies.id, reply._id));
      expect(rowOf(discussionReplies, await raw('discussion_replies', reply._id, form))).toEqual(stored);

      const [raised] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, author.user.id));
      if (!raised) throw new Error('the reply raised no notification');
      await t.ctx.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, raised.id));
      const [read] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, raised.id));
      const got = rowOf(notifications, await raw('notifications', raised.id, form));
      expect(got).toEqual(read);
      expect(got.readAt).toBeInstanceOf(Date);
      expect(typeof got.seq).toBe('number');
      expect(got.postId).toBeNull();
    },
  );

  it('throws on columns that lack one of the table’s', () => {
    expect(() => rowOf(notifications, { id: 'x' })).toThrow(/no column user_id/);
  });
});
