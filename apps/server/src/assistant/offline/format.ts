import type { ClassBrief } from '../provider.js';

// The Markdown that every answer is written in: what people wrote, shown as text, and the one line a
// class is listed with.

export const WHITESPACE_RUN = /\s+/g;
export const MARKDOWN_BRACKET = /([[\]\\])/g;

/**
 * What people wrote (names, titles, excerpts) as Markdown that reads as exactly that text: on one line,
 * with brackets and backslashes escaped, so it can never become a link, a list or a paragraph of its
 * own. A name like "[Free prize](https://evil.example)" is shown as typed, not as a link.
 */
export const plain = (text: string) => text.replace(WHITESPACE_RUN, ' ').replace(MARKDOWN_BRACKET, '\\$1');

/** A Markdown link to an app path, its text what people wrote (see plain). */
export const link = (title: string, path: string) => `[${plain(title)}](${path})`;

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ratingText(cls: ClassBrief): string {
  if (cls.rating === null) return 'no reviews yet';
  return `rated ${cls.rating.toFixed(1)} from ${plural(cls.reviewCount, 'review', 'reviews')}`;
}

export const classLine = (cls: ClassBrief, note = '') =>
  `- ${link(cls.title, cls.link)}: ${cls.category}, by ${plain(cls.mentorName)}, ${ratingText(cls)}, ${cls.studentCount} enrolled${note}`;
