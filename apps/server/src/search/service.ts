import {
  type ClassCategory,
  type CommunityCategory,
  type Role,
  SEARCH_TYPES,
  type SearchResponse,
  type SearchType,
} from '@mentora/contract';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/client.js';
import { arrayParam, preparedSql } from '../db/prepared.js';
import { classes, communityPosts, discussions, type UserRow, users } from '../db/schema.js';
import {
  type HeadingKind,
  headingCandidates,
  keyWord,
  matchesSearch,
  SEARCHED,
  type Searched,
  searchRank,
  TYPO_MIN_LENGTH,
  typedOnce,
} from '../db/search.js';
import { classesOfViewerSql } from '../discussions/service.js';
import { searchableSql } from '../moderation/visibility.js';
import { matchRanges, snippet } from './highlight.js';
import { canSearchPeople, searchesEveryDiscussion } from './policy.js';

// The global search, in two tiers (db/search.ts has the rules):
// 1. heading matches: items whose title or tags hold a word starting with what was typed (or, for one
//    word, a typo of it), read best first from search_terms, a bounded number of candidates per word;
// 2. only when those do not fill the page, items that match elsewhere (their text, or full text),
//    from a bounded number of candidates, best first.
// A learner's discussions are searched from the classes they belong to instead: few rows, whichever
// words they hold.

export interface SearchOptions {
  q: string;
  types?: string | undefined;
  limit: number;
}

/** How many rows matching outside their heading are read at most, before the best are kept. */
const TEXT_CANDIDATES_MAX = 200;

/** A found row, as every kind's query answers it (columns as the driver reads them). */
interface Hit {
  id: string;
  title: string;
  body: string;
  /** A class's or a post's. */
  category?: string;
  /** A discussion's class. */
  class_id?: string;
  class_title?: string;
  /** A person's. */
  role?: string;
}

/** Title and text as returned, with the ranges to mark in each. */
function marked(title: string, body: string, q: string) {
  const text = snippet(body, q);
  return { title, text: text.text, matches: { title: matchRanges(title, q), text: text.matches } };
}

const viewerOf = () => ({
  id: sql`${sql.placeholder('viewerId')}::uuid`,
  role: sql`${sql.placeholder('viewerRole')}::text`,
});

/** What each kind shows of a row, and who may find it. */
interface Kind {
  heading: HeadingKind;
  table: typeof classes | typeof discussions | typeof communityPosts;
  searched: Searched;
  columns: SQL;
  from: SQL;
  visible: (viewer: ReturnType<typeof viewerOf>) => SQL | undefined;
}

const KINDS = {
  classes: {
    heading: 'class',
    table: classes,
    searched: SEARCHED.classes,
    columns: sql`${classes.id} as id, ${classes.title} as title, ${classes.description} as body, ${classes.category} as category`,
    from: sql`${classes}`,
    visible: () => undefined,
  },
  discussions: {
    heading: 'discussion',
    table: discussions,
    searched: SEARCHED.discussions,
    columns: sql`${discussions.id} as id, ${discussions.title} as title, ${discussions.content} as body,
      ${discussions.classId} as class_id, ${classes.title} as class_title`,
    from: sql`${discussions} join ${classes} on ${classes.id} = ${discussions.classId}`,
    // Admins only: everyone else's discussions are searched from their classes (discussionsOfViewer).
    visible: () => undefined,
  },
  posts: {
    heading: 'post',
    table: communityPosts,
    searched: SEARCHED.communityPosts,
    columns: sql`${communityPosts.id} as id, ${communityPosts.title} as title, ${communityPosts.content} as body,
      ${communityPosts.category} as category`,
    from: sql`${communityPosts}`,
    visible: (viewer) => searchableSql(communityPosts, viewer),
  },
} satisfies Record<string, Kind>;
type KindName = keyof typeof KINDS;

const where = (...conditions: (SQL | undefined)[]) => {
  const given = conditions.filter((c): c is SQL => c !== undefined);
  return given.length > 0 ? sql`where ${sql.join(given, sql` and `)}` : sql``;
};

/**
 * Tier 1 of one kind: its heading candidates (db/search.ts), read with what the answer shows, best
 * first. Several typed words: a candidate holds the key word in its heading and must match the text as
 * a whole as well (matchesSearch).
 */
const headingQuery = (name: KindName, whole: boolean) => {
  const kind: Kind = KINDS[name];
  const { id, createdAt } = kind.table;
  return preparedSql<Hit>(
    `search_heading_${name}${whole ? '_whole' : ''}`,
    sql`select ${kind.columns}
      from ${headingCandidates(kind.heading)} as found join ${kind.from} on ${id} = found.item_id
      ${where(kind.visible(viewerOf()), whole ? matchesSearch(kind.searched, typedOnce(sql.placeholder('q'))) : undefined)}
      order by found.score desc, found.created_at desc, ${createdAt} desc
      limit ${sql.placeholder('limit')}`,
  );
};

