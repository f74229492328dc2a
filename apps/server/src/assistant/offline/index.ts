import type { Queryable } from '../../db/client.js';
import { findHelpTopic } from '../help.js';
import type { AssistantProvider, AssistantQuestion } from '../provider.js';
import { MARKDOWN_BRACKET, WHITESPACE_RUN } from './format.js';
import { greet } from './greeting.js';
import { howTo, NOT_WORD_RUN } from './howTo.js';
import { detectIntent, INTENT_PATTERNS, type Intent } from './intents.js';
import { myClasses } from './myClasses.js';
import { recommend } from './recommend.js';
import { schedule } from './schedule.js';
import { findClasses, search } from './search.js';
import { whatsNew } from './whatsNew.js';

// The assistant that needs no network. It recognises a few kinds of question with plain patterns,
// answers from the platform's own data (the context every question gets, plus a few queries of its
// own), names and links everything it used, and says plainly when it has nothing. It is a search and
// help tool, and says so: it never presents itself as a language model.

type Answer = (db: Queryable, question: AssistantQuestion) => string | Promise<string>;

/** The answer to each kind of question (intents.ts tells which kind a message is). */
const ANSWERS: Record<Intent, Answer> = {
  greeting: (_db, { context }) => greet(context),
  howTo: (_db, { context, message }) => {
    const help = findHelpTopic(message);
    return help ? howTo(help.topic, context) : search(context, message);
  },
  whatsNew: (db, { context }) => whatsNew(db, context),
  schedule: (_db, { context }) => schedule(context),
  recommend: (db, { context }) => recommend(db, context),
  myClasses: (_db, { context }) => myClasses(context),
  findClasses: (_db, { context }) => findClasses(context),
  search: (_db, { context, message }) => search(context, message),
};

export async function offlineAnswer(db: Queryable, question: AssistantQuestion): Promise<string> {
  return ANSWERS[detectIntent(question.message)](db, question);
}

/** Splits an answer into lines, each keeping its line break, so the pieces join back to the answer. */
export function pieces(answer: string): string[] {
  const lines: string[] = [];
  for (let start = 0; start < answer.length; ) {
    const end = answer.indexOf('\n', start);
    const next = end === -1 ? answer.length : end + 1;
    lines.push(answer.slice(start, next));
    start = next;
  }
  return lines;
}

export function createOfflineAssistant(db: Queryable): AssistantProvider {
  return {
    name: 'offline',
    answer: (question) => offlineAnswer(db, question),
    async *stream(question, signal) {
      const answer = await offlineAnswer(db, question);
      for (const piece of pieces(answer)) {
        if (signal?.aborted) return;
        yield piece;
      }
    },
  };
}

/** Every pattern the offline assistant runs on user text, for the ReDoS sweep (regexSafety.test.ts). */
export const OFFLINE_PATTERNS: Readonly<Record<string, RegExp>> = {
  ...INTENT_PATTERNS,
  WHITESPACE_RUN,
  MARKDOWN_BRACKET,
  NOT_WORD_RUN,
};
