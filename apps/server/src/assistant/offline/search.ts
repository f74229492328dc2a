import { classLink } from '../context.js';
import { findHelpTopic } from '../help.js';
import type { AssistantContext, ClassBrief } from '../provider.js';
import { classLine, link, plain } from './format.js';
import { capabilities } from './greeting.js';
import { howTo } from './howTo.js';

// "Which classes teach X?" and plain keywords: the classes, discussions and community posts the
// question's words matched (context.matches), and a plain "nothing found" when there are none.

function nothingFound(context: AssistantContext): string {
  const about =
    context.terms.length > 0
      ? `I could not find anything on Mentora about "${context.terms.join(' ')}".`
      : 'I am not sure what you are asking, and I found nothing on Mentora to go on.';
  return `${about} I am Mentora's built-in assistant: I answer from the classes, discussions and posts on Mentora, so I cannot answer general questions.\n\n${capabilities()}`;
}

function membershipNote(context: AssistantContext, cls: ClassBrief): string {
  if (context.created.some((c) => c.id === cls.id)) return ' (your class)';
  if (context.enrolled.some((c) => c.id === cls.id)) return ' (you are enrolled)';
  return '';
}

/** The matched discussions and posts, as sections; empty when there are none. */
function otherMatches(context: AssistantContext): string[] {
  const sections: string[] = [];
  const { discussions: found, posts } = context.matches;
  if (found.length > 0) {
    sections.push(
      `Discussions in your classes:\n${found
        .map(
          (d) => `- ${link(d.title, d.link)} in ${link(d.classTitle, classLink(d.classId))}, by ${plain(d.authorName)}`,
        )
        .join('\n')}`,
    );
  }
  if (posts.length > 0) {
    sections.push(
      `Community posts:\n${posts.map((p) => `- ${link(p.title, p.link)} (${p.category}), by ${plain(p.authorName)}`).join('\n')}`,
    );
  }
  return sections;
}

export function findClasses(context: AssistantContext): string {
  if (context.terms.length === 0) {
    return `Which topic are you interested in? Ask me for example "Which classes teach SQL?", or browse ${link('Classes', '/classes')}.`;
  }
  const found = context.matches.classes;
  const others = otherMatches(context);
  if (found.length === 0 && others.length === 0) return nothingFound(context);
  const sections =
    found.length > 0
      ? [
          `Classes about "${context.terms.join(' ')}", best match first:\n${found.map((c) => classLine(c, membershipNote(context, c))).join('\n')}`,
        ]
      : [`I found no class about "${context.terms.join(' ')}", but these may help.`];
  return [...sections, ...others].join('\n\n');
}

export function search(context: AssistantContext, message: string): string {
  const found = context.matches.classes;
  const others = otherMatches(context);
  if (found.length === 0 && others.length === 0) {
    const help = findHelpTopic(message);
    return help ? howTo(help.topic, context) : nothingFound(context);
  }
  const sections = [`Here is what I found on Mentora for "${context.terms.join(' ')}".`];
  if (found.length > 0) {
    sections.push(`Classes:\n${found.map((c) => classLine(c, membershipNote(context, c))).join('\n')}`);
  }
  return [...sections, ...others].join('\n\n');
}
