// Throughput and latency of the API under load: autocannon on loopback against the built server
// (apps/server/dist/main.js, NODE_ENV=production, PostgreSQL, rate limits off, logging at warn), signed
// in as a seeded learner, one scenario after another; in the same run the floors (bare node:http and
// bare Express 5, each in its own process, see floor.mjs). Prints req/s, p50 and p99 latency, req/s
// as a ratio of bare Express, and the non-2xx/error counts (a scenario with any is invalid); then the
// same on the small profile, the large/small latency ratio of each read, and the server's RSS after
// each run, at its end and once idle (40 s later). Seed first (bench/seed/seed.ts), both profiles. The
// reply scenario writes as 20 learners (replyingLearners in bench/seed/profiles.ts), each with a token.
//
// Run from the repository root:
//   pnpm bench:api                                   (10 s, 50 connections, large then small)
//   pnpm bench:api --duration 3 --connections 20  (a quick smoke run)
//   pnpm bench:api --profiles small --only classes-first-page,discussion-1000 --no-build
//   pnpm bench:api --cpu-prof /tmp/prof           (the server writes a .cpuprofile per profile)
//   pnpm bench:api --warmup 0                      (no unmeasured warm-up; 2 s per scenario by default)
//   pnpm bench:api --read-cache-mb 0               (the server keeps no shared reads: every read a miss)
//   pnpm bench:api --encoding identity             (ask for plain JSON: no Accept-Encoding header)
//   pnpm bench:api --keep-bodies                   (let autocannon keep each answer's body, as it does by default)
//   pnpm bench:api --profiles small --only login --no-floors   (sign-in alone: logins/s, p99, 503s shed)
//   pnpm bench:api --database mentora_bench_small_x           (another seeded database of the one profile)
//   pnpm bench:api --database large:mentora_x,small:mentora_x_small   (other seeded databases, both profiles)
//   pnpm bench:api --main /tmp/old/apps/server/dist/main.js   (another build of the server: before/after)
//   pnpm bench:api --env PASSWORD_QUEUE_MAX=1000              (an extra server variable; repeatable)
//
// Every request says `Accept-Encoding: gzip, deflate, br`, as every browser does, so that answers of
// 1 KB and more come compressed (apps/server/src/http/compression.ts: brotli's fast setting where the
// client takes it, the read cache's kept gzip for its answers) as they reach the app's users: a
// 1,000-reply discussion is 480 KB of JSON and 51 KB gzipped, and autocannon's reading of 480 KB a time
// would measure autocannon. `--encoding identity` asks for plain JSON, what a client without gzip gets.
//
// autocannon (9.0.0) keeps the body of every answer as a string, for options this benchmark does not
// use (onResponse, verifyBody, expectBody). For the 1,000-reply discussion, decoding 51 KB of gzip into
// a string per answer was half of autocannon's CPU (its profile: Buffer toString 25% of all samples,
// idle 46%), on the cores the server shares. Each connection is set up not to keep them (skipBodies);
// `--keep-bodies` measures as autocannon does by default.
//
// Besides req/s, each row gives the CPU time spent per request by the server process, by PostgreSQL
// (every postgres process, so other work on the database counts too) and by autocannon itself: on a
// machine where all three share the cores, their sum bounds the req/s any one scenario can reach.

import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import getPort from 'get-port';
import pg from 'pg';
import {
  BIG_DISCUSSION_REPLIES,
  benchLearner,
  DEFAULT_SERVER_URL,
  PROFILES,
  type ProfileName,
  replyingLearners,
  SEED_PASSWORD,
  seedId,
} from '../seed/profiles.js';
import { BENCH_JWT_SECRET, BENCH_SERVER_ENV, benchDatabaseUrl, startBenchServer, stopProcess } from '../server.js';

const root = path.resolve(import.meta.dirname, '..', '..');

