import type { CommunityPost, CommunityReply } from '@mentora/contract';
import type { CommunityPostRow, CommunityReplyRow } from '../db/schema.js';
import { type PersonColumns, presentAnalysis } from '../discussions/presenter.js';
import { presentPersonRef } from '../users/presenter.js';

export type PostFields = Omit<CommunityPostRow, 'search'>;

export interface PostWithAuthor {
  post: PostFields;
  author: PersonColumns;
}

export interface ReplyWithAuthor {
  reply: CommunityReplyRow;
  author: PersonColumns;
}

export function presentCommunityReply({ reply, author }: ReplyWithAuthor): CommunityReply {
  return {
    _id: reply.id,
    content: reply.content,
    author: presentPersonRef(author),
    createdAt: reply.createdAt.toISOString(),
    ...presentAnalysis(reply),
  };
}

/** A post with the ids of those who like it and its replies (oldest first). */
export function presentPost(
  { post, author }: PostWithAuthor,
  likes: string[],
  replies: CommunityReply[],
): CommunityPost {
  return {
    _id: post.id,
    title: post.title,
    content: post.content,
    category: post.category,
    tags: post.tags,
    author: presentPersonRef(author),
    likes,
    replies,
    createdAt: post.createdAt.toISOString(),
    ...presentAnalysis(post),
  };
}
