import { SEARCH_TYPES, type SearchResponse, type SearchType } from '@mentora/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { classes, communityPosts, discussions, type UserRow, users } from '../db/schema.js';
import { matchesSearch, SEARCHED, type Searched, searchRank } from '../db/search.js';
import { classesOfViewerSql } from '../discussions/service.js';
import { searchableSql } from '../moderation/visibility.js';
import { matchRanges, snippet } from './highlight.js';
import { canSearchPeople } from './policy.js';

export interface SearchOptions {
  q: string;
  types?: string | undefined;
  limit: number;
}

/** The two matching clauses of one kind and its best-first order (db/search.ts: one rule everywhere). */
const matching = (searched: Searched, q: string) => ({
  where: matchesSearch(searched, q),
  order: [desc(searchRank(searched, q))],
});

/** Title and text as returned, with the ranges to mark in each. */
function marked(title: string, body: string, q: string) {
  const text = snippet(body, q);
  return { title, text: text.text, matches: { title: matchRanges(title, q), text: text.matches } };
}

/**
 * What the caller may find for `q`: every class; discussions of the classes they belong to (admins:
 * all); community posts; people for admins only. Hidden text is found only by its author and admins
 * (moderation/visibility.ts); deleted rows are gone.
 */
export async function search(ctx: AppContext, user: UserRow, options: SearchOptions): Promise<SearchResponse> {
  const wanted = new Set<SearchType>(options.types ? (options.types.split(',') as SearchType[]) : [...SEARCH_TYPES]);
  const { q, limit } = options;
  const viewer = { id: sql`${user.id}::uuid`, role: sql`${user.role}::text` };
  const none = Promise.resolve([]);

  const classHits = wanted.has('classes')
    ? (() => {
        const m = matching(SEARCHED.classes, q);
        return ctx.db
          .select({ id: classes.id, title: classes.title, body: classes.description, category: classes.category })
          .from(classes)
          .where(m.where)
          .orderBy(...m.order, desc(classes.createdAt))
          .limit(limit);
      })()
    : none;

  const discussionHits = wanted.has('discussions')
    ? (() => {
        const m = matching(SEARCHED.discussions, q);
        const member: SQL | undefined =
          user.role === 'admin' ? undefined : sql`${discussions.classId} in (${classesOfViewerSql(viewer)})`;
        return ctx.db
          .select({
            id: discussions.id,
            title: discussions.title,
            body: discussions.content,
            classId: discussions.classId,
            classTitle: classes.title,
          })
          .from(discussions)
          .innerJoin(classes, eq(classes.id, discussions.classId))
          .where(and(m.where, member, searchableSql(discussions, viewer)))
          .orderBy(...m.order, desc(discussions.createdAt))
          .limit(limit);
      })()
    : none;

  const postHits = wanted.has('posts')
    ? (() => {
        const m = matching(SEARCHED.communityPosts, q);
        return ctx.db
          .select({
            id: communityPosts.id,
            title: communityPosts.title,
            body: communityPosts.content,
            category: communityPosts.category,
          })
          .from(communityPosts)
          .where(and(m.where, searchableSql(communityPosts, viewer)))
          .orderBy(...m.order, desc(communityPosts.createdAt))
          .limit(limit);
      })()
    : none;

  const peopleHits =
    wanted.has('people') && canSearchPeople(user)
      ? (() => {
          const m = matching(SEARCHED.users, q);
          return ctx.db
            .select({ id: users.id, title: users.name, body: users.email, role: users.role })
            .from(users)
            .where(m.where)
            .orderBy(...m.order, desc(users.createdAt))
            .limit(limit);
        })()
      : none;

  const [c, d, p, u] = await Promise.all([classHits, discussionHits, postHits, peopleHits]);
  return {
    classes: c.map((row) => ({ _id: row.id, category: row.category, ...marked(row.title, row.body, q) })),
    discussions: d.map((row) => ({
      _id: row.id,
      classId: row.classId,
      classTitle: row.classTitle,
      ...marked(row.title, row.body, q),
    })),
    posts: p.map((row) => ({ _id: row.id, category: row.category, ...marked(row.title, row.body, q) })),
    people: u.map((row) => ({ _id: row.id, role: row.role, ...marked(row.title, row.body, q) })),
  };
}
