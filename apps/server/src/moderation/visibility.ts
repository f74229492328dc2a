import {
  type ClassMaterial,
  type CommunityPost,
  type Discussion,
  type DiscussionReply,
  MESSAGES,
  type Review,
} from '@mentora/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { canSeeHidden, type Viewer } from './policy.js';

// The one visibility rule for user content hidden by moderation (DESIGN.md "one visibility rule"):
// hidden content is shown as written to its author and to admins (with `hidden: true`), and to everyone
// else as MESSAGES.moderation.hiddenNotice in place of its text (still `hidden: true`). Every list,
// detail, search, feed, live event and the assistant's context goes through the functions below:
// - masked*: the presented item as one viewer may see it (lists, details, answers);
// - forEveryone*: as anyone may see it, for what many receive at once (live events);
// - notHiddenSql: what a search or the assistant may match (hidden text never matches: a match would
//   tell what it says).
// Membership of a class, deletion and sanctions are decided where they were before; this adds the
// moderation part in one place.

export const HIDDEN_NOTICE = MESSAGES.moderation.hiddenNotice;

/** Nobody in particular: what a broadcast may carry. */
const NOBODY: Viewer = { id: '', role: 'learner' };

/** A row (or a search) may show: not hidden. For SQL that serves everyone alike (a shared feed page, the assistant). */
export const notHiddenSql = (hidden: AnyPgColumn | SQL): SQL => sql`not ${hidden}`;

/** A row one viewer may find by its text: not hidden, or theirs, or they are an admin. */
export const searchableSql = (
  row: { hidden: AnyPgColumn; authorId: AnyPgColumn },
  viewer: { id: SQL; role: SQL },
): SQL => sql`(not ${row.hidden} or ${row.authorId} = ${viewer.id} or ${viewer.role} = 'admin')`;

const masks = <T extends { hidden?: true; author: { _id: string } }>(viewer: Viewer, item: T) =>
  item.hidden === true && !canSeeHidden(viewer, item.author._id);

type Reply = DiscussionReply | CommunityPost['replies'][number];

export function maskedReply<T extends Reply>(viewer: Viewer, reply: T): T {
  return masks(viewer, reply)
    ? { ...reply, content: HIDDEN_NOTICE, moderation: { flagged: false, reason: null } }
    : reply;
}

/**
 * Whether a list of replies holds a hidden one, found once per list: the read cache hands the same
 * presented answer (and so the same array) to every request, and presented answers are never changed in
 * place, so the answer stays right; reading the flag of a thousand replies on every request did not.
 */
const holdsHidden = new WeakMap<readonly Reply[], boolean>();
function anyHidden(replies: readonly Reply[]): boolean {
  let found = holdsHidden.get(replies);
  if (found === undefined) {
    found = replies.some((reply) => reply.hidden === true);
    holdsHidden.set(replies, found);
  }
  return found;
}

export function maskedDiscussion(viewer: Viewer, discussion: Discussion): Discussion {
  const own = masks(viewer, discussion)
    ? { ...discussion, title: HIDDEN_NOTICE, content: HIDDEN_NOTICE, moderation: { flagged: false, reason: null } }
    : discussion;
  if (!anyHidden(discussion.replies)) return own;
  return { ...own, replies: discussion.replies.map((r) => maskedReply(viewer, r)) };
}

export function maskedPost(viewer: Viewer, post: CommunityPost): CommunityPost {
  const own = masks(viewer, post)
    ? { ...post, title: HIDDEN_NOTICE, content: HIDDEN_NOTICE, tags: [], moderation: { flagged: false, reason: null } }
    : post;
  if (!anyHidden(post.replies)) return own;
  return { ...own, replies: post.replies.map((r) => maskedReply(viewer, r)) };
}

export function maskedReview(viewer: Viewer, review: Review): Review {
  return review.hidden === true && !canSeeHidden(viewer, review.user._id)
    ? { ...review, comment: HIDDEN_NOTICE }
    : review;
}

/**
 * A class's file, as one viewer may see it: its author is the class's mentor (who uploaded it). Others
 * read the notice for its name, and may not download it (mayOpen).
 */
export function maskedMaterial(viewer: Viewer, material: ClassMaterial, authorId: string): ClassMaterial {
  return material.hidden === true && !canSeeHidden(viewer, authorId) ? { ...material, name: HIDDEN_NOTICE } : material;
}

/** Whether a viewer may open (download) an item's whole content: always unless hidden; then its author and admins. */
export const mayOpen = (viewer: Viewer, item: { hidden: boolean; authorId: string }): boolean =>
  !item.hidden || canSeeHidden(viewer, item.authorId);

/**
 * A list as one viewer may see it. The very same array when nothing in it changes: a page kept by the
 * read cache is then sent as the JSON (and gzip) it was kept with, not written again per request.
 */
export function maskedList<T>(items: T[], mask: (item: T) => T): T[] {
  let changed = false;
  const seen = items.map((item) => {
    const shown = mask(item);
    if (shown !== item) changed = true;
    return shown;
  });
  return changed ? seen : items;
}

export const forEveryoneReply = <T extends Reply>(reply: T): T => maskedReply(NOBODY, reply);
export const forEveryonePost = (post: CommunityPost): CommunityPost => maskedPost(NOBODY, post);

/**
 * A notification as its recipient may read it now, given the discussion or post it is about: that item's
 * title becomes the notice when the item is hidden from them (a notification quotes only that title). For
 * what is built from a stored notification later, such as its email or the daily digest.
 */
export function maskedNotification<T extends { subjectTitle: string }>(
  viewer: Viewer,
  notification: T,
  about: { hidden: boolean; authorId: string } | undefined,
): T {
  return about?.hidden && !canSeeHidden(viewer, about.authorId)
    ? { ...notification, subjectTitle: HIDDEN_NOTICE }
    : notification;
}
