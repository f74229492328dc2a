import type { HelpTopic } from '../help.js';
import type { AssistantContext } from '../provider.js';
import { link } from './format.js';

// "How do I ...?": the steps of the help topic, a link to the page where they are done, and the class
// when the question named one.

export const NOT_WORD_RUN = /[^\p{L}\p{N}]+/u;
const CLASS_TOPICS = new Set(['enrol', 'unenrol', 'review', 'join-live', 'start-live']);

export function howTo(topic: HelpTopic, context: AssistantContext): string {
  const lines = [`${topic.title}:`, ...topic.steps.map((step, i) => `${i + 1}. ${step}`)];
  lines.push('', `Go to ${link(topic.link.label, topic.link.path)}.`);
  // "How do I enrol in SQL for Analysts?": point at the class when its title was named.
  const named = context.matches.classes.find((cls) =>
    context.terms.some((term) => cls.title.toLowerCase().split(NOT_WORD_RUN).includes(term)),
  );
  if (named && CLASS_TOPICS.has(topic.id)) lines.push(`The class you named: ${link(named.title, named.link)}.`);
  return lines.join('\n');
}
