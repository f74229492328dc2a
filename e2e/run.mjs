// `pnpm test` in e2e/: the Playwright journeys, or one line saying why they cannot run here.
// Writes test-results/playwright.json (Playwright's JSON report), which the root test summary reads.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = import.meta.dirname;
const root = path.resolve(here, '..');
const report = path.join(here, 'test-results', 'playwright.json');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// A report from an earlier run must not be counted as this run's.
rmSync(report, { force: true });

if (!existsSync(chromium)) {
  // CI installs Chromium (.ci/run): there, a missing browser is a failure, not a reason to skip.
  const verdict = process.env.CI ? 'failed' : 'skipped';
  console.log(
    `e2e: ${verdict}, no Chromium at ${chromium} (install it with "apt-get install -y chromium" or set CHROMIUM_PATH)`,
  );
  process.exit(process.env.CI ? 1 : 0);
}

// Always build: journeys against a stale build would prove nothing about the code being tested.
const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const run = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], { cwd: here, stdio: 'inherit' });
process.exit(run.status ?? 1);
