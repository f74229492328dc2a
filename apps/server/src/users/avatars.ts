import type { IncomingMessage } from 'node:http';
import { isAvatarPath, MESSAGES, type User } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { authChanged } from '../auth/authChanges.js';
import type { AppContext } from '../context.js';
import { type UserRow, users } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { receiveUpload } from '../storage/upload.js';
import { presentUser } from './presenter.js';

// Profile pictures (issue #26): an uploaded image is decoded, turned upright, cropped square and
// re-encoded at AVATAR_PIXELS as WebP by sharp, which keeps none of the original's metadata (camera,
// place). Only pictures whose header promises bounded work are decoded (checkDimensions), a few at a
// time (ctx.images, issue #35). What is served is always that re-encoding, never the bytes sent. Its path is the user's
// profilePicture; replacing or removing it, or deleting the account, queues the old file's deletion
// (migration 0017's trigger on users).

export const AVATAR_PIXELS = 256;
/** What may be uploaded as a picture (as file-type names the formats). */
const AVATAR_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/**
 * Larger pictures are refused from their header, before they are decoded: a file of a few kilobytes may
 * describe a huge picture. 40 megapixels takes any phone's photo at its usual size.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Longer pictures are refused from their header too. Filling the 256 px square scales the short side to
 * 256 px before cropping: a 100000 by 10 px strip would first become 2,560,000 by 256 px (2.6 GB of
 * pixels). Within this ratio that intermediate picture stays under AVATAR_PIXELS² × MAX_ASPECT_RATIO
 * (1.3 megapixels), and panoramas still fit.
 */
export const MAX_ASPECT_RATIO = 20;
/** A decode that runs longer than this is stopped (a backstop: within the limits above one takes well under a second). */
const DECODE_TIMEOUT_SECONDS = 10;
const MB = 1024 * 1024;

const keyOf = (id: string) => `avatars/${id}`;
const pathOf = (key: string) => `/api/${key}`;

/**
 * Refuses, from the header alone, a picture too costly to decode: more than MAX_INPUT_PIXELS, or longer
 * than MAX_ASPECT_RATIO (as it will stand once turned upright). A header sharp cannot read is a 415.
 */
async function checkDimensions(bytes: Buffer): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    ({ width, height } = meta.autoOrient ?? meta);
  } catch {
    throw new HttpError(415, MESSAGES.avatars.refusedType);
  }
  if (!width || !height) throw new HttpError(415, MESSAGES.avatars.refusedType);
  if (width * height > MAX_INPUT_PIXELS) {
    throw new HttpError(400, MESSAGES.avatars.tooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
  }
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) {
    throw new HttpError(400, MESSAGES.avatars.tooLong(MAX_ASPECT_RATIO));
  }
}

/** The picture upright, filling a square of AVATAR_PIXELS (cropped where it draws the eye), as WebP. */
function squareWebp(bytes: Buffer): Promise<Buffer> {
  // limitInputPixels again: the decoder's own bound, should a header have said less than the data holds.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(AVATAR_PIXELS, AVATAR_PIXELS, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
    .toBuffer();
}

async function setPicture(ctx: AppContext, user: UserRow, picture: string): Promise<User> {
  const [row] = await ctx.db.update(users).set({ profilePicture: picture }).where(eq(users.id, user.id)).returning();
  if (!row) throw notFound(MESSAGES.server.userNotFound);
  authChanged(ctx, { kind: 'user', id: user.id });
  ctx.readCache.changed('users');
  return presentUser(row);
}

/** `signal` aborts when the client has gone: a picture not yet decoded then never is. */
export async function uploadAvatar(
  ctx: AppContext,
  user: UserRow,
  req: IncomingMessage,
  signal?: AbortSignal,
): Promise<User> {
  const maxBytes = ctx.config.uploads.avatarMaxBytes;
  const stored = await receiveUpload(req, ctx.files, {
    maxBytes,
    accept: AVATAR_TYPES,
    keyPrefix: 'avatars',
    convert: {
      apply: async (bytes, abort) => {
        await checkDimensions(bytes);
        return ctx.images.run(() => squareWebp(bytes), abort);
      },
      type: 'image/webp',
    },
    signal,
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