const { values } = parseArgs({
  // `pnpm bench:x -- --flag` passes the `--` on: it is not an argument.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    profiles: { type: 'string', default: 'large,small' },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-floors': { type: 'boolean', default: false },
    warmup: { type: 'string', default: '2' },
    'cpu-prof': { type: 'string' },
    'read-cache-mb': { type: 'string' },
    encoding: { type: 'string', default: 'gzip' },
    'keep-bodies': { type: 'boolean', default: false },
    server: { type: 'string', default: DEFAULT_SERVER_URL },
    database: { type: 'string' },
    main: { type: 'string' },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const profileNames = values.profiles.split(',').map((name) => {
  if (name !== 'large' && name !== 'small') throw new Error(`unknown profile "${name}" (large or small)`);
  return name as ProfileName;
});
const only = values.only ? new Set(values.only.split(',')) : undefined;
/**
 * The database of each profile given by --database: a name (one profile), or profile:name pairs
 * (`large:mentora_bench_x,small:mentora_bench_x_small`), so that both profiles run from one command.
 */
const databases = new Map<ProfileName, string>();
if (values.database) {
  const pairs = values.database.split(',');
  if (pairs.length === 1 && !pairs[0]?.includes(':')) {
    if (profileNames.length !== 1)
      throw new Error('--database NAME names the database of one profile (or give profile:NAME pairs)');
    databases.set(profileNames[0] as ProfileName, values.database);
  } else {
    for (const pair of pairs) {
      const [profile, name] = pair.split(':');
      if ((profile !== 'large' && profile !== 'small') || !name)
        throw new Error(`--database takes profile:NAME pairs, not "${pair}"`);
      databases.set(profile, name);
    }
  }
}
/** Extra server variables (--env NAME=VALUE). */
const extraEnv = Object.fromEntries(
  values.env.map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--env takes NAME=VALUE, not "${pair}"`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
if (values.encoding !== 'gzip' && values.encoding !== 'identity') {
  throw new Error(`unknown encoding "${values.encoding}" (gzip or identity)`);
}
/** What each request says it accepts: a browser's list, or nothing (plain JSON). */
const acceptEncoding: Record<string, string> =
  values.encoding === 'gzip' ? { 'accept-encoding': 'gzip, deflate, br' } : {};

/**
 * Makes one autocannon connection drop the answers' bodies instead of keeping them as strings, which
 * nothing here reads. It reaches into autocannon's client, so it fails loudly should that change.
 */
function skipBodies(client: unknown): void {
  const queue = (client as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests;
  if (!queue || typeof queue.addBody !== 'function') {
    throw new Error('autocannon has changed: its client has no pipelinedRequests.addBody to skip (try --keep-bodies)');
  }
  queue.addBody = () => undefined;
}

interface Scenario {
  name: string;
  kind: 'read' | 'write' | 'login' | 'floor';
  method?: 'GET' | 'POST';
  /** A fixed path, or one per request (rotating ids, varying bodies). */
  path: string;
  /** Its headers are added to the scenario's (a token of its own, say). */
  next?: () => { path: string; body?: string; headers?: Record<string, string> };
  body?: string;
  auth?: boolean;
}

interface Measured {
  name: string;
  kind: Scenario['kind'];
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
  /** The server process's CPU time per request (user + system), a figure less noisy than req/s on a shared machine. */
  cpuMs?: number;
  /** The CPU time of every PostgreSQL process per request (their sum: the backends serving the server). */
  pgCpuMs?: number;
  /** This process's CPU time per request: autocannon, the load generator, which shares the same cores. */
  loadCpuMs?: number;
}

/** Starts a process and resolves once a line of its output matches. */
async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (line: string) => boolean,
): Promise<ChildProcess> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start within 60 s`)), 60_000);
    const onLine = (line: string) => {
      if (ready(line)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', onLine);
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
      process.stderr.write(`  [${path.basename(args[0] ?? command)}] ${line}\n`);
      onLine(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code} during start-up`));
    });
  });
}

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** User + system CPU time so far of each process named postgres (the server's backends among them), in ms by pid. */
function postgresCpuMs(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byPid.set(entry, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/** CPU spent between two snapshots by the processes alive at the second (new ones count from zero). */
function postgresCpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuMs()) total += ms - (before.get(pid) ?? 0);
  return total;
}

const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Runs a scenario and adds the CPU each party spent per request: the server's (when given), PostgreSQL's, autocannon's. */
async function measureWithCpu(baseUrl: string, scenario: Scenario, token?: string, serverPid?: number) {
  // Unmeasured first: the code paths a scenario takes are compiled (JIT) and its statements prepared.
  if (warmup > 0 && scenario.kind !== 'login') {
    await measure(baseUrl, scenario, token, warmup);
    await settle(baseUrl);
  }
  const before = { server: serverPid ? cpuTimeMs(serverPid) : 0, pg: postgresCpuMs(), own: ownCpuMs() };
  const row = await measure(baseUrl, scenario, token);
  const perRequest = (ms: number) => ms / Math.max(row.requests, 1);
  if (serverPid) row.cpuMs = perRequest(cpuTimeMs(serverPid) - before.server);
  row.pgCpuMs = perRequest(postgresCpuSince(before.pg));
  row.loadCpuMs = perRequest(ownCpuMs() - before.own);
  return row;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function measure(baseUrl: string, scenario: Scenario, token?: string, seconds = duration): Promise<Measured> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...acceptEncoding };
  if (scenario.auth && token) headers.authorization = `Bearer ${token}`;
  const next = scenario.next;
  const result = await autocannon({
    url: baseUrl,
    connections,
    // Login is bcrypt-bound (cost 12, the server's default): 50 queued logins take 50 hashes over the
    // server's hashing threads, or are shed with 503 past its queue. It gets 30 s (and a long timeout)
    // so that its figure counts whole waves of logins rather than none.
    duration: scenario.kind === 'login' ? Math.max(seconds, 30) : seconds,
    timeout: scenario.kind === 'login' ? 120 : 10,
    ...(values['keep-bodies'] ? {} : { setupClient: skipBodies }),
    requests: [
      {
        method: scenario.method ?? 'GET',
        path: scenario.path,
        headers,
        ...(scenario.body ? { body: scenario.body } : {}),
        ...(next
          ? {
              setupRequest: (request) => {
                const changes = next();
                return { ...request, ...changes, headers: { ...request.headers, ...changes.headers } };
              },
            }
          : {}),
      },
    ],
  });
  return {
    name: scenario.name,
    kind: scenario.kind,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function login(baseUrl: string, email: string): Promise<string> {
  const { token } = await json<{ token: string }>(
    await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: SEED_PASSWORD }),
    }),
  );
  return token;
}

/** Up to 300 of the discussions the signed-in learner sees, newest first. */
async function discussionsOf(baseUrl: string, auth: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 3; page++) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response: Response = await fetch(`${baseUrl}/api/discussions?limit=100${query}`, { headers: auth });
    ids.push(...(await json<Array<{ _id: string }>>(response)).map((d) => d._id));
    // The next page's cursor travels in a header (GET /discussions answers a plain array).
    cursor = response.headers.get('x-next-cursor');
    if (!cursor) break;
  }
  return ids;
}

/**
 * What the write scenarios rotate over: posts for the bench learner to like, and for the replies, each
 * replying learner's discussions (replyingLearners), taken in turn from each learner, each reply sent
 * with its own learner's token. The 1,000-reply discussion is left out, so no answer grows much.
 */
async function prepare(baseUrl: string, profile: ProfileName) {
  const learner = benchLearner(PROFILES[profile]);
  const token = await login(baseUrl, learner.email);
  const auth = { authorization: `Bearer ${token}` };
  const bigDiscussion = seedId('discussion', 1);
  const big = await json<{ replies: unknown[] }>(
    await fetch(`${baseUrl}/api/discussions/${bigDiscussion}`, { headers: auth }),
  );
  if (big.replies.length < BIG_DISCUSSION_REPLIES) throw new Error(`discussion 1 has ${big.replies.length} replies`);
  const perLearner: { authorization: string; discussionIds: string[] }[] = [];
  for (const replier of replyingLearners(PROFILES[profile])) {
    const authorization = `Bearer ${replier.email === learner.email ? token : await login(baseUrl, replier.email)}`;
    const discussionIds = (await discussionsOf(baseUrl, { authorization })).filter((id) => id !== bigDiscussion);
    if (discussionIds.length > 0) perLearner.push({ authorization, discussionIds });
  }
  const replyTargets: { authorization: string; discussionId: string }[] = [];
  const most = Math.max(0, ...perLearner.map((l) => l.discussionIds.length));
  for (let i = 0; i < most; i++) {
    for (const l of perLearner) {
      const discussionId = l.discussionIds[i];
      if (discussionId) replyTargets.push({ authorization: l.authorization, discussionId });
    }
  }
  if (replyTargets.length === 0) throw new Error('the replying learners have no discussions to reply to');
  const posts = Math.min(PROFILES[profile].posts, 500);
  const postIds = Array.from({ length: posts }, (_, i) => seedId('post', i + 1));
  return { token, learner, bigDiscussion, replyTargets, postIds };
}

/** How the replies this benchmark writes begin, so the next run can take them away. */
const BENCH_REPLY = 'Benchmark reply';

/**
 * Takes away what earlier runs' reply scenario wrote (its replies and the notifications they raised),
 * before the server starts: otherwise each run reads back longer discussions than the last, and runs
 * on one seeded database stop being comparable. Likes need nothing: a toggle undoes itself.
 */
async function removeEarlierReplies(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Whoever wrote them (the replying learners have changed between versions of this benchmark); the
    // seed writes no notifications, so every reply notification is a run's.
    const { rowCount } = await client.query('delete from discussion_replies where content like $1', [
      `${BENCH_REPLY} %`,
    ]);
    await client.query(`delete from notifications where kind = 'discussion_reply'`);
    if (rowCount) console.log(`  removed ${rowCount} replies written by earlier runs`);
  } finally {
    await client.end();
  }
}

/** The tables the write scenarios change (a like updates its post's grouped notification every time). */
const WRITTEN_TABLES = ['post_likes', 'notifications', 'discussion_replies'];

/**
 * Vacuums the tables the writes change, before each write scenario and after removing earlier replies:
 * the state autovacuum keeps them in on a server that runs it. Without it, each run leaves dead row
 * versions behind (a like renews its post's notification, a new version with eight index entries each
 * time), and the next run reads past them: on a server with autovacuum off (this machine's CI setting),
 * the notifications table once held 281k dead versions for 4.6k live ones, and writes slowed from run to run.
 * Says so when autovacuum is off, since then nothing cleans them during a scenario either.
 */
async function vacuumWrittenTables(databaseUrl: string, announce = false): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (announce) {
      const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
      if (rows[0]?.autovacuum !== 'on') {
        console.log(
          '  autovacuum is off on this server: the tables writes change are vacuumed before each write scenario',
        );
      }
    }
    await client.query(`vacuum (analyze) ${WRITTEN_TABLES.join(', ')}`);
  } finally {
    await client.end();
  }
}

type ReplyTarget = Awaited<ReturnType<typeof prepare>>['replyTargets'][number];

function scenarios(ctx: Awaited<ReturnType<typeof prepare>>): Scenario[] {
  let like = 0;
  let reply = 0;
  const class1 = seedId('class', 1);
  const list: Scenario[] = [
    { name: 'classes-first-page', kind: 'read', path: '/api/classes', auth: true },
    { name: 'classes-search', kind: 'read', path: '/api/classes?search=python', auth: true },
    // The global search (issue #29): a 4-letter prefix, and a typo (two letters swapped).
    { name: 'search-prefix', kind: 'read', path: '/api/search?q=pyth', auth: true },
    { name: 'search-typo', kind: 'read', path: '/api/search?q=pyhton', auth: true },
    { name: 'classes-enrolled', kind: 'read', path: '/api/classes?filter=enrolled', auth: true },
    { name: 'class-detail', kind: 'read', path: `/api/classes/${class1}`, auth: true },
    { name: 'discussions-of-class', kind: 'read', path: `/api/discussions?classId=${class1}`, auth: true },
    { name: 'discussion-1000', kind: 'read', path: `/api/discussions/${ctx.bigDiscussion}`, auth: true },
    { name: 'community', kind: 'read', path: '/api/community', auth: true },
    {
      name: 'like-toggle',
      kind: 'write',
      method: 'POST',
      path: '/api/community/x/like',
      auth: true,
      next: () => ({ path: `/api/community/${ctx.postIds[like++ % ctx.postIds.length]}/like` }),
    },
    {
      name: 'discussion-reply',
      kind: 'write',
      method: 'POST',
      path: '/api/discussions/x/replies',
      auth: true,
      next: () => {
        const n = reply++;
        const { authorization, discussionId } = ctx.replyTargets[n % ctx.replyTargets.length] as ReplyTarget;
        const content = `${BENCH_REPLY} ${n}: the exercises were clear and I finished the homework.`;
        return {
          path: `/api/discussions/${discussionId}/replies`,
          body: JSON.stringify({ content }),
          headers: { authorization },
        };
      },
    },
    {
      name: 'login',
      kind: 'login',
      method: 'POST',
      path: '/api/auth/login',
      body: JSON.stringify({ email: ctx.learner.email, password: SEED_PASSWORD }),
    },
  ];
  return list.filter((s) => !only || only.has(s.name));
}

async function runFloors(): Promise<Measured[]> {
  const out: Measured[] = [];
  for (const kind of ['http', 'express'] as const) {
    const port = await getPort({ host: '127.0.0.1' });
    const child = await startProcess(
      process.execPath,
      [path.join(import.meta.dirname, 'floor.mjs'), kind, String(port)],
      { ...process.env, NODE_ENV: 'production' },
      (line) => line.startsWith('listening'),
    );
    try {
      const floor: Scenario = { name: `floor-${kind}`, kind: 'floor', path: '/' };
      out.push(await measureWithCpu(`http://127.0.0.1:${port}`, floor, undefined, child.pid));
    } finally {
      await stopProcess(child);
    }
  }
  return out;
}

