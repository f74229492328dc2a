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

/**
 * Characters that change how the text around them is shown without being seen themselves: bidirectional
 * controls (U+202E turns "inv\u202Eexe.txt" into what reads as "invtxt.exe") and zero-width characters
 * (two names that look the same and differ). Removed from every name people see: people, classes,
 * sessions, files, and the titles of discussions and posts (issue #35).
 */
export const INVISIBLE_FORMATTING = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/**
 * Control characters, C0 and C1, and the Unicode line and paragraph separators: a name or title is one
 * line (with a line break, a person's name printed as two lines in mail).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is matched
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL_CHARACTERS_ALL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/** A name as shown: without invisible formatting, trimmed. */
export const cleanName = (text: string): string => text.replace(INVISIBLE_FORMATTING, '').trim();

const PATH_SEPARATOR = /[\\/]/;

/** The patterns run on names people give, for the server's check that each is linear (regexSafety.test.ts). */
export const NAME_PATTERNS = {
  invisible: INVISIBLE_FORMATTING,
  control: CONTROL_CHARACTERS,
  controlAll: CONTROL_CHARACTERS_ALL,
  pathSeparator: PATH_SEPARATOR,
} as const;

/** At most this many characters in a file's name (LIMITS.title.max). */
const FILE_NAME_MAX = 200;

/**
 * A file's display name, the one rule of uploads and renames: the last segment of any path ("..\..\x.bat"
 * is "x.bat"), without control characters or invisible formatting, trimmed, at most 200 characters; empty
 * when nothing is left (an upload then calls it "file", a rename is refused).
 */
export function fileDisplayName(raw: string): string {
  const base = raw.split(PATH_SEPARATOR).pop() ?? '';
  // Cut by code points, so that no emoji is left half a surrogate pair.
  return Array.from(cleanName(base.replace(CONTROL_CHARACTERS_ALL, '')))
    .slice(0, FILE_NAME_MAX)
    .join('')
    .trim();
}
