// Adds up the JSON reports vitest wrote in each package (test-results/vitest.json), the docs check's
// (test-results/docs.json) and Playwright's (e2e/test-results/playwright.json) into one closing line,
// "N passed, N failed, N skipped", so a reader (or CI) sees the whole suite's count at once.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const packages = ['packages/contract', 'packages/ui', 'apps/server', 'apps/web', 'apps/desktop'];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const pkg of packages) {
  const file = path.join(root, pkg, 'test-results', 'vitest.json');
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${pkg}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
// The docs check (scripts/docs.test.mjs, run by node --test; scripts/count-reporter.mjs writes this).
const docsReport = path.join(root, 'test-results', 'docs.json');
if (existsSync(docsReport)) {
  const report = JSON.parse(readFileSync(docsReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests;
  console.log(`docs: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
// The Playwright journeys (e2e/run.mjs writes this report; absent when Chromium is missing here).
const e2eReport = path.join(root, 'e2e', 'test-results', 'playwright.json');
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  const p = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const f = stats.unexpected ?? 0;
  passed += p;
  failed += f;
  skipped += stats.skipped ?? 0;
  console.log(`e2e: ${p} passed, ${f} failed`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