/** Tier 2 of one kind: rows matching elsewhere, not found in tier 1, from at most TEXT_CANDIDATES_MAX. */
const textQuery = (name: KindName) => {
  const kind: Kind = KINDS[name];
  const { id, createdAt } = kind.table;
  const q = typedOnce(sql.placeholder('q'));
  const candidates = sql`select ${id} from ${kind.table} where ${matchesSearch(kind.searched, q)}
    limit ${sql.raw(String(TEXT_CANDIDATES_MAX))}`;
  return preparedSql<Hit>(
    `search_text_${name}`,
    sql`select ${kind.columns} from ${kind.from}
      ${where(sql`${id} in (${candidates})`, sql`${id} <> all(${arrayParam('found', 'uuid')})`, kind.visible(viewerOf()))}
      order by ${searchRank(kind.searched, q)} desc, ${createdAt} desc
      limit ${sql.placeholder('limit')}`,
  );
};

const HEADING = {
  one: Object.fromEntries(Object.keys(KINDS).map((name) => [name, headingQuery(name as KindName, false)])),
  whole: Object.fromEntries(Object.keys(KINDS).map((name) => [name, headingQuery(name as KindName, true)])),
} as Record<'one' | 'whole', Record<KindName, ReturnType<typeof headingQuery>>>;
const TEXT = Object.fromEntries(Object.keys(KINDS).map((name) => [name, textQuery(name as KindName)])) as Record<
  KindName,
  ReturnType<typeof textQuery>
>;

/** One kind's hits: its heading matches, then (when they do not fill the page) the others. */
async function hitsOf(db: Queryable, name: KindName, user: UserRow, q: string, limit: number): Promise<Hit[]> {
  const key = keyWord(q);
  const viewer = { viewerId: user.id, viewerRole: user.role };
  const headings = key
    ? await HEADING[key.alone ? 'one' : 'whole'][name](db).execute({
        key: key.word,
        typo: key.alone && key.word.length >= TYPO_MIN_LENGTH,
        q,
        limit,
        ...viewer,
      })
    : [];
  if (headings.length >= limit) return headings;
  const rest = await TEXT[name](db).execute({
    q,
    found: headings.map((hit) => hit.id),
    limit: limit - headings.length,
    ...viewer,
  });
  return [...headings, ...rest];
}

/**
 * A learner's or mentor's discussions: those of the classes they belong to, matched and ranked row by
 * row (few rows, however many discussions there are elsewhere); their class's title read for the page only.
 */
const discussionsOfViewer = (() => {
  const searched = SEARCHED.discussions;
  const q = typedOnce(sql.placeholder('q'));
  const viewer = viewerOf();
  return preparedSql<Hit>(
    'search_discussions_of_viewer',
    sql`select found.id, found.title, found.body, found.class_id, ${classes.title} as class_title
      from (
        select ${discussions.id} as id, ${discussions.title} as title, ${discussions.content} as body,
          ${discussions.classId} as class_id, ${searchRank(searched, q)} as rank, ${discussions.createdAt} as created_at
        from ${discussions}
        where ${discussions.classId} in (${classesOfViewerSql(viewer)})
          and ${matchesSearch(searched, q)} and ${searchableSql(discussions, viewer)}
        order by rank desc, created_at desc
        limit ${sql.placeholder('limit')}
      ) as found
      join ${classes} on ${classes.id} = found.class_id
      order by found.rank desc, found.created_at desc`,
  );
})();

/** People (admins only): a few thousand rows at most, through the trigram indexes of names and emails. */
function peopleOf(db: Queryable, q: string, limit: number): Promise<Hit[]> {
  return db
    .select({ id: users.id, title: users.name, body: users.email, role: users.role })
    .from(users)
    .where(matchesSearch(SEARCHED.users, q))
    .orderBy(desc(searchRank(SEARCHED.users, q)), desc(users.createdAt))
    .limit(limit);
}

/**
 * What the caller may find for `q`: every class; discussions of the classes they belong to (admins:
 * all); community posts; people for admins only. Hidden text is found only by its author and admins
 * (moderation/visibility.ts); deleted rows are gone.
 */
export async function search(ctx: AppContext, user: UserRow, options: SearchOptions): Promise<SearchResponse> {
  const wanted = new Set<SearchType>(options.types ? (options.types.split(',') as SearchType[]) : [...SEARCH_TYPES]);
  const { q, limit } = options;
  const { db } = ctx;
  const none = Promise.resolve([] as Hit[]);
  const [c, d, p, u] = await Promise.all([
    wanted.has('classes') ? hitsOf(db, 'classes', user, q, limit) : none,
    !wanted.has('discussions')
      ? none
      : searchesEveryDiscussion(user)
        ? hitsOf(db, 'discussions', user, q, limit)
        : discussionsOfViewer(db).execute({ q, limit, viewerId: user.id, viewerRole: user.role }),
    wanted.has('posts') ? hitsOf(db, 'posts', user, q, limit) : none,
    wanted.has('people') && canSearchPeople(user) ? peopleOf(db, q, limit) : none,
  ]);
  return {
    classes: c.map((row) => ({
      _id: row.id,
      category: row.category as ClassCategory,
      ...marked(row.title, row.body, q),
    })),
    discussions: d.map((row) => ({
      _id: row.id,
      classId: row.class_id as string,
      classTitle: row.class_title as string,
      ...marked(row.title, row.body, q),
    })),
    posts: p.map((row) => ({
      _id: row.id,
      category: row.category as CommunityCategory,
      ...marked(row.title, row.body, q),
    })),
    people: u.map((row) => ({ _id: row.id, role: row.role as Role, ...marked(row.title, row.body, q) })),
  };
}
