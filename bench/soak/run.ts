// Soak: mixed traffic (reads, community posts and new discussions, likes, replies, enrolments) for
// 10 minutes at 80% of the measured capacity, on two server processes (the built
// apps/server/dist/main.js, NODE_ENV=production, rate limits off) that share one PostgreSQL database
// and Redis, as a deployment behind a load balancer runs them. Half the connections go to each.
//
// 1. Seeds a modest dataset through the API into a database of its own (mentora_soak_<pid>, dropped
//    at the end): 4 verified mentors with 12 classes, 40 learners enrolled in 2 classes each, a
//    discussion per class and 20 community posts.
// 2. Capacity: the same mix closed-loop (every connection sends its next request as soon as the last
//    is answered) for --capacity-seconds.
// 3. Soak: open-loop at --load (0.8) times that rate (autocannon's overallRate) for --minutes.
//    Prints per minute: req/s, p50/p99, non-2xx and 5xx counts, answerless requests, RSS of both
//    processes; at the end the verdicts. Exits 1 on any 5xx or request without an answer, on RSS
//    growth after the first minute (warm-up) of 10% or more in either process, or when the last
//    minute's p99 is more than --p99-ratio (1.5) times the second minute's.
//
// Run from the repository root, after `pnpm build`, with PostgreSQL and Redis running:
//   pnpm bench:soak                          (10 minutes)
//   pnpm bench:soak --minutes 2              (a short run)
// Options: --capacity-seconds 20, --connections 16 (per process), --load 0.8, --p99-ratio 1.5,
// --database (admin URL, default $SOAK_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres),
// --redis (default $REDIS_URL or redis://127.0.0.1:6379; keys and channels under mentora-soak:<pid>:).

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_SERVER_ENV, type BenchServer, SERVER_MAIN, startBenchServer } from '../server.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    'capacity-seconds': { type: 'string', default: '20' },
    connections: { type: 'string', default: '16' },
    load: { type: 'string', default: '0.8' },
    'p99-ratio': { type: 'string', default: '1.5' },
    database: {
      type: 'string',
      default: process.env.SOAK_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    redis: { type: 'string', default: process.env.REDIS_URL || 'redis://127.0.0.1:6379' },
  },
});
const minutes = Number(values.minutes);
const capacitySeconds = Number(values['capacity-seconds']);
const connections = Number(values.connections);
const load = Number(values.load);
const p99Ratio = Number(values['p99-ratio']);
for (const [name, v] of Object.entries({ minutes, capacitySeconds, connections, load, p99Ratio })) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
}

const log = (line: string) => process.stdout.write(`${line}\n`);

// ---------- the two server processes ----------

interface Server {
  base: string;
  running: BenchServer;
  /** Its last 200 lines. */
  output: string[];
}

const ADMIN = { email: 'soak-admin@example.test', password: 'soak admin password' };

async function startServer(env: Record<string, string>): Promise<Server> {
  const output: string[] = [];
  const running = await startBenchServer({
    env: { ...process.env, ...env },
    timeoutMs: 60_000,
    onLine: (line) => {
      output.push(line);
      if (output.length > 200) output.shift();
    },
  });
  return { base: running.baseUrl, running, output };
}

function stopServer(server: Server): Promise<void> {
  return server.running.stop();
}

