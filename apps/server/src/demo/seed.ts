import {
  createClassRequestSchema,
  createDiscussionRequestSchema,
  createPostRequestSchema,
  createReviewRequestSchema,
  replyRequestSchema,
} from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { enrol } from '../classes/enrolmentCreator.js';
import * as classesService from '../classes/service.js';
import * as communityService from '../community/service.js';
import type { AppContext } from '../context.js';
import { classes, type UserRow } from '../db/schema.js';
import { createDiscussion } from '../discussions/discussionCreator.js';
import * as discussionsService from '../discussions/service.js';
import * as reviewsService from '../reviews/service.js';
import { findUserByEmail, insertAccount } from '../users/accounts.js';
import * as usersService from '../users/service.js';
import {
  DEMO_CLASSES,
  DEMO_DISCUSSIONS,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  DEMO_POSTS,
  DEMO_REVIEWS,
  type DemoPerson,
} from './content.js';

// Fills an empty database with the demo content, through the same schemas and services as the API,
// so the demo shows what the product really does (sentiment, moderation, ratings, capacity).

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo content names an unknown ${what}: ${key}`);
  return value;
}

/** True when it seeded; false when the demo people already exist (a second start keeps the data). */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const first = DEMO_PEOPLE[0];
  if (!first || (await findUserByEmail(ctx.db, first.email))) return false;

  const passwordHash = await ctx.passwords.hash(DEMO_PASSWORD, 'demo seed');
  const people = new Map<string, UserRow>();
  for (const person of DEMO_PEOPLE) {
    const user = await insertAccount(ctx.db, {
      name: person.name,
      email: person.email,
      passwordHash,
      role: person.role,
      bio: person.bio,
      skills: person.skills ?? [],
      verified: person.role === 'admin' || person.verified === true,
    });
    people.set(person.key, user);
    if (person.role === 'mentor' && !person.verified) await usersService.requestVerification(ctx, user);
  }
  const who = (key: string) => lookup(people, key, 'person');

  const classIds = new Map<string, string>();
  for (const demo of DEMO_CLASSES) {
    const { key, mentor, status, learners, ...fields } = demo;
    const created = await classesService.createClass(
      ctx,
      who(mentor),
      createClassRequestSchema.parse({ ...fields, isPaid: fields.price > 0 }),
    );
    classIds.set(key, created._id);
    for (const learner of learners) await enrol(ctx, who(learner), created._id);
    // After the learners: a completed class takes no new enrolments, and its learners enrolled while it ran.
    if (status !== 'upcoming') await ctx.db.update(classes).set({ status }).where(eq(classes.id, created._id));
  }
  const classId = (key: string) => lookup(classIds, key, 'class');

  for (const demo of DEMO_DISCUSSIONS) {
    const input = createDiscussionRequestSchema.parse({ ...demo, classId: classId(demo.cls) });
    const discussion = await createDiscussion(ctx, who(demo.author), input.classId, input);
    for (const reply of demo.replies) {
      await discussionsService.addReply(ctx, who(reply.author), discussion._id, replyRequestSchema.parse(reply));
    }
  }

  for (const demo of DEMO_REVIEWS) {
    const input = createReviewRequestSchema.parse({ ...demo, classId: classId(demo.cls) });
    await reviewsService.submitReview(ctx, who(demo.user), input.classId, input);
  }

  for (const demo of DEMO_POSTS) {
    const post = await communityService.createPost(ctx, who(demo.author), createPostRequestSchema.parse(demo));
    for (const liker of demo.likes) await communityService.toggleLike(ctx, who(liker), post._id);
    for (const reply of demo.replies) {
      await communityService.addReply(ctx, who(reply.author), post._id, replyRequestSchema.parse(reply));
    }
  }
  return true;
}

/** The lines `pnpm demo` prints: where to go and how to sign in. */
export function demoLogins(url: string): string {
  const byRole = (p: DemoPerson) =>
    `  ${p.role.padEnd(8)} ${p.email.padEnd(22)} ${p.name}${p.role === 'mentor' && !p.verified ? ' (awaiting verification)' : ''}`;
  return [
    '',
    `Mentora demo: open ${url}`,
    `Every demo account's password is: ${DEMO_PASSWORD}`,
    ...DEMO_PEOPLE.map(byRole),
    '',
  ].join('\n');
}
