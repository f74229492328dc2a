import type { AssistantContext } from '../provider.js';
import { plain, WHITESPACE_RUN } from './format.js';

// Who the assistant is and what it can do: the answer to "hi" and "what can you do?", and the list
// that follows whenever it has nothing better to say.

const CAPABILITY_LINES = [
  '- Find classes on a topic: "Which classes teach SQL?"',
  '- Suggest what to learn next from your classes and ratings: "What should I learn next?"',
  '- Catch you up on your classes: "What\'s new in my classes?"',
  '- List your classes: "What are my classes?"',
  '- Tell you when your sessions are: "When is my next session?" or "What\'s on this week?"',
  '- Explain how to use Mentora: "How do I start a discussion?" (enrolling, discussions, reviews, verification, creating, editing and scheduling a class, live sessions, calendars, community posts, theme, password, profile)',
  '- Search the discussions of your classes and the community posts: type a few keywords.',
];

export const capabilities = () => `Here is what I can do:\n${CAPABILITY_LINES.join('\n')}`;

export function greet(context: AssistantContext): string {
  const first = context.asker.name.split(WHITESPACE_RUN)[0] ?? context.asker.name;
  return `Hello ${plain(first)}! I am Mentora's built-in assistant. I answer from what is on Mentora right now.\n\n${capabilities()}`;
}
