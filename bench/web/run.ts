// What the web app costs a browser: the gzip size of the JavaScript each route loads before its first
// paint (from the build's manifest: the entry index.html loads and
// what it imports statically, plus the route's page chunk and its imports), and after it on signed-in
// pages (the signed-in shell's parts loaded once the page has: bell, live updates, assistant, with the
// contract's schemas), and Lighthouse 12 (mobile and desktop,
// performance and accessibility) for /, /login, /classes, /community and /discussions/{id}, served by
// the built server on a seeded PostgreSQL database. Signed-in pages run in a browser that holds the
// seeded learner's token in localStorage, as the app keeps it after signing in; the HTTP cache is
// cleared before each run. Targets: performance at least 95, accessibility 100.
//
// Run from the repository root after seeding (bench/seed/seed.ts):
//   pnpm bench:web                              (builds the web app into /tmp/mentora-bench-web)
//   pnpm bench:web --profile small --no-build --only /login --form mobile
//   pnpm bench:web --sizes-only
//   pnpm bench:web --server-main /elsewhere/apps/server/dist/main.js   (another server build)
//   pnpm bench:web --no-build --runs 5 --form mobile   (5 rounds over the pages; each page's median run)
// Reports are saved as JSON in --reports (default /tmp/mentora-bench-web-reports) for their details.

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  benchLearner,
  DEFAULT_SERVER_URL,
  PROFILES,
  type ProfileName,
  SEED_PASSWORD,
  seedId,
} from '../seed/profiles.js';
import { BENCH_JWT_SECRET, BENCH_SERVER_ENV, type BenchServer, benchDatabaseUrl, startBenchServer } from '../server.js';

// puppeteer-core comes with Lighthouse (which drives Chrome through it): we use that copy to prepare
// the signed-in page Lighthouse then audits.
const requireFromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
// The little of its API used here (its types are not reachable from this package).
interface BrowserPage {
  goto(url: string): Promise<unknown>;
  evaluate(fn: (key: string, value: string) => void, key: string, value: string): Promise<unknown>;
  createCDPSession(): Promise<{ send(method: string): Promise<unknown>; detach(): Promise<void> }>;
  close(): Promise<void>;
}
interface Browser {
  newPage(): Promise<BrowserPage>;
  close(): Promise<void>;
}
const puppeteer = requireFromLighthouse('puppeteer-core') as {
  launch(options: { executablePath: string; args: string[]; headless: boolean }): Promise<Browser>;
};
type LighthousePage = Parameters<typeof lighthouse>[3];

const root = path.resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  // `pnpm bench:x -- --flag` passes the `--` on: it is not an argument.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    dist: { type: 'string', default: '/tmp/mentora-bench-web' },
    'no-build': { type: 'boolean', default: false },
    'sizes-only': { type: 'boolean', default: false },
    profile: { type: 'string', default: 'large' },
    server: { type: 'string', default: DEFAULT_SERVER_URL },
    only: { type: 'string' },
    form: { type: 'string', default: 'mobile,desktop' },
    // Lighthouse runs per page and form, taken in rounds over all of them (so drift in the host's speed
    // falls on every page alike); the run with the median performance score is reported.
    runs: { type: 'string', default: '1' },
    reports: { type: 'string', default: '/tmp/mentora-bench-web-reports' },
    // Another server build than the repository's (e.g. one per worktree, or while the server is being changed).
    'server-main': { type: 'string', default: path.join(root, 'apps', 'server', 'dist', 'main.js') },
  },
});
if (values.profile !== 'large' && values.profile !== 'small') throw new Error('--profile must be large or small');
const profile: ProfileName = values.profile;
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number from 1');
const dist = path.resolve(values.dist);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// TOOLCHAIN.md: headless Chromium on this machine, without the background traffic that skews timings.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
  '--metrics-recording-only',
  '--mute-audio',
];

interface Route {
  path: string;
  /** The page component's module in the manifest (undefined: in the entry itself). */
  page?: string;
  signedIn: boolean;
}

