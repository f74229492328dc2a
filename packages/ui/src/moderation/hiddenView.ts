import type { User } from '@mentora/contract';
import { isAdmin } from '../auth/roles';

/**
 * How an item reads to the viewer (docs/moderation.md "Hidden pending review"):
 * - `shown`: not hidden;
 * - `notice`: hidden, and the server sent the notice in place of its text (everyone but author and admins);
 * - `author`: hidden, shown as written to its author, with a banner saying only they and moderators see it;
 * - `admin`: hidden, shown as written to an admin, with a banner saying others see the notice.
 */
export type HiddenView = 'shown' | 'notice' | 'author' | 'admin';

export function hiddenView(item: { hidden?: true | undefined }, authorId: string, viewer: User | null): HiddenView {
  if (!item.hidden) return 'shown';
  if (viewer && viewer._id === authorId) return 'author';
  if (viewer && isAdmin(viewer.role)) return 'admin';
  return 'notice';
}
