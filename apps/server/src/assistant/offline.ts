import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { classes, discussionReplies, discussions, reviews, users } from '../db/schema.js';
import { notHiddenSql } from '../moderation/visibility.js';
import {
  classLink,
  discussionLink,
  enrolledIn,
  excerpt,
  memberOfClass,
  selectClassBriefs,
  toClassBrief,
} from './context.js';
import { findHelpTopic, type HelpTopic } from './help.js';
import type { AssistantContext, AssistantProvider, AssistantQuestion, ClassBrief, SessionBrief } from './provider.js';
import { dayAndTime, fromNow, timeOfDay, zoneName } from './when.js';

// The assistant that needs no network. It recognises a few kinds of question with plain patterns,
// answers from the platform's own data (the context every question gets, plus a few queries of its
// own), names and links everything it used, and says plainly when it has nothing. It is a search and
// help tool, and says so: it never presents itself as a language model.

export type Intent =
  | 'greeting'
  | 'howTo'
  | 'whatsNew'
  | 'schedule'
  | 'recommend'
  | 'myClasses'
  | 'findClasses'
  | 'search';

// Read on the message with its whitespace trimmed and collapsed to one space (see detectIntent): with
// \s+ and a class holding \s side by side, a run of spaces could be split between them in every way.
const GREETING = /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|help|menu|start|\?)( there)?[ !.?,]*$/;
const CAPABILITIES = /\bwhat (can|do) you (do|know)\b|\bwho are you\b|\bwhat are you\b|\bhow can you help\b/;
const HOW =
  /\bhow (do|can|could|should|would|to)\b|\bwhere (do|can|is|are)\b|\bcan i\b|\bis it possible\b|\bsteps? (to|for)\b|\bi (want|need|would like) to\b|\bhelp me\b/;
const WHATS_NEW =
  /\bwhat'?s (new|happening|going on)\b|\bwhat is (new|happening)\b|\banything new\b|\bnews\b|\b(recent|latest|new) (activity|discussions?|repl(y|ies)|updates?)\b|\bupdates?\b|\bwhat did i miss\b|\bcatch me up\b/;