const ROUTES: Route[] = [
  { path: '/', signedIn: false },
  { path: '/login', page: 'pages/auth/LoginPage.tsx', signedIn: false },
  { path: '/classes', page: 'pages/classes/ClassesPage.tsx', signedIn: true },
  { path: '/community', page: 'pages/community/CommunityPage.tsx', signedIn: true },
  {
    path: `/discussions/${seedId('discussion', 1)}`,
    page: 'pages/discussions/DiscussionDetailPage.tsx',
    signedIn: true,
  },
];
/** What the signed-in layout loads on every page once the page has loaded (bell, live updates, assistant). */
const SIGNED_IN_SHELL = ['layout/NotificationBell.tsx', 'live/LiveUpdates.tsx', 'assistant/Assistant.tsx'];

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${code}`))));
  });
}

// ---------- sizes ----------

interface ManifestChunk {
  file: string;
  imports?: string[];
  /** index.html's own entry. */
  isEntry?: boolean;
}

interface RouteSize {
  route: string;
  /** Before the first paint: JS files, and their gzip size. */
  files: number;
  kb: number;
  /** Loaded after it (the signed-in shell's deferred parts), beyond the above. */
  laterFiles: number;
  laterKb: number;
}

function routeSizes(): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const keyOf = (suffix: string) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(`/src/${suffix}`));
    if (!key) throw new Error(`${suffix} is not in the build manifest`);
    return key;
  };
  /** A chunk's file and every file it imports statically, transitively. */
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  const gz = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gz.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
      gz.set(file, size);
    }
    return size;
  };
  const scripts = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js'));
  const kb = (files: string[]) => files.reduce((sum, f) => sum + sizeOf(f), 0) / 1024;
  return ROUTES.map((route) => {
    const first = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, first);
    if (route.page) closure(keyOf(route.page), first);
    const all = new Set(first);
    if (route.signedIn) for (const part of SIGNED_IN_SHELL) closure(keyOf(part), all);
    const later = scripts(all).filter((f) => !first.has(f));
    return {
      route: route.path.startsWith('/discussions/') ? '/discussions/{id}' : route.path,
      files: scripts(first).length,
      kb: kb(scripts(first)),
      laterFiles: later.length,
      laterKb: kb(later),
    };
  });
}

// ---------- Lighthouse ----------

/** The built server on the profile's database, serving the web build under test; its output shown. */
function startServer(): Promise<BenchServer> {
  return startBenchServer({
    main: path.resolve(values['server-main']),
    env: {
      ...BENCH_SERVER_ENV,
      JWT_SECRET: BENCH_JWT_SECRET,
      DATABASE_URL: benchDatabaseUrl(values.server, profile),
      WEB_DIST_DIR: dist,
    },
    onLine: (line) => process.stderr.write(`${line}\n`),
  });
}

interface Score {
  route: string;
  form: string;
  performance: number;
  accessibility: number;
  metrics: string;
  /** Lighthouse's measure of the host CPU's speed during the run (higher is faster). */
  benchmarkIndex: number;
  /** The performance scores of every run of this page and form ("74" for one run, "72–78" for several). */
  range: string;
  misses: string[];
}

/** The audits that cost points: failing accessibility checks and the performance opportunities. */
function misses(lhr: import('lighthouse').Result): string[] {
  const out: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit && ref.weight > 0 && audit.score !== null && audit.score < 1) out.push(`a11y: ${audit.title}`);
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    // Lighthouse 13 turned most opportunities into "insights" (a group of their own); the rest still
    // carry opportunity details.
    if (ref.group === 'metrics' || ref.group === 'insights' || audit.details?.type === 'opportunity') {
      out.push(`perf: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  return out;
}

