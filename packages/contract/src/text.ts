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

/**
 * The extensions a class material of each type may be saved under (issue #26), the usual one first. A
 * file is opened by its extension (the desktop app opens downloads with the system's viewer): text
 * named "notes.bat" would run as a program, a legacy Office container named ".msi" would install.
 */
export const MATERIAL_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'text/plain': ['txt', 'text', 'csv', 'log'],
  'text/markdown': ['md', 'markdown'],
  'application/zip': ['zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/x-cfb': ['doc', 'xls', 'ppt'],
};

/** The name a material is saved under: its own when its extension fits its type, else with the type's added. */
export function downloadName(name: string, type: string): string {
  const allowed = MATERIAL_EXTENSIONS[type];
  if (!allowed) return `${name}.bin`;
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension && allowed.includes(extension) ? name : `${name}.${allowed[0]}`;
}
