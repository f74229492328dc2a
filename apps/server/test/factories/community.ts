import type { CommunityCategory, CommunityPost } from '@mentora/contract';
import { addReply, createPost } from '../../src/community/service.js';
import type { TestServer } from '../harness.js';
import type { TestUser } from './users.js';

let counter = 0;

/** A community post, written through the service (so it gets its search vector and analysis). */
export async function makePost(
  t: TestServer,
  author: TestUser,
  overrides: { title?: string; content?: string; category?: CommunityCategory; tags?: string[] } = {},
): Promise<CommunityPost> {
  counter += 1;
  return createPost(t.ctx, author.user, {
    title: overrides.title ?? `Test post ${counter}`,
    content: overrides.content ?? `A post made by a test factory (${counter}).`,
    category: overrides.category ?? 'general',
    tags: overrides.tags ?? [],
  });
}

/** A reply to a post; the updated post. */
export function makePostReply(
  t: TestServer,
  author: TestUser,
  post: { _id: string },
  content = 'A reply made by a test factory.',
): Promise<CommunityPost> {
  return addReply(t.ctx, author.user, post._id, { content });
}
