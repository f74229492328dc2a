import type { ModerationTarget, ModerationTargetType } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import type { WatchedTable } from '../db/readCache.js';
import {
  classes,
  classMaterials,
  communityPosts,
  communityReplies,
  discussionReplies,
  discussions,
  reviews,
  users,
} from '../db/schema.js';
import { links } from '../notifications/raise.js';

// Everything that can be reported or flagged, by kind: where it is stored, who wrote it, the text
// under review and where it sits. The queue, reports and resolutions reach content only through here.

export interface TargetFacts extends ModerationTarget {
  hidden: boolean;
  /** The class whose members alone may read it (a discussion or its reply); null: anyone signed in. */
  membersOf: string | null;
}

const author = { id: users.id, name: users.name };

/** The table of each kind, for hiding and deleting. */
const TABLES = {
  discussion: discussions,
  reply: discussionReplies,
  post: communityPosts,
  postReply: communityReplies,
  review: reviews,
  user: users,
  material: classMaterials,
} as const;

/** What a change to each kind touches, for the read cache (db/readCache.ts). */
export const TARGET_TABLES: Record<ModerationTargetType, WatchedTable | undefined> = {
  discussion: 'discussions',
  reply: 'discussion_replies',
  post: 'community_posts',
  postReply: 'community_replies',
  review: 'reviews',
  user: 'users',
  // Not a watched table: the read cache keeps no materials (classes/materials.ts reads them each time).
  material: undefined,
};

/** Pages the read cache kept that show an item of this kind are read again. */
export function targetChanged(ctx: AppContext, type: ModerationTargetType): void {
  const table = TARGET_TABLES[type];
  if (table) ctx.readCache.changed(table);
}

/** The item, or undefined when there is no such thing (or it is gone). */
export async function loadTarget(
  db: Queryable,
  type: ModerationTargetType,
  id: string,
): Promise<TargetFacts | undefined> {
  const base = (row: { id: string; createdAt: Date; hidden: boolean }, a: { id: string; name: string }) => ({
    type,
    _id: row.id,
    author: { _id: a.id, name: a.name },
    createdAt: row.createdAt.toISOString(),
    hidden: row.hidden,
    membersOf: null as string | null,
  });
  switch (type) {
    case 'discussion': {
      const [row] = await db
        .select({ d: discussions, a: author, c: { id: classes.id, title: classes.title } })
        .from(discussions)
        .innerJoin(users, eq(users.id, discussions.authorId))
        .innerJoin(classes, eq(classes.id, discussions.classId))
        .where(eq(discussions.id, id));
      return (
        row && {
          ...base(row.d, row.a),
          title: row.d.title,
          content: row.d.content,
          context: { type: 'class', _id: row.c.id, title: row.c.title },
          link: links.discussion(row.d.id),
          membersOf: row.c.id,
        }
      );
    }
    case 'reply': {
      const [row] = await db
        .select({
          r: discussionReplies,
          a: author,
          d: { id: discussions.id, title: discussions.title, classId: discussions.classId },
        })
        .from(discussionReplies)
        .innerJoin(users, eq(users.id, discussionReplies.authorId))
        .innerJoin(discussions, eq(discussions.id, discussionReplies.discussionId))
        .where(eq(discussionReplies.id, id));
      return (
        row && {
          ...base(row.r, row.a),
          title: '',
          content: row.r.content,
          context: { type: 'discussion', _id: row.d.id, title: row.d.title },
          link: links.discussion(row.d.id),
          membersOf: row.d.classId,
        }
      );
    }
    case 'post': {
      const [row] = await db
        .select({ p: communityPosts, a: author })
        .from(communityPosts)
        .innerJoin(users, eq(users.id, communityPosts.authorId))
        .where(eq(communityPosts.id, id));
      return (
        row && {
          ...base(row.p, row.a),
          title: row.p.title,
          content: row.p.content,
          context: null,
          link: links.post(row.p.id),
        }
      );
    }
    case 'postReply': {
      const [row] = await db
        .select({ r: communityReplies, a: author, p: { id: communityPosts.id, title: communityPosts.title } })
        .from(communityReplies)
        .innerJoin(users, eq(users.id, communityReplies.authorId))
        .innerJoin(communityPosts, eq(communityPosts.id, communityReplies.postId))
        .where(eq(communityReplies.id, id));
      return (
        row && {
          ...base(row.r, row.a),
          title: '',
          content: row.r.content,
          context: { type: 'post', _id: row.p.id, title: row.p.title },
          link: links.post(row.p.id),
        }
      );
    }
    case 'review': {
      const [row] = await db
        .select({ r: reviews, a: author, c: { id: classes.id, title: classes.title } })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(classes, eq(classes.id, reviews.classId))
        .where(eq(reviews.id, id));
      return (
        row && {
          ...base(row.r, row.a),
          title: '',
          content: row.r.comment,
          context: { type: 'class', _id: row.c.id, title: row.c.title },
          link: links.cls(row.c.id),
        }
      );
    }
    case 'material': {
      // A file's author is its class's mentor (the only one who uploads); its name is the text checked.
      const [row] = await db
        .select({ m: classMaterials, a: author, c: { id: classes.id, title: classes.title } })
        .from(classMaterials)
        .innerJoin(classes, eq(classes.id, classMaterials.classId))
        .innerJoin(users, eq(users.id, classes.mentorId))
        .where(eq(classMaterials.id, id));
      return (
        row && {
          ...base(row.m, row.a),
          title: row.m.name,
          content: '',
          context: { type: 'class', _id: row.c.id, title: row.c.title },
          link: links.cls(row.c.id),
          membersOf: row.c.id,
        }
      );
    }
    case 'user': {
      const self = alias(users, 'profile');
      const [row] = await db.select().from(self).where(eq(self.id, id));
      return (
        row && {
          ...base(row, row),
          title: row.name,
          content: row.bio,
          context: null,
          link: '/admin?tab=learners',
        }
      );
    }
  }
}

/**
 * Locks the item's row for the rest of the transaction, before its entry: a writer that rewrites the text
 * (a review, a file's name, a profile) holds the row and then flags it into the entry (autoFlags.ts), so
 * a report or a decision takes the two in the same order and waits its turn rather than deadlocking.
 */
export async function lockTarget(tx: Queryable, type: ModerationTargetType, id: string): Promise<void> {
  const table = TABLES[type];
  await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('no key update');
}

/** Hides or shows an item again; false when it is gone. */
export async function setTargetHidden(
  tx: Queryable,
  type: ModerationTargetType,
  id: string,
  hidden: boolean,
): Promise<boolean> {
  const table = TABLES[type];
  const done = await tx.update(table).set({ hidden }).where(eq(table.id, id)).returning({ id: table.id });
  return done.length > 0;
}

/**
 * Deletes an item (what it owns goes with it: foreign keys cascade). A profile is not an account: deleting
 * "a profile" clears its bio and keeps it hidden; removing the account is DELETE /users/... or a sanction.
 */
export async function deleteTarget(tx: Queryable, type: ModerationTargetType, id: string): Promise<boolean> {
  if (type === 'user') {
    const done = await tx
      .update(users)
      .set({ bio: '', hidden: false })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return done.length > 0;
  }
  const table = TABLES[type];
  const done = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return done.length > 0;
}
