import { LIMITS } from './constants.js';

/** Splits a comma-separated tag string: trimmed, empties dropped (SPEC.md section 5). */
export function parseTags(input: string): string[] {
  return input
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** True for absolute http(s) URLs: the only kind we store or open. */
export function isHttpUrl(value: string): boolean {
  if (value.length > LIMITS.url.max) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The path of an uploaded profile picture (issue #26): the server's own, not a link elsewhere. */
export const AVATAR_PATH = /^\/api\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isAvatarPath = (value: string) => AVATAR_PATH.test(value);
