import { NAME_PATTERNS } from '@mentora/contract';
import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { MARKDOWN_PATTERNS } from '../../../../packages/ui/src/assistant/markdown.js';
import { CONTEXT_PATTERNS } from '../assistant/context.js';
import { HELP_PATTERNS } from '../assistant/help.js';
import { OFFLINE_PATTERNS } from '../assistant/offline/index.js';
import { SECRET_PATH_PATTERNS } from '../http/requestLog.js';
import { USERNAME_PATTERNS } from '../users/usernames.js';
import { MODERATION_PATTERNS } from './moderation.js';
import { SENTIMENT_PATTERNS } from './sentiment.js';

// Every pattern the server runs on text people wrote (and the UI's Markdown parser, which reads the
// assistant's answers quoting that text) must take time linear in the text: one post must not hold the
// event loop that answers everyone. Two checks: recheck's analysis of each pattern, and a stopwatch on
// long inputs shaped to make a backtracking pattern reread what it has read.

const SWEPT: Record<string, Readonly<Record<string, RegExp>>> = {
  moderation: MODERATION_PATTERNS,
  sentiment: SENTIMENT_PATTERNS,
  offline: OFFLINE_PATTERNS,
  help: HELP_PATTERNS,
  context: CONTEXT_PATTERNS,
  usernames: USERNAME_PATTERNS,
  names: NAME_PATTERNS,
  requestLog: SECRET_PATH_PATTERNS,
  markdown: MARKDOWN_PATTERNS,
};

const PATTERNS = Object.entries(SWEPT).flatMap(([module, patterns]) =>
  Object.entries(patterns).map(([name, pattern]) => [`${module} ${name}`, pattern] as const),
);

describe('patterns applied to user text', () => {
  it('are all swept (a module that adds one exports it here)', () => {
    expect(PATTERNS.length).toBeGreaterThan(50);
  });

  it.each(PATTERNS)(
    '%s is judged safe from ReDoS by recheck',
    (_name, pattern) => {
      // A fixed seed and recheck's step limits rather than a clock: the same verdict on a busy machine as
      // on an idle one (with a clock, a busy machine made it answer 'unknown').
      const diagnostics = checkSync(pattern.source, pattern.flags, {
        randomSeed: 0,
        attackTimeout: null,
        timeout: null,
      });
      expect(diagnostics.status === 'vulnerable' ? diagnostics.attack.pattern : diagnostics.status).toBe('safe');
    },
    180_000,
  );

  // Runs of one character and repeats of the patterns' own pieces, each ended by a character that makes
  // the match fail last, where a backtracking engine has the most to retry.
  const LENGTH = 50_000;
  const PIECES = [
    ' ',
    'a',
    '1',
    '@',
    '.',
    '-',
    ':',
    ')',
    '\n',
    "'",
    'a ',
    'a.',
    'a@',
    '1.',
    'a a',
    '. ',
    'you ',
    'i ',
    'we ',
    'are ',
    'you are ',
    'i will ',
    'the ',
    'such a ',
    'a\n',
    'join ',
    'create ',
    'change ',
    'kill ',
    'hi ',
    'aaa',
    'a1',
    '- ',
    '[',
    '\\',
    '\r',
  ];
  const ENDS = ['', '!', 'x', '\u0000', ' you', 'a.b@c'];
  const inputs = PIECES.flatMap((piece) =>
    ENDS.map((end) => piece.repeat(Math.ceil(LENGTH / piece.length)).slice(0, LENGTH) + end),
  );

  it.each(PATTERNS)('%s reads 50,000 adversarial characters in well under a second', (_name, pattern) => {
    // Every match, as replace and matchAll find them, with a fresh lastIndex.
    const everyMatch = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    // The quickest of three reads of each input: a backtracking pattern is slow on every read, while
    // the machine's other work (two test files at once on two cores) only slows some.
    let slowest = 0;
    for (const input of inputs) {
      let quickest = Number.POSITIVE_INFINITY;
      for (let read = 0; read < 3; read++) {
        const start = performance.now();
        for (const _ of input.matchAll(everyMatch));
        quickest = Math.min(quickest, performance.now() - start);
      }
      slowest = Math.max(slowest, quickest);
    }
    expect(slowest).toBeLessThan(250);
  });
});
