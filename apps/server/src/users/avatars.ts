import type { IncomingMessage } from 'node:http';
import { isAvatarPath, MESSAGES, type User } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { authChanged } from '../auth/authChanges.js';
import type { AppContext } from '../context.js';
import { type UserRow, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { receiveUpload } from '../storage/upload.js';
import { presentUser } from './presenter.js';

// Profile pictures (issue #26): an uploaded image is decoded, turned upright, cropped square and
// re-encoded at AVATAR_PIXELS as WebP by sharp, which keeps none of the original's metadata (camera,
// place). What is served is always that re-encoding, never the bytes sent. Its path is the user's
// profilePicture; replacing or removing it, or deleting the account, queues the old file's deletion
// (migration 0017's trigger on users).

export const AVATAR_PIXELS = 256;
/** What may be uploaded as a picture (as file-type names the formats). */
const AVATAR_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Larger images are refused before they are decoded: a small file may hold a huge, costly picture. */
const MAX_INPUT_PIXELS = 40_000_000;
const MB = 1024 * 1024;

const keyOf = (id: string) => `avatars/${id}`;
const pathOf = (key: string) => `/api/${key}`;

function squareWebp() {
  return sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(AVATAR_PIXELS, AVATAR_PIXELS, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 });
}

async function setPicture(ctx: AppContext, user: UserRow, picture: string): Promise<User> {
  const [row] = await ctx.db.update(users).set({ profilePicture: picture }).where(eq(users.id, user.id)).returning();
  if (!row) throw notFound(MESSAGES.server.userNotFound);
  authChanged(ctx, { kind: 'user', id: user.id });
  ctx.readCache.changed('users');
  return presentUser(row);
}

export async function uploadAvatar(ctx: AppContext, user: UserRow, req: IncomingMessage): Promise<User> {
  const maxBytes = ctx.config.uploads.avatarMaxBytes;
  const stored = await receiveUpload(req, ctx.files, {
    maxBytes,
    accept: AVATAR_TYPES,
    keyPrefix: 'avatars',
    convert: { transform: squareWebp, type: 'image/webp' },
    messages: {
      tooLarge: MESSAGES.avatars.tooLarge(maxBytes / MB),
      refusedType: MESSAGES.avatars.refusedType,
      missing: MESSAGES.avatars.missing,
      empty: MESSAGES.avatars.empty,
    },
  });
  try {
    return await setPicture(ctx, user, pathOf(stored.key));
  } catch (error) {
    await ctx.files.delete(stored.key).catch(() => {});
    throw error;
  }
}

export async function removeAvatar(ctx: AppContext, user: UserRow): Promise<User> {
  return setPicture(ctx, user, '');
}

/** The re-encoded picture of an avatar path's id, or null when there is none. */
export async function readAvatar(ctx: AppContext, id: string): Promise<Buffer | null> {
  if (!isAvatarPath(pathOf(keyOf(id)))) return null;
  const body = await ctx.files.get(keyOf(id));
  return body ? Buffer.concat(await body.toArray()) : null;
}
