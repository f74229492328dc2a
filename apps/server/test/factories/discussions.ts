import type { Discussion } from '@mentora/contract';
import type { ClassRow } from '../../src/db/schema.js';
import { createDiscussion } from '../../src/discussions/discussionCreator.js';
import { addReply } from '../../src/discussions/service.js';
import type { TestServer } from '../harness.js';
import type { TestUser } from './users.js';

let counter = 0;

/**
 * A discussion in a class, written through the service (so it gets its search vector and analysis).
 * The author must be allowed to start it: enrolled in the class or its mentor.
 */
export async function makeDiscussion(
  t: TestServer,
  author: TestUser,
  cls: ClassRow,
  overrides: { title?: string; content?: string } = {},
): Promise<Discussion> {
  counter += 1;
  return createDiscussion(t.ctx, author.user, cls.id, {
    title: overrides.title ?? `Test discussion ${counter}`,
    content: overrides.content ?? `A discussion made by a test factory (${counter}).`,
  });
}

/** A reply by someone allowed to reply (enrolled, the class's mentor, or an admin); the updated discussion. */
export async function makeDiscussionReply(
  t: TestServer,
  author: TestUser,
  discussion: { _id: string },
  content = 'A reply made by a test factory.',
): Promise<Discussion> {
  return addReply(t.ctx, author.user, discussion._id, { content });
}
