import type { MatchRange } from '@mentora/contract';
import { TYPO_MIN_LENGTH } from '../db/search.js';

// Which parts of a result to mark, for what the database matched (db/search.ts): words starting with
// what was typed (the whole text, or each of its words), else, for one word typed with a typo, the
// words of the text one edit or one swap of two letters away. The client marks these ranges; the
// server never sends HTML.

const WORD = /[\p{L}\p{N}]+/gu;
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Levenshtein distance, stopping early above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length] as number;
}

const sorted = (word: string) => [...word].sort().join('');

/** A typo as search_is_typo (migration 0016) sees one: one edit, or two letters swapped. */
export function isTypoOf(word: string, typed: string): boolean {
  if (Math.abs(word.length - typed.length) > 1) return false;
  const distance = editDistance(word, typed, 2);
  return distance <= 1 || (distance === 2 && word.length === typed.length && sorted(word) === sorted(typed));
}

/** Where `needle` starts a word of `text` (ignoring case). */
function wordStarts(text: string, lower: string, needle: string): MatchRange[] {
  const found: MatchRange[] = [];
  if (!needle || !isWordChar(needle[0])) return found;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
    if (!isWordChar(text[at - 1])) found.push({ start: at, end: at + needle.length });
  }
  return found;
}

/** Sorted, overlapping ranges merged. */
function merged(ranges: MatchRange[]): MatchRange[] {
  const out: MatchRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else out.push({ ...range });
  }
  return out;
}

/** The ranges of `text` to mark for the search `query`. */
export function matchRanges(text: string, query: string): MatchRange[] {
  const lower = text.toLowerCase();
  const typed = query.trim().toLowerCase();
  const whole = wordStarts(text, lower, typed);
  if (whole.length > 0) return merged(whole);
  const words = typed.match(WORD) ?? [];
  const each = words.filter((w) => w.length >= 2).flatMap((w) => wordStarts(text, lower, w));
  if (each.length > 0) return merged(each);
  if (words.length !== 1 || typed.length < TYPO_MIN_LENGTH || typed !== words[0]) return [];
  const typos: MatchRange[] = [];
  for (const m of lower.matchAll(WORD)) {
    const word = m[0];
    // Typed with a typo, or the start of a word typed with one ("mentr" of "Mentora").
    const startsLike =
      word.length > typed.length &&
      (editDistance(word.slice(0, typed.length + 1), typed, 1) <= 1 || isTypoOf(word.slice(0, typed.length), typed));
    if (isTypoOf(word, typed) || startsLike) typos.push({ start: m.index, end: m.index + m[0].length });
  }
  return typos;
}

const SNIPPET = 160;

/**
 * A long text cut to about SNIPPET characters around its first match (at word boundaries, with an
 * ellipsis where cut), and the ranges within what is returned.
 */
export function snippet(text: string, query: string): { text: string; matches: MatchRange[] } {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET) return { text: flat, matches: matchRanges(flat, query) };
  const first = matchRanges(flat, query)[0];
  let start = first ? Math.max(0, first.start - 40) : 0;
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space !== -1 && space < (first?.start ?? start) ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + SNIPPET);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start + SNIPPET / 2) end = space;
  }
  const cut = `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
  return { text: cut, matches: matchRanges(cut, query) };
}
