// A node --test reporter that writes only the counts to test-results/docs.json, in the shape of vitest's
// JSON report ({numPassedTests, numFailedTests, numPendingTests}), so scripts/test-summary.mjs adds them
// up with the rest. It prints nothing: run it beside the spec reporter.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const report = path.resolve(import.meta.dirname, '..', 'test-results', 'docs.json');

export default async function* countReporter(source) {
  const counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) counts.numPendingTests++;
    else if (event.type === 'test:pass') counts.numPassedTests++;
    else counts.numFailedTests++;
  }
  mkdirSync(path.dirname(report), { recursive: true });
  writeFileSync(report, `${JSON.stringify(counts)}\n`);
  yield '';
}