/** "When is my next session?", "What's on this week?": a question about when, not what. */
const SCHEDULE =
  /\b(next|upcoming|coming|scheduled|planned) (live )?(sessions?|lessons?|lectures?|meetings?)\b|\bwhen('s| is| are| do| does)( my| the| our)? (next |first )?(live )?(session|class|lesson|lecture|meeting)s?\b|\bwhat'?s on\b|\bwhat is on\b|\b(this|next) week\b|\b(my|the) (schedule|calendar|timetable)\b/;
const NEXT =
  /\b(learn|take|study|try|do) next\b|\bwhat should i (learn|take|study|try|do)\b|\brecommend|\bsuggest|\bnext (class|course|step)\b|\bwhat (class|course) should\b/;
const MINE =
  /\bmy (classes|courses)\b|\b(am i|i am|i'm) (enrolled|taking|teaching)\b|\bclasses (i'm|i am|do i) (in|take|taking|teach|teaching)\b/;
const CURLY_QUOTE = /[\u2018\u2019`]/g;
const WHITESPACE_RUN = /\s+/g;
const ABOUT_CLASSES = /\b(class|classes|course|courses)\b|\bteach(es|ing)?\b|\blearn(ing)?\b|\bstud(y|ying)\b/;

/** What kind of question this is; 'search' when none of the others. */
export function detectIntent(message: string): Intent {
  const text = message.toLowerCase().replace(CURLY_QUOTE, "'");
  if (GREETING.test(text.replace(WHITESPACE_RUN, ' ').trim()) || CAPABILITIES.test(text)) return 'greeting';
  const help = findHelpTopic(text);
  if (help && HOW.test(text)) return 'howTo';
  if (WHATS_NEW.test(text)) return 'whatsNew';
  if (SCHEDULE.test(text)) return 'schedule';
  if (NEXT.test(text)) return 'recommend';
  if (MINE.test(text)) return 'myClasses';
  // "I forgot my password": a strong help cue needs no "how do I".
  if (help && help.score >= 3 && !ABOUT_CLASSES.test(text)) return 'howTo';
  if (ABOUT_CLASSES.test(text)) return 'findClasses';
  return 'search';
}

// ---------- wording ----------

const MARKDOWN_BRACKET = /([[\]\\])/g;

/**
 * What people wrote (names, titles, excerpts) as Markdown that reads as exactly that text: on one line,
 * with brackets and backslashes escaped, so it can never become a link, a list or a paragraph of its
 * own. A name like "[Free prize](https://evil.example)" is shown as typed, not as a link.
 */
export const plain = (text: string) => text.replace(WHITESPACE_RUN, ' ').replace(MARKDOWN_BRACKET, '\\$1');

/** A Markdown link to an app path, its text what people wrote (see plain). */
export const link = (title: string, path: string) => `[${plain(title)}](${path})`;

const day = (date: Date) => date.toISOString().slice(0, 10);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ratingText(cls: ClassBrief): string {
  if (cls.rating === null) return 'no reviews yet';
  return `rated ${cls.rating.toFixed(1)} from ${plural(cls.reviewCount, 'review', 'reviews')}`;
}

const classLine = (cls: ClassBrief, note = '') =>
  `- ${link(cls.title, cls.link)}: ${cls.category}, by ${plain(cls.mentorName)}, ${ratingText(cls)}, ${cls.studentCount} enrolled${note}`;

const CAPABILITY_LINES = [
  '- Find classes on a topic: "Which classes teach SQL?"',
  '- Suggest what to learn next from your classes and ratings: "What should I learn next?"',
  '- Catch you up on your classes: "What\'s new in my classes?"',
  '- List your classes: "What are my classes?"',
  '- Tell you when your sessions are: "When is my next session?" or "What\'s on this week?"',
  '- Explain how to use Mentora: "How do I start a discussion?" (enrolling, discussions, reviews, verification, creating, editing and scheduling a class, live sessions, calendars, community posts, theme, password, profile)',
  '- Search the discussions of your classes and the community posts: type a few keywords.',
];

const capabilities = () => `Here is what I can do:\n${CAPABILITY_LINES.join('\n')}`;

function nothingFound(context: AssistantContext): string {
  const about =
    context.terms.length > 0
      ? `I could not find anything on Mentora about "${context.terms.join(' ')}".`
      : 'I am not sure what you are asking, and I found nothing on Mentora to go on.';
  return `${about} I am Mentora's built-in assistant: I answer from the classes, discussions and posts on Mentora, so I cannot answer general questions.\n\n${capabilities()}`;
}

const isClassOf = (context: AssistantContext, id: string) =>
  context.enrolled.some((c) => c.id === id) || context.created.some((c) => c.id === id);

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

// ---------- answers ----------

function greet(context: AssistantContext): string {
  const first = context.asker.name.split(WHITESPACE_RUN)[0] ?? context.asker.name;
  return `Hello ${plain(first)}! I am Mentora's built-in assistant. I answer from what is on Mentora right now.\n\n${capabilities()}`;
}

const NOT_WORD_RUN = /[^\p{L}\p{N}]+/u;
const CLASS_TOPICS = new Set(['enrol', 'unenrol', 'review', 'join-live', 'start-live']);

function howTo(topic: HelpTopic, context: AssistantContext): string {
  const lines = [`${topic.title}:`, ...topic.steps.map((step, i) => `${i + 1}. ${step}`)];
  lines.push('', `Go to ${link(topic.link.label, topic.link.path)}.`);
  // "How do I enrol in SQL for Analysts?": point at the class when its title was named.
  const named = context.matches.classes.find((cls) =>
    context.terms.some((term) => cls.title.toLowerCase().split(NOT_WORD_RUN).includes(term)),
  );
  if (named && CLASS_TOPICS.has(topic.id)) lines.push(`The class you named: ${link(named.title, named.link)}.`);
  return lines.join('\n');
}

async function whatsNew(db: Queryable, context: AssistantContext): Promise<string> {
  const mine = [...context.enrolled, ...context.created];
  if (mine.length === 0) {
    return `You are not enrolled in any classes yet, so there is nothing new to show. Browse ${link('Classes', '/classes')} to find one, or ask me "Which classes teach ...?".`;
  }
  const askerId = context.asker.id;
  const [started, replies] = await Promise.all([
    db
      .select({
        id: discussions.id,
        title: discussions.title,
        classId: classes.id,
        classTitle: classes.title,
        authorName: users.name,
        createdAt: discussions.createdAt,
      })
      .from(discussions)
      .innerJoin(classes, eq(classes.id, discussions.classId))
      .innerJoin(users, eq(users.id, discussions.authorId))
      .where(
        and(
          memberOfClass(context.asker),
          ne(discussions.authorId, askerId),
          eq(discussions.flagged, false),
          notHiddenSql(discussions.hidden),
        ),
      )
      .orderBy(desc(discussions.createdAt), desc(discussions.id))
      .limit(5),
    db
      .select({
        discussionId: discussions.id,
        title: discussions.title,
        classTitle: classes.title,
        authorName: users.name,
        content: discussionReplies.content,
        createdAt: discussionReplies.createdAt,
      })
      .from(discussionReplies)
      .innerJoin(discussions, eq(discussions.id, discussionReplies.discussionId))
      .innerJoin(classes, eq(classes.id, discussions.classId))
      .innerJoin(users, eq(users.id, discussionReplies.authorId))
      .where(
        and(
          memberOfClass(context.asker),
          ne(discussionReplies.authorId, askerId),
          eq(discussionReplies.flagged, false),
          // Hidden pending review (moderation/visibility.ts): neither the reply nor the discussion it is in.
          notHiddenSql(discussionReplies.hidden),
          notHiddenSql(discussions.hidden),
        ),
      )
      .orderBy(desc(discussionReplies.createdAt), desc(discussionReplies.id))
      .limit(5),
  ]);
  if (started.length === 0 && replies.length === 0) {
    return `Nothing new from others in your classes yet (${mine.map((c) => link(c.title, c.link)).join(', ')}). Why not ${link('start a discussion', '/discussions/create')}?`;
  }
  const sections = ["Here is what's new in your classes."];
  if (started.length > 0) {
    sections.push(
      `Latest discussions:\n${started
        .map(
          (d) =>
            `- ${link(d.title, discussionLink(d.id))} in ${link(d.classTitle, classLink(d.classId))}, started by ${plain(d.authorName)} on ${day(d.createdAt)}`,
        )
        .join('\n')}`,
    );
  }
  if (replies.length > 0) {
    sections.push(
      `Latest replies:\n${replies
        .map(
          (r) =>
            `- ${plain(r.authorName)} replied to ${link(r.title, discussionLink(r.discussionId))} (${plain(r.classTitle)}) on ${day(r.createdAt)}: "${plain(excerpt(r.content, 120))}"`,
        )
        .join('\n')}`,
    );
  }
  return sections.join('\n\n');
}

/** How far ahead "what's on" looks: a week from now (the asker's week may start on any day). */
const WEEK_MS = 7 * 86_400_000;

const sessionName = (session: SessionBrief) => (session.title ? `“${plain(session.title)}”` : 'a session');

function sessionLine(session: SessionBrief, zone: string): string {
  return `- ${dayAndTime(session.startsAt, zone)}: ${sessionName(session)} in ${link(session.classTitle, session.link)}, ${plural(session.durationMinutes, 'minute', 'minutes')}`;
}

function nextSession(session: SessionBrief, context: AssistantContext): string {
  const { now, timeZone } = context;
  const where = link(session.classTitle, session.link);
  if (session.startsAt <= now) {
    const which = session.title ? `${sessionName(session)} of ${where}` : `A session of ${where}`;
    return `${which} is on now: it started at ${timeOfDay(session.startsAt, timeZone)} (${zoneName(timeZone)}). Join it from its class page.`;
  }
  return `Your next session is ${sessionName(session)} of ${where}, on ${dayAndTime(session.startsAt, timeZone)} (${zoneName(timeZone)}), ${fromNow(session.startsAt, now)}, for ${plural(session.durationMinutes, 'minute', 'minutes')}.`;
}

/** The asker's next session and what else is on in the coming week, in their own time zone. */
function schedule(context: AssistantContext): string {
  const mine = [...context.enrolled, ...context.created];
  if (mine.length === 0) {
    return `You are not in any classes yet, so you have no sessions. Browse ${link('Classes', '/classes')} to find one.`;
  }
  const { sessions, now, timeZone } = context;
  const [next] = sessions;
  if (!next) {
    return `No sessions are scheduled in your classes (${mine.map((c) => link(c.title, c.link)).join(', ')}). They show on each class's page once its mentor schedules them.`;
  }
  const week = sessions.filter((session) => session.startsAt.getTime() < now.getTime() + WEEK_MS);
  const sections = [
    week.length === 0
      ? `Nothing is scheduled in your classes in the next 7 days. ${nextSession(next, context)}`
      : nextSession(next, context),
  ];
  if (week.length > 1) {
    sections.push(
      `In the next 7 days (times in ${zoneName(timeZone)}):\n${week.map((s) => sessionLine(s, timeZone)).join('\n')}`,
    );
  }
  sections.push(`To have them in your own calendar, copy your calendar link in ${link('Settings', '/settings')}.`);
  return sections.join('\n\n');
}

async function recommend(db: Queryable, context: AssistantContext): Promise<string> {
  const askerId = context.asker.id;
  const notMine = and(ne(classes.mentorId, askerId), sql`not ${enrolledIn(askerId)}`, ne(classes.status, 'completed'));
  const bestFirst = [
    sql`(select avg(${reviews.rating}) from ${reviews} where ${reviews.classId} = ${classes.id}) desc nulls last`,
    sql`(select count(*) from ${reviews} where ${reviews.classId} = ${classes.id}) desc`,
    desc(classes.createdAt),
  ];

  // Asked about a topic ("recommend a design class"): the matching classes they have not taken.
  const onTopic = context.matches.classes.filter((cls) => !isClassOf(context, cls.id) && cls.status !== 'completed');
  if (context.terms.length > 0 && onTopic.length > 0) {
    return `Classes about "${context.terms.join(' ')}" you could take next:\n${onTopic.map((c) => classLine(c)).join('\n')}`;
  }

  if (context.enrolled.length === 0) {
    const rows = await selectClassBriefs(db)
      .where(notMine)
      .orderBy(...bestFirst)
      .limit(3);
    if (rows.length === 0)
      return `There are no classes on Mentora you could join yet. Check ${link('Classes', '/classes')} later.`;
    return `You have not enrolled in any class yet, so here are the best-rated classes on Mentora to start with:\n${rows
      .map((row) => classLine(toClassBrief(row)))
      .join('\n')}`;
  }

  // The categories of their classes, less those whose classes they rated poorly (average 2 or less).
  const rated = await db
    .select({ category: classes.category, average: sql<number>`avg(${reviews.rating})::float8` })
    .from(reviews)
    .innerJoin(classes, eq(classes.id, reviews.classId))
    .where(eq(reviews.userId, askerId))
    .groupBy(classes.category);
  const disliked = new Set(rated.filter((r) => r.average <= 2).map((r) => r.category));
  const categories = [...new Set(context.enrolled.map((c) => c.category))].filter((c) => !disliked.has(c));
  const because = (category: string) => context.enrolled.find((c) => c.category === category);

  const inCategories =
    categories.length > 0
      ? await selectClassBriefs(db)
          .where(and(notMine, inArray(classes.category, categories)))
          .orderBy(...bestFirst)
          .limit(3)
      : [];
  const lines = inCategories.map((row) => {
    const cls = toClassBrief(row);
    const reason = because(cls.category);
    return `${classLine(cls)}${reason ? ` (like ${link(reason.title, reason.link)}, which you are enrolled in)` : ''}`;
  });
  // Fewer than three in their categories: fill up with the best of the others.
  const elsewhere =
    inCategories.length < 3
      ? await selectClassBriefs(db)
          .where(and(notMine, categories.length > 0 ? notInArray(classes.category, categories) : undefined))
          .orderBy(...bestFirst)
          .limit(3 - inCategories.length)
      : [];
  if (lines.length === 0 && elsewhere.length === 0) {
    return `You are already in every open class on Mentora that you could take. Check ${link('Classes', '/classes')} for new ones later.`;
  }
  const sections: string[] = [];
  if (lines.length > 0) {
    sections.push(
      `Based on the classes you are enrolled in, best rated first, you could learn next:\n${lines.join('\n')}`,
    );
  } else if (categories.length > 0) {
    sections.push(`You have taken every open class in ${categories.join(', ')}.`);
  }
  if (elsewhere.length > 0) {
    sections.push(
      `${lines.length > 0 ? 'Or try something different' : 'Something different, best rated first'}:\n${elsewhere
        .map((row) => classLine(toClassBrief(row)))
        .join('\n')}`,
    );
  }
  sections.push(`See every class in ${link('Classes', '/classes')}.`);
  return sections.join('\n\n');
}

function myClasses(context: AssistantContext): string {
  const { enrolled, created } = context;
  if (enrolled.length === 0 && created.length === 0) {
    return `You are not in any classes yet. Browse ${link('Classes', '/classes')}, or ask me "What should I learn next?".`;
  }
  const sections: string[] = [];
  if (enrolled.length > 0) sections.push(`You are enrolled in:\n${enrolled.map((c) => classLine(c)).join('\n')}`);
  if (created.length > 0) sections.push(`You teach:\n${created.map((c) => classLine(c)).join('\n')}`);
  return sections.join('\n\n');
}

function findClasses(context: AssistantContext): string {
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

function search(context: AssistantContext, message: string): string {
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

export async function offlineAnswer(db: Queryable, question: AssistantQuestion): Promise<string> {
  const { context, message } = question;
  switch (detectIntent(message)) {
    case 'greeting':
      return greet(context);
    case 'howTo': {
      const help = findHelpTopic(message);
      return help ? howTo(help.topic, context) : search(context, message);
    }
    case 'whatsNew':
      return whatsNew(db, context);
    case 'schedule':
      return schedule(context);
    case 'recommend':
      return recommend(db, context);
    case 'myClasses':
      return myClasses(context);
    case 'findClasses':
      return findClasses(context);
    case 'search':
      return search(context, message);
  }
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

/** Every pattern this module runs on user text, for the ReDoS sweep (regexSafety.test.ts). */
export const OFFLINE_PATTERNS: Readonly<Record<string, RegExp>> = {
  GREETING,
  CAPABILITIES,
  HOW,
  WHATS_NEW,
  SCHEDULE,
  NEXT,
  MINE,
  ABOUT_CLASSES,
  CURLY_QUOTE,
  WHITESPACE_RUN,
  MARKDOWN_BRACKET,
  NOT_WORD_RUN,
};