/**
 * Waits until the server has finished what the previous scenario left queued (autocannon stops with
 * up to `connections` requests in flight; fifty 1,000-reply discussions or logins take a while), so
 * each scenario starts on an idle server and its CPU figure is its own.
 */
async function settle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const start = performance.now();
    await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    quick = performance.now() - start < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How long the server is left idle after the run before its RSS is read again. */
const IDLE_RSS_SECONDS = 40;

async function runProfile(profile: ProfileName): Promise<{ rows: Measured[]; rss: number; idleRss: number }> {
  const database = databases.get(profile);
  const databaseUrl = database
    ? `${values.server.replace(/\/+$/, '')}/${database}`
    : benchDatabaseUrl(values.server, profile);
  await removeEarlierReplies(databaseUrl);
  await vacuumWrittenTables(databaseUrl, true);
  // Its warnings while it runs are shown; once it is told to stop, requests still queued (logins) fail
  // against a closed pool, which says nothing about the figures.
  let stopping = false;
  const server = await startBenchServer({
    nodeArgs: values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [],
    ...(values.main ? { main: path.resolve(values.main) } : {}),
    env: {
      ...BENCH_SERVER_ENV,
      JWT_SECRET: BENCH_JWT_SECRET,
      DATABASE_URL: databaseUrl,
      ...(values['read-cache-mb'] === undefined ? {} : { READ_CACHE_MB: values['read-cache-mb'] }),
      ...extraEnv,
    },
    onLine: (line) => {
      if (!stopping) process.stderr.write(`  [server] ${line.slice(0, 500)}\n`);
    },
  });
  const { baseUrl } = server;
  try {
    const ctx = await prepare(baseUrl, profile);
    const rows: Measured[] = [];
    const pid = server.child.pid ?? 0;
    for (const scenario of scenarios(ctx)) {
      if (scenario.kind === 'write') await vacuumWrittenTables(databaseUrl);
      await settle(baseUrl);
      const row = await measureWithCpu(baseUrl, scenario, ctx.token, pid);
      rows.push(row);
      // Sign-in sheds load with 503 when its queue is full: how many answers were real sign-ins matters.
      const signedIn = row.kind === 'login' ? `, ${okRps(row).toFixed(1)} signed in/s, ${row.non2xx} shed` : '';
      console.log(
        `  ${profile} ${row.name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${signedIn}`,
      );
    }
    const rss = pid ? rssMb(pid) : Number.NaN;
    // Then idle: V8 gives back what the run's garbage took once the allocation rate falls (its memory
    // reducer, some 10-30 s later), so this is what the server holds, the first what it held at the end.
    let idleRss = rss;
    for (let waited = 0; pid && waited < IDLE_RSS_SECONDS; waited += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      idleRss = Math.min(idleRss, rssMb(pid));
    }
    return { rows, rss, idleRss };
  } finally {
    stopping = true;
    await server.stop();
  }
}

