import { and, desc, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { classes, discussionReplies, discussions, users } from '../../db/schema.js';
import { notHiddenSql } from '../../moderation/visibility.js';
import { classLink, discussionLink, excerpt, memberOfClass } from '../context.js';
import type { AssistantContext } from '../provider.js';
import { link, plain } from './format.js';

// "What's new?": the latest discussions and replies others wrote in the asker's classes.

const day = (date: Date) => date.toISOString().slice(0, 10);

export async function whatsNew(db: Queryable, context: AssistantContext): Promise<string> {
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
