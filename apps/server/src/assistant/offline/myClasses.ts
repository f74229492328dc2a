import type { AssistantContext } from '../provider.js';
import { classLine, link } from './format.js';

// "What are my classes?": the classes the asker is enrolled in and the ones they teach.

export function myClasses(context: AssistantContext): string {
  const { enrolled, created } = context;
  if (enrolled.length === 0 && created.length === 0) {
    return `You are not in any classes yet. Browse ${link('Classes', '/classes')}, or ask me "What should I learn next?".`;
  }
  const sections: string[] = [];
  if (enrolled.length > 0) sections.push(`You are enrolled in:\n${enrolled.map((c) => classLine(c)).join('\n')}`);
  if (created.length > 0) sections.push(`You teach:\n${created.map((c) => classLine(c)).join('\n')}`);
  return sections.join('\n\n');
}
