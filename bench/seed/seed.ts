// Fills a PostgreSQL database for the benchmarks, fast: it (re)creates the database, runs the server's
// migrations, drops the secondary indexes, fills every table with one INSERT ... SELECT over
// generate_series each (text composed in SQL from the word lists in words.ts, search vectors written
// exactly as the services write them), rebuilds the indexes and runs VACUUM ANALYZE. Prints the time
// per step and in total. Sizes are in profiles.ts: `large` (10k users, 100k classes, 1M enrolments,
// 200k discussions with 2M replies, 200k posts with 1M likes, 300k reviews) and `small` (1k classes).
//
// Run from the repository root (local PostgreSQL, trust auth):
//   pnpm bench:seed --profile large [--database mentora_bench] [--server postgres://postgres@127.0.0.1:5432]
//   pnpm bench:seed --profile small            (database mentora_bench_small)
// Every user's password is SEED_PASSWORD (profiles.ts). The database is dropped first if it exists.

import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/auth/passwords.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { runMigrations } from '../../apps/server/src/db/migrate.js';
import {
  BCRYPT_COST,
  BIG_DISCUSSION_REPLIES,
  DEFAULT_DATABASE,
  DEFAULT_SERVER_URL,
  ENROLMENTS_PER_CLASS,
  hotClasses,
  LIKES_PER_POST,
  PROFILES,
  type Profile,
  type ProfileName,
  SEED_PASSWORD,
  userRanges,
} from './profiles.js';
import * as words from './words.js';

const { values } = parseArgs({
  // `pnpm bench:x -- --flag` passes the `--` on: it is not an argument.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    profile: { type: 'string', default: 'large' },
    database: { type: 'string' },
    server: { type: 'string', default: DEFAULT_SERVER_URL },
  },
});
if (values.profile !== 'large' && values.profile !== 'small') {
  throw new Error(`--profile must be large or small (got "${values.profile}")`);
}
const profileName: ProfileName = values.profile;
const profile = PROFILES[profileName];
const databaseName = values.database ?? DEFAULT_DATABASE[profileName];
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseName)) throw new Error('--database must be a plain lower-case name');
const serverUrl = values.server;
const databaseUrl = `${serverUrl.replace(/\/+$/, '')}/${databaseName}`;

const timings: Array<[string, number]> = [];
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  const ms = performance.now() - start;
  timings.push([name, ms]);
  console.log(`${name.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(7)} s`);
  return result;
}