async function lighthouseRuns(baseUrl: string): Promise<Score[]> {
  const learner = benchLearner(PROFILES[profile]);
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: learner.email, password: SEED_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };

  mkdirSync(values.reports, { recursive: true });
  const forms = values.form.split(',');
  const only = values.only ? new Set(values.only.split(',')) : undefined;
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS, headless: true });
  const audits = ROUTES.flatMap((route) => {
    const label = route.path.startsWith('/discussions/') ? '/discussions/{id}' : route.path;
    if (only && !only.has(label) && !only.has(route.path)) return [];
    return forms.map((form) => ({ route, label, form, results: [] as Score[] }));
  });
  /** One cold Lighthouse run of a page, signed in or out as the page needs. */
  const auditOnce = async (route: Route, form: string) => {
    const page = await browser.newPage();
    // Sign in (or out) the way the app does: its token in localStorage. Lighthouse is told not to
    // reset storage, so the HTTP cache is cleared here instead: every run is a cold load.
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(
      (key, value) => (value ? window.localStorage.setItem(key, value) : window.localStorage.removeItem(key)),
      'token',
      route.signedIn ? token : '',
    );
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const flags: Flags = {
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
      output: 'json',
      logLevel: 'error',
    };
    const result = await lighthouse(
      `${baseUrl}${route.path}`,
      flags,
      form === 'desktop' ? desktopConfig : undefined,
      page as unknown as LighthousePage,
    );
    await page.close();
    if (!result) throw new Error(`Lighthouse returned nothing for ${route.path}`);
    return result.lhr;
  };
  try {
    for (let round = 1; round <= runs; round++) {
      for (const audit of audits) {
        const { route, label, form } = audit;
        // A run whose trace Lighthouse could not read (NO_NAVSTART, seen here now and then) has no score:
        // it is run again rather than counted as 0.
        let lhr = await auditOnce(route, form);
        for (let attempt = 2; lhr.runtimeError && attempt <= 3; attempt++) {
          console.log(`  ${label} ${form}: Lighthouse failed (${lhr.runtimeError.code}), running it again`);
          lhr = await auditOnce(route, form);
        }
        if (lhr.runtimeError)
          throw new Error(`Lighthouse failed three times on ${route.path}: ${lhr.runtimeError.message}`);
        const slug = `${label.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '') || 'landing'}-${form}`;
        writeFileSync(
          path.join(values.reports, runs > 1 ? `${slug}-${round}.json` : `${slug}.json`),
          JSON.stringify(lhr),
        );
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
        const score: Score = {
          route: label,
          form,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          range: '',
          misses: misses(lhr),
        };
        if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(route.path)) {
          score.misses.unshift(`landed on ${new URL(lhr.finalDisplayedUrl).pathname} instead`);
        }
        audit.results.push(score);
        const of = runs > 1 ? ` (run ${round} of ${runs})` : '';
        console.log(`  ${label} ${form}${of}: performance ${score.performance}, accessibility ${score.accessibility}`);
      }
    }
  } finally {
    await browser.close();
  }
  return audits.map(({ results }) => medianRun(results));
}

/** The run with the median performance score (the lower middle one of an even number), with the range of all. */
function medianRun(results: Score[]): Score {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run to report');
  const low = sorted[0]?.performance;
  const high = sorted[sorted.length - 1]?.performance;
  return { ...median, range: low === high ? `${low}` : `${low}–${high}` };
}

async function main(): Promise<void> {
  if (!values['no-build']) {
    await run('pnpm', [
      '--filter',
      '@mentora/web',
      'exec',
      'vite',
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--manifest',
    ]);
  }
  const sizes = routeSizes();
  console.log('\nJavaScript per route (gzip -9)');
  console.log('| route | JS files before first paint | JS gzipped before first paint | after it (files, gzipped) |');
  console.log('|---|---:|---:|---:|');
  for (const s of sizes) {
    const later = s.laterFiles > 0 ? `${s.laterFiles}, ${s.laterKb.toFixed(1)} KB` : '-';
    console.log(`| ${s.route} | ${s.files} | ${s.kb.toFixed(1)} KB | ${later} |`);
  }
  if (values['sizes-only']) return;

  const server = await startServer();
  let scores: Score[] = [];
  try {
    scores = await lighthouseRuns(server.baseUrl);
  } finally {
    await server.stop();
  }
  const each = runs > 1 ? `; the median of ${runs} runs, its metrics, and every run's score` : '';
  console.log(`\nLighthouse 12 (${profile} profile database; reports in ${values.reports}${each})`);
  console.log(
    `| route | form | performance |${runs > 1 ? ' all runs |' : ''} accessibility | metrics | host benchmarkIndex |`,
  );
  console.log(`|---|---|---:|${runs > 1 ? '---:|' : ''}---:|---|---:|`);
  for (const s of scores)
    console.log(
      `| ${s.route} | ${s.form} | ${s.performance} |${runs > 1 ? ` ${s.range} |` : ''} ${s.accessibility} | ${s.metrics} | ${s.benchmarkIndex} |`,
    );
  // Mobile runs simulate a CPU 4x slower than the host's: when the host is slow, so is the simulated phone.
  console.log(
    '\nbenchmarkIndex is how fast Lighthouse found this machine at each run; mobile scores assume a phone 4x slower than it, so they fall when the host is slow or busy.',
  );
  const missed = scores.filter((s) => s.performance < 95 || s.accessibility < 100);
  console.log(missed.length === 0 ? '\nEvery page meets its targets.' : '\nBelow target, and why:');
  for (const s of missed) console.log(`  ${s.route} ${s.form}: ${s.misses.join('; ') || '(no single audit failed)'}`);
}

await main();
