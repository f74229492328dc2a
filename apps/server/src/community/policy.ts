import type { Role } from '@mentora/contract';
import { isAdmin } from '../users/policy.js';

// Who may do what in the community feed (SPEC.md section 6): any signed-in user may read, post, like
// and reply; only a post's author or an admin may delete it.

export const canDeletePost = (user: { id: string; role: Role }, post: { authorId: string }) =>
  post.authorId === user.id || isAdmin(user);

/** Liking (or unliking) a post: anyone signed in (the route asks for a session). */
export const canLikePost = (_user: { id: string; role: Role }) => true;

/** Replying to a post: anyone signed in. */
export const canReplyToPost = (_user: { id: string; role: Role }) => true;

/** An admin deleting someone else's post is moderating: it goes in the audit log. */
export const deletesPostAsModerator = (user: { id: string; role: Role }, post: { authorId: string }) =>
  isAdmin(user) && post.authorId !== user.id;
