// Upload memory (issue #26): how much a server process's resident memory grows while it takes a class
// material near MATERIAL_MAX_MB and while it refuses one past it, sampled from /proc every 10 ms. An
// upload held whole in memory would grow the process by at least its size; streamed, it should not.
//
// 1. Starts the built server (apps/server/dist/main.js, production) on a database of its own
//    (mentora_upload_<pid> on PostgreSQL, dropped at the end) and a temporary DATA_DIR (STORAGE=fs).
// 2. Makes a verified mentor and a class through the API.
// 3. For each size: RSS before, peak RSS while the upload is sent and answered, the answer.
// 4. Profile pictures (issue #35): the 1 KB PNGs that enlarged to gigapixels (100000x10, 2000000x20),
//    too many pixels, a large but fine picture, and a burst of them at once; for each, the answer, how
//    long it took, RSS, and the slowest /api/health asked every 20 ms meanwhile.
//
// Run from the repository root, after `pnpm build`, with PostgreSQL running (Linux: /proc):
//   pnpm bench:upload                      (45 MB taken, 60 MB refused, then the pictures)
// Options: --sizes 45,60 (MB), --burst 12 (pictures sent at once), --database (admin URL, default
// $UPLOAD_DATABASE_URL or the local postgres).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { blankPng } from '../../apps/server/test/factories/pictures.js';
import { BENCH_SERVER_ENV, startBenchServer } from '../server.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '45,60' },
    burst: { type: 'string', default: '12' },
    database: {
      type: 'string',
      default: process.env.UPLOAD_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const sizes = values.sizes.split(',').map(Number);
if (sizes.some((mb) => !Number.isFinite(mb) || mb <= 0)) throw new Error('--sizes must be positive numbers of MB');

const MB = 1024 * 1024;
const log = (line: string) => process.stdout.write(`${line}\n`);
const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

/** A multipart body of one PDF-looking file of `size` bytes, made as it is sent. */
function pdfUpload(size: number, boundary: string): ReadableStream<Uint8Array> {
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    for (let sent = 9; sent < size; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, size - sent));
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>;
}

