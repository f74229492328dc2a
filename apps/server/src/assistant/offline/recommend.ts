import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { classes, reviews } from '../../db/schema.js';
import { enrolledIn, selectClassBriefs, toClassBrief } from '../context.js';
import type { AssistantContext } from '../provider.js';
import { classLine, link } from './format.js';

// "What should I learn next?": classes on the topic asked about, else the best-rated classes in the
// categories of the asker's classes (less those they rated poorly), topped up with the best of the rest.

const isClassOf = (context: AssistantContext, id: string) =>
  context.enrolled.some((c) => c.id === id) || context.created.some((c) => c.id === id);

export async function recommend(db: Queryable, context: AssistantContext): Promise<string> {
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
