// Accuracy of our sentiment analyser against three off-the-shelf lexicon analysers on the labelled
// sentence sets in ../shared/data/sentiment (class 1 = positive, 0 = negative). Every analyser is
// scored the same way: a NEUTRAL answer (or a zero score) counts as a miss.
// Run from the repository root: pnpm --filter @mentora/bench sentiment

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Sentiment from 'sentiment';
import vader from 'vader-sentiment';
import winkSentiment from 'wink-sentiment';
import { analyseSentiment } from '../../apps/server/src/text/sentiment.js';

type Verdict = 'POSITIVE' | 'NEGATIVE' | 'NEUTRAL';

interface Example {
  text: string;
  class: 0 | 1;
}

interface Analyser {
  name: string;
  classify: (text: string) => Verdict;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const dataDir = process.env.SENTIMENT_DATA_DIR ?? path.resolve(repoRoot, '../shared/data/sentiment');

const bySign = (score: number, band = 0): Verdict =>
  score > band ? 'POSITIVE' : score < -band ? 'NEGATIVE' : 'NEUTRAL';
const plain = new Sentiment();

const analysers: Analyser[] = [
  { name: 'ours', classify: (text) => analyseSentiment(text).label },
  { name: 'sentiment', classify: (text) => bySign(plain.analyze(text).score) },
  // VADER's documented convention: compound within ±0.05 is neutral.
  {
    name: 'vader-sentiment',
    classify: (text) => bySign(vader.SentimentIntensityAnalyzer.polarity_scores(text).compound, 0.05),
  },
  { name: 'wink-sentiment', classify: (text) => bySign(winkSentiment(text).normalizedScore) },
];

/** Labelled rows of one set; rows without a 0/1 class (e.g. a trailing empty row) are counted, not scored. */
function loadSet(file: string): { examples: Example[]; skipped: number } {
  const parsed: unknown = JSON.parse(readFileSync(path.join(dataDir, file), 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected an array of {text, class}`);
  const examples = parsed.filter(
    (row): row is Example =>
      typeof row === 'object' && row !== null && typeof row.text === 'string' && (row.class === 0 || row.class === 1),
  );
  return { examples, skipped: parsed.length - examples.length };
}

interface Tally {
  correct: number;
  neutral: number;
  wrong: number;
}

function score(analyser: Analyser, examples: Example[]): Tally {
  const tally: Tally = { correct: 0, neutral: 0, wrong: 0 };
  for (const example of examples) {
    const verdict = analyser.classify(example.text);
    const expected: Verdict = example.class === 1 ? 'POSITIVE' : 'NEGATIVE';
    if (verdict === 'NEUTRAL') tally.neutral++;
    else if (verdict === expected) tally.correct++;
    else tally.wrong++;
  }
  return tally;
}

function timePerSentence(examples: Example[]): number {
  const rounds = 5;
  for (const example of examples) analyseSentiment(example.text); // warm-up
  const start = performance.now();
  for (let round = 0; round < rounds; round++) for (const example of examples) analyseSentiment(example.text);
  return ((performance.now() - start) * 1000) / (rounds * examples.length);
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
const files = readdirSync(dataDir)
  .filter((file) => file.endsWith('.json'))
  .sort();
if (files.length === 0) throw new Error(`No *.json data sets in ${dataDir}`);

console.log(`Data: ${dataDir}\nAccuracy (NEUTRAL counts as a miss)\n`);
const header = ['set', 'n', ...analysers.map((a) => a.name)];
const rows: string[][] = [];
const details: string[] = [];
for (const file of files) {
  const { examples, skipped } = loadSet(file);
  const positives = examples.filter((e) => e.class === 1).length;
  const name = path.basename(file, '.json');
  const tallies = analysers.map((analyser) => score(analyser, examples));
  rows.push([name, String(examples.length), ...tallies.map((t) => percent(t.correct, examples.length))]);
  details.push(
    `${name}: ${examples.length} sentences (${positives} positive, ${examples.length - positives} negative` +
      `${skipped > 0 ? `, ${skipped} unlabelled row(s) skipped` : ''}); ` +
      `ours ${timePerSentence(examples).toFixed(1)} µs/sentence`,
  );
  analysers.forEach((analyser, index) => {
    const t = tallies[index];
    if (t) details.push(`  ${analyser.name.padEnd(16)} correct ${t.correct}  wrong ${t.wrong}  neutral ${t.neutral}`);
  });
}

const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
console.log(`\n${details.join('\n')}`);

// The longest text a user may write (20,000 characters, API.md): analysed on every such write.
const longest = 'Honestly the pacing was not great, but the examples were very clear :) '.repeat(300).slice(0, 20_000);
const longRounds = 20;
analyseSentiment(longest);
const longStart = performance.now();
for (let round = 0; round < longRounds; round++) analyseSentiment(longest);
console.log(`\n20,000-character text: ours ${((performance.now() - longStart) / longRounds).toFixed(2)} ms`);
