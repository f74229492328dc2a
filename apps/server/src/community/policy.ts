import type { Role } from '@mentora/contract';
import { isAdmin } from '../users/policy.js';

// Who may do what in the community feed (SPEC.md section 6): any signed-in user may read, post, like
// and reply; only a post's author or an admin may delete it.

export const canDeletePost = (user: { id: string; role: Role }, post: { authorId: string }) =>
  post.authorId === user.id || isAdmin(user);