async function json(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const dbName = `mentora_upload_${process.pid}`;
const admin = new pg.Client({ connectionString: values.database });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-upload-bench-'));
const databaseUrl = new URL(values.database);
databaseUrl.pathname = `/${dbName}`;
const ADMIN = { email: 'bench-admin@example.test', password: 'bench admin password' };
const server = await startBenchServer({
  env: {
    ...BENCH_SERVER_ENV,
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET: 'upload-bench-secret-upload-bench-secret-0123',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
});
try {
  const base = server.baseUrl;
  const pid = server.child.pid as number;
  const adminToken = String((await json(base, 'POST', '/api/auth/login', ADMIN)).body.token);
  const mentor = await json(base, 'POST', '/api/auth/register', {
    name: 'Bench Mentor',
    email: 'bench-mentor@example.test',
    password: 'bench mentor password',
    role: 'mentor',
  });
  await json(base, 'PUT', `/api/admin/verify-mentor/${mentor.body._id}`, undefined, adminToken);
  const token = String(mentor.body.token);
  log(`Server ${pid}: resident memory at rest ${(rss(pid) / MB).toFixed(1)} MB (MATERIAL_MAX_MB 50)`);
  log('| upload | answer | RSS before MB | peak RSS MB | growth MB | seconds |');
  log('|---:|---:|---:|---:|---:|---:|');
  for (const mb of sizes) {
    const cls = await json(
      base,
      'POST',
      '/api/classes',
      {
        title: `Upload bench ${mb}`,
        description: 'Files',
        category: 'programming',
        contentType: 'uploadable',
        contentUrl: '',
        price: 0,
        isPaid: false,
        tags: [],
      },
      token,
    );
    const before = rss(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss(pid));
    }, 10);
    const started = performance.now();
    const boundary = 'mentora-upload-bench';
    const res = await fetch(`${base}/api/classes/${cls.body._id}/materials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: pdfUpload(mb * MB, boundary),
      duplex: 'half',
    } as RequestInit);
    await res.arrayBuffer();
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    log(
      `| ${mb} MB | ${res.status} | ${(before / MB).toFixed(1)} | ${(peak / MB).toFixed(1)} | ${((peak - before) / MB).toFixed(1)} | ${seconds.toFixed(1)} |`,
    );
  }

  // Profile pictures: each by a user of its own (the per-user limit is off in benchmarks).
  let people = 0;
  const person = async () => {
    people += 1;
    const who = await json(base, 'POST', '/api/auth/register', {
      name: `Bench Learner ${people}`,
      email: `bench-learner-${people}@example.test`,
      password: 'bench learner password',
    });
    return String(who.body.token);
  };
  const sendPicture = async (png: Buffer, who: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${base}/api/auth/profile/picture`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${who}` },
      body: form,
    });
    const body = (await res.json()) as { message?: string };
    return { status: res.status, message: body.message };
  };
  /** Runs `work` while sampling RSS every 10 ms and asking /api/health every 20 ms. */
  const measure = async <T>(work: () => Promise<T>) => {
    const before = rss(pid);
    let peak = before;
    let slowestHealth = 0;
    let healthAnswers = 0;
    let running = true;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss(pid));
    }, 10);
    const health = (async () => {
      while (running) {
        const asked = performance.now();
        await (await fetch(`${base}/api/health`)).arrayBuffer();
        slowestHealth = Math.max(slowestHealth, performance.now() - asked);
        healthAnswers += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await health;
    clearInterval(sampler);
    return { result, seconds, before, peak, slowestHealth, healthAnswers };
  };
  const pictures: [string, Buffer][] = [
    ['100000x10 PNG', blankPng(100_000, 10)],
    ['2000000x20 PNG', blankPng(2_000_000, 20)],
    ['7000x7000 PNG (49 MP)', blankPng(7000, 7000)],
    ['6000x6000 PNG (36 MP)', blankPng(6000, 6000)],
    ['1000x50 PNG (20:1)', blankPng(1000, 50)],
  ];
  log('');
  log(`Profile pictures (IMAGE_THREADS 2, IMAGE_QUEUE_MAX 8); resident memory now ${(rss(pid) / MB).toFixed(1)} MB`);
  log('| picture | file KB | answer | seconds | RSS before MB | peak RSS MB | growth MB | slowest /api/health ms |');
  log('|---|---:|---|---:|---:|---:|---:|---:|');
  for (const [name, png] of pictures) {
    const who = await person();
    const m = await measure(() => sendPicture(png, who));
    const answer = `${m.result.status}${m.result.status === 200 ? '' : ` ${m.result.message}`}`;
    log(
      `| ${name} | ${(png.length / 1024).toFixed(1)} | ${answer} | ${m.seconds.toFixed(2)} | ${(m.before / MB).toFixed(1)} | ${(m.peak / MB).toFixed(1)} | ${((m.peak - m.before) / MB).toFixed(1)} | ${m.slowestHealth.toFixed(0)} |`,
    );
  }
  const burst = Number(values.burst);
  const tokens = await Promise.all(Array.from({ length: burst }, person));
  const big = blankPng(6000, 6000);
  const m = await measure(() => Promise.all(tokens.map((who) => sendPicture(big, who))));
  const statuses = new Map<number, number>();
  for (const { status } of m.result) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const answers = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
  log(
    `| ${burst} × 6000x6000 at once | ${(big.length / 1024).toFixed(1)} each | ${answers} | ${m.seconds.toFixed(2)} | ${(m.before / MB).toFixed(1)} | ${(m.peak / MB).toFixed(1)} | ${((m.peak - m.before) / MB).toFixed(1)} | ${m.slowestHealth.toFixed(0)} |`,
  );
  log(`Resident memory at the end: ${(rss(pid) / MB).toFixed(1)} MB`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