/** A SQL array literal of strings (the lists are ours, but quote them properly anyway). */
function arr(list: readonly string[]): string {
  return `ARRAY[${list.map((w) => `'${w.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

// Deterministic pseudo-random numbers from a row number and a salt, so tables refer to each other
// (a reply is written after its discussion, by a member of its class) without lookups.
const HELPERS = `
create function pg_temp.rnd(n bigint, salt int) returns float8 language sql immutable parallel safe as
  $$ select (hashint8(n * 7919 + salt) & 2147483647)::float8 / 2147483648.0 $$;
create function pg_temp.ri(n bigint, salt int, k int) returns int language sql immutable parallel safe as
  $$ select floor(pg_temp.rnd(n, salt) * k)::int $$;
create function pg_temp.id(kind text, n bigint) returns uuid language sql immutable parallel safe as
  $$ select md5(kind || ':' || n)::uuid $$;
create function pg_temp.ago(base timestamptz, n bigint, salt int, days int) returns timestamptz
  language sql immutable parallel safe as
  $$ select base - (pg_temp.rnd(n, salt) * days * 86400000)::bigint * interval '1 millisecond' $$;
`;

function sentencePool(): string {
  // Every combination would be 80k sentences; 6,000 picked by hash are plenty and keep joins small.
  return `
create temp table sentence as
  select i,
    (${arr(words.OPENERS)})[1 + pg_temp.ri(i, 1, ${words.OPENERS.length})] || ' ' ||
    (${arr(words.SUBJECTS)})[1 + pg_temp.ri(i, 2, ${words.SUBJECTS.length})] || ' ' ||
    (${arr(words.PREDICATES)})[1 + pg_temp.ri(i, 3, ${words.PREDICATES.length})] ||
    (${arr(words.ENDINGS)})[1 + pg_temp.ri(i, 4, ${words.ENDINGS.length})] as t
  from generate_series(0, 5999) i;
alter table sentence add primary key (i);
analyze sentence;
create temp table topic as
  select i - 1 as i, t from unnest(${arr(words.TOPICS)}) with ordinality as u(t, i);
alter table topic add primary key (i);
analyze topic;`;
}

/** SQL for "some text" of k sentences for row n (salted), joined from the sentence pool. */
function paragraph(n: string, salt: number, k: number): string {
  const parts = Array.from(
    { length: k },
    (_, j) => `(select t from sentence where i = pg_temp.ri(${n}, ${salt + j}, 6000))`,
  );
  return parts.join(` || ' ' || `);
}

/** Sentiment label and polarity for row n: 55% positive, 15% negative, 30% neutral; 1% flagged. */
function analysed(n: string, salt: number): string {
  return `
    case when pg_temp.rnd(${n}, ${salt}) < 0.55 then 'POSITIVE'
         when pg_temp.rnd(${n}, ${salt}) < 0.70 then 'NEGATIVE' else 'NEUTRAL' end::sentiment_label,
    case when pg_temp.rnd(${n}, ${salt}) < 0.55 then round((0.1 + pg_temp.rnd(${n}, ${salt + 1}) * 0.8)::numeric, 3)
         when pg_temp.rnd(${n}, ${salt}) < 0.70 then -round((0.1 + pg_temp.rnd(${n}, ${salt + 1}) * 0.8)::numeric, 3)
         else 0 end::real,
    pg_temp.rnd(${n}, ${salt + 2}) < 0.01,
    case when pg_temp.rnd(${n}, ${salt + 2}) < 0.01 then 'Hostile tone towards another person.' end`;
}

function tagsOf(n: string, salt: number): string {
  const t = arr(words.TAGS);
  const k = words.TAGS.length;
  return `array[(${t})[1 + pg_temp.ri(${n}, ${salt}, ${k})], (${t})[1 + pg_temp.ri(${n}, ${salt + 1}, ${k})],
                (${t})[1 + pg_temp.ri(${n}, ${salt + 2}, ${k})]]`;
}

/** The user number of the j-th learner enrolled in class c: the SQL twin of profiles.ts enrollee(). */
function enrolleeSql(p: Profile, c: string, j: string): string {
  const { firstLearner, learners } = userRanges(p);
  return `(${firstLearner} + ((${c}::bigint * 37 + (${j}) * 997) % ${learners}))`;
}

/** Each statement's $1 is the seed's "now" (timestamps spread back from it), $2 the password hash. */
function inserts(p: Profile): Array<[string, string]> {
  const { unverifiedMentors, firstLearner } = userRanges(p);
  const hot = hotClasses(p);
  const categories = 6;
  // Discussion d's class: odd ones spread over every class, even ones over the first 2% ("hot").
  const classOfDiscussion = (d: string) =>
    `(case when ${d} % 2 = 1 then 1 + ((${d} - 1) / 2) % ${p.classes} else 1 + (${d} / 2 - 1) % ${hot} end)`;
  const discussionCreated = (d: string) => `pg_temp.ago($1, ${d}, 30, 700)`;
  const postCreated = (q: string) => `pg_temp.ago($1, ${q}, 40, 700)`;
  const name = `(${arr(words.FIRST_NAMES)})[1 + pg_temp.ri(n, 1, ${words.FIRST_NAMES.length})] || ' ' ||
    (${arr(words.LAST_NAMES)})[1 + pg_temp.ri(n, 2, ${words.LAST_NAMES.length})]`;
  const classTitle = `(${arr(words.TITLE_PREFIXES)})[1 + pg_temp.ri(n, 3, ${words.TITLE_PREFIXES.length})] || ' ' ||
    tp.t || rtrim(' ' || (${arr(words.TITLE_SUFFIXES)})[1 + pg_temp.ri(n, 4, ${words.TITLE_SUFFIXES.length})])`;
  return [
    [
      'users',
      `insert into users (id, name, email, username, password_hash, role, skills, bio, verified,
         verification_requested, verification_request_date, created_at)
       select pg_temp.id('user', n), ${name}, 'user' || n || '@bench.mentora.test', 'user' || n, $2::text,
         (case when n = ${p.users} then 'admin'
               when n <= ${p.verifiedMentors + unverifiedMentors} then (case when n % 4 = 0 then 'both' else 'mentor' end)
               else 'learner' end)::user_role,
         array[(select t from topic where i = pg_temp.ri(n, 5, 120)), (select t from topic where i = pg_temp.ri(n, 6, 120))],
         ${paragraph('n', 7, 1)},
         n <= ${p.verifiedMentors},
         n > ${p.verifiedMentors} and n < ${firstLearner} and n % 2 = 0,
         case when n > ${p.verifiedMentors} and n < ${firstLearner} and n % 2 = 0 then pg_temp.ago($1, n, 8, 30) end,
         pg_temp.ago($1, n, 9, 900)
       from generate_series(1, ${p.users}) n`,
    ],
    [
      'classes',
      `insert into classes (id, mentor_id, title, description, category, content_type, content_url, price, is_paid,
         schedule, max_students, prerequisites, materials, tags, start_date, status, live_room, search, created_at)
       select pg_temp.id('class', n), pg_temp.id('user', 1 + (n * 13) % ${p.verifiedMentors}), x.title, x.description,
         (enum_range(null::class_category))[1 + x.cat], x.ct, case when x.ct = 'video' then 'https://videos.example.com/' || n else '' end,
         x.price, x.price > 0, (array['Mondays 18:00', 'Weekends', 'Tuesdays and Thursdays 19:30', 'Self-paced'])[1 + pg_temp.ri(n, 13, 4)],
         case when pg_temp.rnd(n, 14) < 0.3 then 20 + pg_temp.ri(n, 15, 200) end,
         case when pg_temp.rnd(n, 16) < 0.5 then 'None' else 'Basic computer skills' end,
         'Slides, exercises and recordings', x.tags, x.start, 
         (case when x.start > $1 then 'upcoming' when x.start > $1 - interval '60 days' then 'ongoing' else 'completed' end)::class_status,
         'mentora-' || md5('room:' || n),
         setweight(to_tsvector('english', x.title), 'A') || setweight(to_tsvector('english', array_to_string(x.tags, ' ')), 'B')
           || setweight(to_tsvector('english', x.description), 'C'),
         x.created
       from (
         select n, t.cat, ${classTitle} as title,
           'Learn ' || tp.t || ' with a mentor. ' || ${paragraph('n', 20, 3)} as description,
           ${tagsOf('n', 30)} as tags,
           (enum_range(null::content_type))[1 + pg_temp.ri(n, 11, 3)] as ct,
           case when pg_temp.rnd(n, 12) < 0.3 then (5 + pg_temp.ri(n, 17, 195))::numeric + 0.99 else 0 end as price,
           pg_temp.ago($1, n, 10, 700) as created,
           pg_temp.ago($1 + interval '120 days', n, 18, 700) as start
         from generate_series(1, ${p.classes}) n
         cross join lateral (select pg_temp.ri(n, 2, ${categories}) as cat) t
         join topic tp on tp.i = t.cat * ${words.TOPICS_PER_CATEGORY} + pg_temp.ri(n, 1, ${words.TOPICS_PER_CATEGORY})
       ) x`,
    ],
    [
      'enrolments',
      `insert into enrolments (class_id, user_id, created_at)
       select pg_temp.id('class', c), pg_temp.id('user', ${enrolleeSql(p, 'c', 'j')}), pg_temp.ago($1, c * 10 + j, 50, 600)
       from generate_series(1, ${p.classes}) c, generate_series(0, ${ENROLMENTS_PER_CLASS - 1}) j`,
    ],
    [
      'discussions',
      `insert into discussions (id, class_id, author_id, title, content, sentiment_label, sentiment_polarity, flagged,
         flag_reason, search, created_at)
       select pg_temp.id('discussion', d), pg_temp.id('class', x.c), pg_temp.id('user', ${enrolleeSql(p, 'x.c', '(d * 3) % 10')}),
         x.title, x.content, ${analysed('d', 60)},
         setweight(to_tsvector('english', x.title), 'A') || setweight(to_tsvector('english', x.content), 'B'),
         ${discussionCreated('d')}
       from (
         select d, ${classOfDiscussion('d')} as c,
           (${arr(words.DISCUSSION_TITLES)})[1 + pg_temp.ri(d, 61, ${words.DISCUSSION_TITLES.length})] || ' ' ||
             (select t from topic where i = pg_temp.ri(d, 62, 120)) as title,
           ${paragraph('d', 63, 3)} as content
         from generate_series(1, ${p.discussions}) d
       ) x`,
    ],
    [
      'discussion_replies',
      // Replies 1..1000 go to discussion 1; the rest are spread over the others.
      `insert into discussion_replies (id, discussion_id, author_id, content, sentiment_label, sentiment_polarity,
         flagged, flag_reason, created_at)
       select gen_random_uuid(), pg_temp.id('discussion', x.d), pg_temp.id('user', ${enrolleeSql(p, classOfDiscussion('x.d'), '(k * 7) % 10')}),
         ${paragraph('k', 70, 2)}, ${analysed('k', 75)},
         least($1, ${discussionCreated('x.d')} + case when x.d = 1 then k * interval '1 minute'
                                                else (pg_temp.rnd(k, 79) * 30 * 86400)::int * interval '1 second' end)
       from (
         select k, case when k <= ${BIG_DISCUSSION_REPLIES} then 1
                        else 2 + (k - ${BIG_DISCUSSION_REPLIES + 1}) % ${p.discussions - 1} end as d
         from generate_series(1, ${p.replies}) k
       ) x`,
    ],
    [
      'community_posts',
      `insert into community_posts (id, author_id, title, content, category, tags, sentiment_label, sentiment_polarity,
         flagged, flag_reason, search, created_at)
       select pg_temp.id('post', q), pg_temp.id('user', 1 + pg_temp.ri(q, 80, ${p.users})), x.title, x.content,
         (enum_range(null::community_category))[1 + pg_temp.ri(q, 81, 4)], x.tags, ${analysed('q', 82)},
         setweight(to_tsvector('english', x.title), 'A') || setweight(to_tsvector('english', array_to_string(x.tags, ' ')), 'B')
           || setweight(to_tsvector('english', x.content), 'C'),
         ${postCreated('q')}
       from (
         select q, (${arr(words.POST_TITLES)})[1 + pg_temp.ri(q, 85, ${words.POST_TITLES.length})] || ' ' ||
             (select t from topic where i = pg_temp.ri(q, 86, 120)) as title,
           ${paragraph('q', 87, 3)} as content, ${tagsOf('q', 90)} as tags
         from generate_series(1, ${p.posts}) q
       ) x`,
    ],
    [
      'post_likes',
      `insert into post_likes (post_id, user_id, created_at)
       select pg_temp.id('post', q), pg_temp.id('user', 1 + (q * 53 + j * 1999) % ${p.users}),
         least($1, ${postCreated('q')} + (pg_temp.rnd(q * 5 + j, 95) * 10 * 86400)::int * interval '1 second')
       from generate_series(1, ${p.posts}) q, generate_series(0, ${LIKES_PER_POST - 1}) j`,
    ],
    [
      'community_replies',
      `insert into community_replies (id, post_id, author_id, content, sentiment_label, sentiment_polarity, flagged,
         flag_reason, created_at)
       select gen_random_uuid(), pg_temp.id('post', x.q), pg_temp.id('user', 1 + pg_temp.ri(k, 100, ${p.users})),
         ${paragraph('k', 101, 2)}, ${analysed('k', 105)},
         least($1, ${postCreated('x.q')} + (pg_temp.rnd(k, 109) * 20 * 86400)::int * interval '1 second')
       from (select k, 1 + (k - 1) % ${p.posts} as q from generate_series(1, ${p.postReplies}) k) x`,
    ],
    [
      'reviews',
      // Review k is by the j-th enrolled learner of class c: one review per learner per class.
      `insert into reviews (id, class_id, user_id, rating, comment, created_at, updated_at)
       select gen_random_uuid(), pg_temp.id('class', x.c), pg_temp.id('user', ${enrolleeSql(p, 'x.c', 'x.j')}),
         1 + floor(sqrt(pg_temp.rnd(k, 110)) * 5)::int, ${paragraph('k', 111, 1)}, x.at, x.at
       from (select k, 1 + (k - 1) % ${p.classes} as c, (k - 1) / ${p.classes} as j, pg_temp.ago($1, k, 115, 500) as at
             from generate_series(1, ${p.reviews}) k) x`,
    ],
  ];
}

const SEEDED_TABLES = [
  'users',
  'classes',
  'enrolments',
  'discussions',
  'discussion_replies',
  'community_posts',
  'post_likes',
  'community_replies',
  'reviews',
];

async function main(): Promise<void> {
  if (ENROLMENTS_PER_CLASS * profile.classes !== profile.enrolments) throw new Error('enrolments must be 10 per class');
  if (LIKES_PER_POST * profile.posts !== profile.likes) throw new Error('likes must be 5 per post');
  if (profile.reviews > profile.classes * ENROLMENTS_PER_CLASS) throw new Error('more reviews than enrolments');
  console.log(`Seeding ${databaseName} with the ${profileName} profile:`, profile);
  const total = performance.now();

  const admin = new pg.Client({ connectionString: `${serverUrl.replace(/\/+$/, '')}/postgres` });
  await admin.connect();
  await step('create database', async () => {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`create database ${databaseName}`);
  });
  await admin.end();

  await step('migrations', async () => {
    const database = await openDatabase({ databaseUrl, poolMax: 1 });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
  });

  const hash = await step('bcrypt hash (once)', () => hashPassword(SEED_PASSWORD, BCRYPT_COST));

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Bulk-load settings for this session only: no foreign-key triggers (the data is consistent by
    // construction), no waiting for WAL flushes, and memory for index builds.
    await client.query(`set session_replication_role = replica; set synchronous_commit = off;
      set maintenance_work_mem = '512MB'; set work_mem = '64MB'`);
    await client.query(HELPERS);
    await step('word and sentence pools', () => client.query(sentencePool()));

    // Secondary indexes are dropped and rebuilt after the load: building an index once is far cheaper
    // than maintaining it row by row. Constraint indexes (primary keys) stay.
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename = any($1)
          and indexname not in (select conname from pg_constraint)`,
      [SEEDED_TABLES],
    );
    await step(`drop ${indexes.length} indexes`, async () => {
      for (const index of indexes) await client.query(`drop index ${index.indexname}`);
    });

    const base = new Date();
    for (const [table, sql] of inserts(profile)) {
      const typed = sql.replaceAll('$1', '$1::timestamptz');
      const params = typed.includes('$2') ? [base, hash] : [base];
      const result = await step(`insert ${table}`, () => client.query(typed, params));
      console.log(`  ${result.rowCount?.toLocaleString('en')} rows`);
    }

    // The triggers that keep the search index of titles and tags (search_terms, search_words) are off
    // with the others: fill it at once.
    await step('search terms and words', () => client.query('select search_terms_fill()'));
    await step('rebuild indexes', async () => {
      for (const index of indexes) await client.query(index.indexdef);
    });
    await step('vacuum analyze', () => client.query('vacuum analyze'));
    const { rows } = await client.query<{ size: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) size',
    );
    console.log(`database size ${rows[0]?.size}`);
  } finally {
    await client.end();
  }
  const ms = performance.now() - total;
  console.log(`total ${(ms / 1000).toFixed(1)} s (${databaseUrl})`);
}

await main();