/** Resident set size in MB, from /proc (Linux). */
function rssMb(server: Server): number {
  const status = readFileSync(`/proc/${server.running.child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

// ---------- seeding through the API ----------

interface Person {
  _id: string;
  token: string;
}

interface Learner extends Person {
  classes: [number, number];
  /** A third class they enrol in and leave in turn. */
  spare: number;
  enrolledInSpare: boolean;
  busy: boolean;
}

async function api<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`seeding: ${method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

const MENTORS = 4;
const CLASSES_PER_MENTOR = 3;
const LEARNERS = 40;
const POSTS = 20;
const RECENT = 20;

interface World {
  classes: string[];
  learners: Learner[];
  /** The most recent discussions of each class (replies and reads go to these). */
  discussions: string[][];
  /** The most recent community posts (likes, replies). */
  posts: string[];
}

async function seed(bases: string[]): Promise<World> {
  const at = (i: number) => bases[i % bases.length] as string;
  const tag = randomBytes(3).toString('hex');
  const register = (i: number, who: string, role: string) =>
    api<Person>(at(i), 'POST', '/api/auth/register', undefined, {
      name: `Soak ${who} ${i}`,
      email: `${who}${i}-${tag}@example.test`,
      password: 'soak password 1',
      role,
    });
  const admin = await api<Person>(at(0), 'POST', '/api/auth/login', undefined, ADMIN);
  const classes: string[] = [];
  for (let m = 0; m < MENTORS; m++) {
    const mentor = await register(m, 'mentor', 'mentor');
    await api(at(m), 'PUT', `/api/admin/verify-mentor/${mentor._id}`, admin.token);
    for (let c = 0; c < CLASSES_PER_MENTOR; c++) {
      const cls = await api<{ _id: string }>(at(c), 'POST', '/api/classes', mentor.token, {
        title: `Soak class ${m}-${c}`,
        description: 'A class that lasts.',
        category: 'programming',
        contentType: 'live',
        contentUrl: '',
        tags: ['soak'],
      });
      classes.push(cls._id);
    }
  }
  const n = classes.length;
  const learners = await Promise.all(
    Array.from({ length: LEARNERS }, async (_, i): Promise<Learner> => {
      const person = await register(i, 'learner', 'learner');
      const mine: [number, number] = [i % n, (i + 5) % n];
      for (const c of mine) await api(at(i), 'POST', `/api/classes/${classes[c]}/enroll`, person.token);
      return { ...person, classes: mine, spare: (i + 9) % n, enrolledInSpare: false, busy: false };
    }),
  );
  const discussions: string[][] = [];
  for (let c = 0; c < n; c++) {
    const author = learners.find((l) => l.classes.includes(c)) as Learner;
    const d = await api<{ _id: string }>(at(c), 'POST', '/api/discussions', author.token, {
      title: `Soak talk ${c}`,
      content: 'How does it hold up over time?',
      classId: classes[c],
    });
    discussions.push([d._id]);
  }
  const posts: string[] = [];
  for (let p = 0; p < POSTS; p++) {
    const author = learners[p % LEARNERS] as Learner;
    const post = await api<{ _id: string }>(at(p), 'POST', '/api/community', author.token, {
      title: `Soak post ${p}`,
      content: 'Long runs show what short ones hide.',
      category: 'general',
      tags: ['soak'],
    });
    posts.push(post._id);
  }
  return { classes, learners, discussions, posts };
}

// ---------- the mix ----------

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const remember = (list: string[], id: string) => {
  list.push(id);
  if (list.length > RECENT) list.shift();
};

/** Weights in percent: half reads, the rest writes. */
const MIX = [
  ['listClasses', 10],
  ['listCommunity', 10],
  ['classDetail', 10],
  ['discussionDetail', 10],
  ['notifications', 10],
  ['newPost', 5],
  ['newDiscussion', 5],
  ['like', 15],
  ['postReply', 7.5],
  ['discussionReply', 7.5],
  ['enrolment', 10],
] as const;
type Op = (typeof MIX)[number][0];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);

function chooseOp(): Op {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [op, w] of MIX) {
    r -= w;
    if (r < 0) return op;
  }
  return 'listClasses';
}

interface Ctx {
  op?: Op;
  learner?: Learner;
  classIndex?: number;
}

let counter = 0;

/** One request of the mix, as autocannon's setupRequest: method, path, headers and body. */
function nextRequest(world: World, req: autocannon.Request, context: Ctx): autocannon.Request {
  let op = chooseOp();
  let learner = pick(world.learners);
  if (op === 'enrolment') {
    const free = world.learners.filter((l) => !l.busy);
    if (free.length === 0) op = 'listClasses';
    else learner = pick(free);
  }
  const classIndex = pick(learner.classes);
  const classId = world.classes[classIndex] as string;
  const json = (method: string, url: string, body?: unknown): autocannon.Request => ({
    ...req,
    method: method as autocannon.Request['method'],
    path: url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${learner.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  context.op = op;
  context.learner = learner;
  context.classIndex = classIndex;
  const n = ++counter;
  switch (op) {
    case 'listClasses':
      return json('GET', '/api/classes?limit=20');
    case 'listCommunity':
      return json('GET', '/api/community?limit=20');
    case 'classDetail':
      return json('GET', `/api/classes/${classId}`);
    case 'discussionDetail':
      return json('GET', `/api/discussions/${pick(world.discussions[classIndex] as string[])}`);
    case 'notifications':
      return json('GET', '/api/notifications?limit=20');
    case 'newPost':
      return json('POST', '/api/community', {
        title: `Soak post ${n}`,
        content: 'Still going strong after all this time.',
        category: 'general',
        tags: ['soak'],
      });
    case 'newDiscussion':
      return json('POST', '/api/discussions', { title: `Soak talk ${n}`, content: 'Another question.', classId });
    case 'like':
      return json('POST', `/api/community/${pick(world.posts)}/like`);
    case 'postReply':
      return json('POST', `/api/community/${pick(world.posts)}/replies`, { content: `I agree (${n}).` });
    case 'discussionReply':
      return json('POST', `/api/discussions/${pick(world.discussions[classIndex] as string[])}/replies`, {
        content: `Good point (${n}).`,
      });
    case 'enrolment': {
      learner.busy = true;
      const spare = world.classes[learner.spare] as string;
      return json('POST', `/api/classes/${spare}/${learner.enrolledInSpare ? 'unenroll' : 'enroll'}`);
    }
  }
}

/** autocannon's onResponse: keep what the next requests need (new ids, enrolment state). */
function onResponse(world: World, status: number, body: string, context: Ctx): void {
  const ok = status >= 200 && status < 300;
  const { op, learner, classIndex } = context;
  if (op === 'enrolment' && learner) {
    if (ok) learner.enrolledInSpare = !learner.enrolledInSpare;
    learner.busy = false;
  }
  if (!ok) return;
  if (op === 'newPost') remember(world.posts, (JSON.parse(body) as { _id: string })._id);
  if (op === 'newDiscussion' && classIndex !== undefined) {
    remember(world.discussions[classIndex] as string[], (JSON.parse(body) as { _id: string })._id);
  }
}

// ---------- measuring ----------

class Window {
  latencies: number[] = [];
  non2xx = 0;
  server5xx = 0;
  errors = 0;
  constructor(readonly started = Date.now()) {}

  add(status: number, ms: number): void {
    this.latencies.push(ms);
    if (status < 200 || status >= 300) this.non2xx += 1;
    if (status >= 500) this.server5xx += 1;
  }

  percentile(p: number): number {
    if (this.latencies.length === 0) return Number.NaN;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
  }

  rate(until = Date.now()): number {
    return this.latencies.length / ((until - this.started) / 1000);
  }
}

async function drive(
  servers: Server[],
  world: World,
  options: { seconds: number; overallRate?: number },
  onSample: (status: number, ms: number) => void,
  onError: () => void,
): Promise<void> {
  const perServer = Math.max(1, Math.floor(connections));
  const runs = servers.map(
    (server) =>
      new Promise<void>((resolve, reject) => {
        const instance = autocannon(
          {
            url: server.base,
            connections: perServer,
            duration: options.seconds,
            timeout: 30,
            ...(options.overallRate
              ? { overallRate: Math.max(1, Math.round(options.overallRate / servers.length)) }
              : {}),
            requests: [
              {
                setupRequest: (req: autocannon.Request, context: Ctx) => nextRequest(world, req, context),
                onResponse: (status: number, body: string, context: Ctx) => onResponse(world, status, body, context),
              } as autocannon.Request,
            ],
          },
          (error) => (error ? reject(error) : resolve()),
        );
        instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => onSample(status, ms));
        instance.on('reqError', onError);
      }),
  );
  await Promise.all(runs);
}

// ---------- the run ----------

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function main(): Promise<number> {
  if (!existsSync(SERVER_MAIN)) {
    log(`No built server at ${SERVER_MAIN}: run \`pnpm build\` first.`);
    return 2;
  }
  const dbName = `mentora_soak_${process.pid}`;
  const admin = new pg.Client({ connectionString: values.database });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(values.database);
  dbUrl.pathname = `/${dbName}`;

  const env = {
    ...BENCH_SERVER_ENV,
    DATABASE_URL: dbUrl.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    REDIS_URL: values.redis,
    REDIS_PREFIX: `mentora-soak:${process.pid}:`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Registrations are only in the seeding, not in the mix: keep it quick.
    BCRYPT_COST: '8',
  };
  const servers: Server[] = [];
  const cleanUp = async () => {
    await Promise.all(servers.map(stopServer));
    const c = new pg.Client({ connectionString: values.database });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  };
  process.once('SIGINT', () => {
    log('interrupted: stopping the servers and dropping the database');
    void cleanUp().finally(() => process.exit(130));
  });

  try {
    // One after the other: the first runs the migrations and creates the admin.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    log(`two processes (${servers.map((s) => s.base).join(', ')}) on ${dbName}, Redis ${values.redis}`);
    const started = Date.now();
    const world = await seed(servers.map((s) => s.base));
    log(
      `seeded in ${fmt((Date.now() - started) / 1000, 1)} s: ${world.classes.length} classes, ${LEARNERS} learners, ` +
        `${world.discussions.length} discussions, ${world.posts.length} posts`,
    );
    log(`mix: ${MIX.map(([op, w]) => `${op} ${w}%`).join(', ')}`);

    // Capacity, closed-loop.
    const capacity = new Window();
    let capacityErrors = 0;
    await drive(
      servers,
      world,
      { seconds: capacitySeconds },
      (s, ms) => capacity.add(s, ms),
      () => {
        capacityErrors += 1;
      },
    );
    const measured = capacity.rate();
    log(
      `capacity (closed loop, ${connections} connections per process, ${capacitySeconds} s): ${fmt(measured)} req/s, ` +
        `p50 ${fmt(capacity.percentile(50), 1)} ms, p99 ${fmt(capacity.percentile(99), 1)} ms, ` +
        `non-2xx ${capacity.non2xx}, 5xx ${capacity.server5xx}, no answer ${capacityErrors}`,
    );

    // Soak, open-loop at a fixed share of it.
    const target = measured * load;
    log(`soak: ${minutes} min at ${fmt(target)} req/s (${fmt(load * 100)}% of capacity), per minute:`);
    // The load average says how busy the machine was (other programs too): figures from a busy one mislead.
    log('minute  req/s   p50 ms  p99 ms  non-2xx  5xx  no-answer  RSS A MB  RSS B MB  load');
    // One window per minute of the run; the last takes the run's tail (its end is not exactly on time).
    const totalMinutes = Math.max(1, Math.ceil(minutes));
    const soakStart = Date.now();
    const windows: Window[] = [new Window(soakStart)];
    // RSS is sampled every 5 s: one reading lands anywhere in a garbage collector's cycle, so each
    // figure is the median of a window's samples (per minute, and the last 30 s of minute 1 and of the run).
    const rssSamples: { at: number; mb: number[] }[] = [];
    const sampler = setInterval(() => rssSamples.push({ at: Date.now() - soakStart, mb: servers.map(rssMb) }), 5_000);
    const medianRss = (from: number, to: number): number[] =>
      servers.map((_, i) => {
        const values = rssSamples
          .filter((s) => s.at >= from && s.at < to)
          .map((s) => s.mb[i] as number)
          .sort((a, b) => a - b);
        return values.length > 0 ? (values[Math.floor(values.length / 2)] as number) : Number.NaN;
      });
    const totals = { requests: 0, non2xx: 0, server5xx: 0, errors: 0 };
    const closeMinute = () => {
      const w = windows.at(-1) as Window;
      const minuteStart = (windows.length - 1) * 60_000;
      const sizes = medianRss(minuteStart, minuteStart + 60_000).map((mb, i) =>
        Number.isNaN(mb) ? rssMb(servers[i] as Server) : mb,
      );
      log(
        `${String(windows.length).padStart(6)}  ${fmt(w.rate()).padStart(5)}  ${fmt(w.percentile(50), 1).padStart(7)} ` +
          `${fmt(w.percentile(99), 1).padStart(7)}  ${String(w.non2xx).padStart(7)}  ${String(w.server5xx).padStart(3)}  ` +
          `${String(w.errors).padStart(9)}  ${sizes.map((s) => fmt(s, 1).padStart(8)).join('  ')}  ` +
          fmt(loadavg()[0] as number, 1).padStart(4),
      );
    };
    /** The window of this moment, closing (printing) the previous minute when a new one begins. */
    const current = (): Window => {
      const minute = Math.min(Math.floor((Date.now() - soakStart) / 60_000), totalMinutes - 1);
      while (windows.length <= minute) {
        closeMinute();
        windows.push(new Window(soakStart + windows.length * 60_000));
      }
      return windows.at(-1) as Window;
    };
    await drive(
      servers,
      world,
      { seconds: Math.round(minutes * 60), overallRate: target },
      (s, ms) => {
        current().add(s, ms);
        totals.requests += 1;
        if (s < 200 || s >= 300) totals.non2xx += 1;
        if (s >= 500) totals.server5xx += 1;
      },
      () => {
        current().errors += 1;
        totals.errors += 1;
      },
    );
    clearInterval(sampler);
    const soakMs = Date.now() - soakStart;
    closeMinute();
    const full = windows;

    // Verdicts.
    const failures: string[] = [];
    log('');
    log(
      `total: ${totals.requests} answers, non-2xx ${totals.non2xx}, 5xx ${totals.server5xx}, no answer ${totals.errors}`,
    );
    if (totals.server5xx > 0) failures.push(`${totals.server5xx} answers were 5xx`);
    if (totals.errors > 0) failures.push(`${totals.errors} requests got no answer (timeout or connection error)`);
    const unhandled = servers.flatMap((s) => s.output).filter((line) => line.includes('"level":50'));
    if (unhandled.length > 0) failures.push(`the servers logged ${unhandled.length} errors`);
    if (soakMs >= 90_000) {
      const warmUp = medianRss(30_000, 60_000);
      const atEnd = medianRss(soakMs - 30_000, soakMs + 1);
      servers.forEach((_, i) => {
        const warm = warmUp[i] as number;
        const end = atEnd[i] as number;
        const growth = ((end - warm) / warm) * 100;
        log(
          `RSS of process ${'AB'[i]}: ${fmt(warm, 1)} MB after warm-up (end of minute 1), ${fmt(end, 1)} MB at the end: ` +
            `${growth >= 0 ? '+' : ''}${fmt(growth, 1)}% (limit +10%)`,
        );
        if (growth >= 10) failures.push(`RSS of process ${'AB'[i]} grew ${fmt(growth, 1)}% after warm-up`);
      });
    } else log('RSS growth: needs a run of at least 1.5 minutes');
    if (full.length >= 2) {
      const second = (full[1] as Window).percentile(99);
      const last = (full.at(-1) as Window).percentile(99);
      log(
        `p99: minute 2 ${fmt(second, 1)} ms, last minute ${fmt(last, 1)} ms: ratio ${fmt(last / second, 2)} ` +
          `(limit ${p99Ratio})`,
      );
      if (last > second * p99Ratio) failures.push(`p99 rose from ${fmt(second, 1)} to ${fmt(last, 1)} ms`);
    } else log('p99 steadiness: needs at least 2 minutes');
    if (unhandled.length > 0) log(`server errors, first: ${unhandled[0]?.slice(0, 500)}`);
    log(failures.length === 0 ? 'PASS' : `FAIL: ${failures.join('; ')}`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`soak failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