/** Answers that were 2xx, per second. */
const okRps = (r: Measured) => (r.rps * Math.max(r.requests - r.non2xx - r.errors, 0)) / Math.max(r.requests, 1);

function printTable(title: string, rows: Measured[], express: number | undefined): void {
  console.log(`\n${title}`);
  console.log(
    '| scenario | req/s | p50 ms | p99 ms | vs bare Express | non-2xx | errors | CPU ms/req: server | PostgreSQL | autocannon | all |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2));
  for (const r of rows) {
    const ratio = express ? `${((r.rps / express) * 100).toFixed(0)}%` : '-';
    const all = (r.cpuMs ?? 0) + (r.pgCpuMs ?? 0) + (r.loadCpuMs ?? 0);
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio} | ${r.non2xx} | ${r.errors} | ${ms(r.cpuMs)} | ${ms(r.pgCpuMs)} | ${ms(r.loadCpuMs)} | ${ms(all)} |`,
    );
  }
}

/** Each target of the issue, checked on the large profile's figures. */
function verdicts(rows: Measured[], express: number | undefined, small: Measured[] | undefined): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const ratio = express ? r.rps / express : Number.NaN;
    const problems: string[] = [];
    if (r.non2xx > 0 || r.errors > 0) problems.push('INVALID (non-2xx or errors)');
    if (r.kind === 'read') {
      if (!(ratio >= 0.3)) problems.push(`req/s ${(ratio * 100).toFixed(0)}% < 30% of Express`);
      if (r.p99 > 50) problems.push(`p99 ${r.p99} ms > 50 ms`);
      const s = small?.find((x) => x.name === r.name);
      if (s && r.p50 > 1.5 * Math.max(s.p50, 1)) problems.push(`p50 ${r.p50} ms > 1.5x small (${s.p50} ms)`);
    }
    if (r.kind === 'write' && !(ratio >= 0.15)) problems.push(`req/s ${(ratio * 100).toFixed(0)}% < 15% of Express`);
    if (r.kind === 'login') {
      problems.length = 0;
      problems.push(`bcrypt-bound, no target (${okRps(r).toFixed(1)} signed in/s, ${r.non2xx} shed with 503)`);
    }
    out.push(`${r.name}: ${problems.length === 0 ? 'meets its targets' : problems.join('; ')}`);
  }
  return out;
}

async function main(): Promise<void> {
  if (!values['no-build']) {
    console.log('building the server (pnpm --filter @mentora/server build)');
    await new Promise<void>((resolve, reject) => {
      const build = spawn('pnpm', ['--filter', '@mentora/server', 'build'], { cwd: root, stdio: 'inherit' });
      build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (${code})`))));
    });
  }
  console.log(
    `autocannon: ${duration} s, ${connections} connections per scenario, ${
      values.encoding === 'gzip' ? 'gzip accepted (as browsers ask)' : 'plain JSON asked (no Accept-Encoding)'
    }, ${values['keep-bodies'] ? "bodies kept (autocannon's default)" : 'bodies not kept'}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const floors = values['no-floors'] ? [] : await runFloors();
  for (const f of floors) console.log(`  ${f.name}: ${f.rps.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms`);
  const express = floors.find((f) => f.name === 'floor-express')?.rps;
  const results = new Map<ProfileName, { rows: Measured[]; rss: number; idleRss: number }>();
  for (const profile of profileNames) results.set(profile, await runProfile(profile));

  if (floors.length > 0) printTable('Floors', floors, express);
  for (const [profile, { rows, rss, idleRss }] of results) {
    const p = PROFILES[profile];
    printTable(
      `Profile ${profile} (${p.classes.toLocaleString('en')} classes); server RSS after the run: ${rss.toFixed(0)} MB (${idleRss.toFixed(0)} MB after ${IDLE_RSS_SECONDS} s idle)`,
      rows,
      express,
    );
  }
  const large = results.get('large');
  const small = results.get('small');
  if (large && small) {
    console.log('\nLatency at 100k classes / latency at 1k classes (reads)');
    console.log('| scenario | p50 large | p50 small | ratio |');
    console.log('|---|---:|---:|---:|');
    for (const r of large.rows.filter((x) => x.kind === 'read')) {
      const s = small.rows.find((x) => x.name === r.name);
      if (s) console.log(`| ${r.name} | ${r.p50} | ${s.p50} | ${(r.p50 / Math.max(s.p50, 1)).toFixed(2)} |`);
    }
  }
  const target = large ?? small;
  if (target) {
    console.log(`\nTargets (${large ? 'large' : 'small'} profile):`);
    for (const line of verdicts(target.rows, express, large ? small?.rows : undefined)) console.log(`  ${line}`);
    console.log(
      `  server RSS ${target.rss.toFixed(0)} MB at the end of the run: ${target.rss <= 300 ? 'meets' : 'misses'} the 300 MB target (${target.idleRss.toFixed(0)} MB once idle)`,
    );
  }
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

await main();
