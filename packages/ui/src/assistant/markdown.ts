// The Markdown the assistant's answers may use, and nothing more: links, paragraphs, line breaks and
// bullet lists. Hand-written rather than a Markdown library on purpose: the subset is tiny, and this way
// it is safe by construction. The result is plain data that the renderer turns into React elements (never
// HTML strings), so `<img onerror=...>` in an answer can only ever be text, and a link exists only when
// its target is an app path or an http(s) URL.

export type LinkTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

export type Inline = { type: 'text'; text: string } | { type: 'link'; text: string; target: LinkTarget };

export type Block = { type: 'paragraph'; lines: Inline[][] } | { type: 'list'; items: Inline[][] };

const BULLET = /^\s{0,3}[-*•]\s+/;
/** CommonMark's backslash escapes: a backslash before ASCII punctuation stands for that character. */
const ESCAPABLE = /[!-/:-@[-`{-~]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const NOT_IN_LINK = /[\s\u0000-\u001f\u007f]/;
const HTTP_URL = /^https?:\/\//i;
const LINE_ENDING = /\r\n?/g;

/** The patterns run on an answer (which quotes what people wrote), for the server's ReDoS sweep. */
export const MARKDOWN_PATTERNS: Readonly<Record<string, RegExp>> = {
  BULLET,
  ESCAPABLE,
  NOT_IN_LINK,
  HTTP_URL,
  LINE_ENDING,
};

/**
 * Where a link may point. An app path (`/classes/42`, `/community#post-7`) stays in the app; an absolute
 * http(s) URL leaves it; anything else (javascript:, data:, protocol-relative `//host`, relative paths,
 * whitespace or control characters) is not a link at all.
 */
export function linkTarget(raw: string): LinkTarget | null {
  const href = raw.trim();
  if (href === '' || NOT_IN_LINK.test(href)) return null;
  if (href.startsWith('/')) {
    if (href.startsWith('//') || href.startsWith('/\\')) return null;
    return { kind: 'internal', path: href };
  }
  if (!HTTP_URL.test(href)) return null;
  try {
    const url = new URL(href);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
    return { kind: 'external', url: url.href };
  } catch {
    return null;
  }
}

/** Removes backslash escapes (`\[` is `[`). */
function unescapeMarkdown(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    const next = text.charAt(i + 1);
    if (char === '\\' && next !== '' && ESCAPABLE.test(next)) {
      out += next;
      i++;
    } else {
      out += char;
    }
  }
  return out;
}

/** The index of the `]` closing the `[` at `open`, skipping escaped brackets and nested pairs; -1 if none. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === '\\') {
      i++;
    } else if (char === '[') {
      depth++;
    } else if (char === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The index of the `)` closing the `(` at `open` (URLs may hold balanced parentheses); -1 if none. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === '\\') {
      i++;
    } else if (char === '(') {
      depth++;
    } else if (char === ')') {
      depth--;
      if (depth === 0) return i;
    } else if (char === '\n') {
      return -1;
    }
  }
  return -1;
}

/** One line of text: plain text and `[text](target)` links. A link to a refused target becomes its text. */
export function parseInline(line: string): Inline[] {
  const parts: Inline[] = [];
  let text = '';
  const pushText = (value: string) => {
    text += value;
  };
  const flush = () => {
    if (text !== '') parts.push({ type: 'text', text: unescapeMarkdown(text) });
    text = '';
  };
  let i = 0;
  while (i < line.length) {
    const char = line.charAt(i);
    if (char === '\\' && i + 1 < line.length) {
      pushText(line.slice(i, i + 2));
      i += 2;
      continue;
    }
    if (char === '[') {
      const close = closingBracket(line, i);
      if (close > i && line.charAt(close + 1) === '(') {
        const end = closingParen(line, close + 1);
        if (end > close) {
          const label = unescapeMarkdown(line.slice(i + 1, close));
          const target = linkTarget(unescapeMarkdown(line.slice(close + 2, end)));
          if (target && label.trim() !== '') {
            flush();
            parts.push({ type: 'link', text: label, target });
          } else {
            // Not a link we may make: the words stay, the target goes.
            pushText(line.slice(i + 1, close));
          }
          i = end + 1;
          continue;
        }
      }
    }
    pushText(char);
    i++;
  }
  flush();
  return parts;
}

/** An answer as blocks: runs of bullet lines become lists, other runs paragraphs; blank lines separate. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const raw of source.replace(LINE_ENDING, '\n').split('\n')) {
    if (raw.trim() === '') {
      current = null;
      continue;
    }
    const bullet = BULLET.exec(raw);
    if (bullet) {
      if (current?.type !== 'list') {
        current = { type: 'list', items: [] };
        blocks.push(current);
      }
      current.items.push(parseInline(raw.slice(bullet[0].length).trim()));
    } else {
      if (current?.type !== 'paragraph') {
        current = { type: 'paragraph', lines: [] };
        blocks.push(current);
      }
      current.lines.push(parseInline(raw.trim()));
    }
  }
  return blocks;
}

/** The words of an answer without link targets, for screen-reader announcements. */
export function plainText(blocks: Block[]): string {
  const line = (parts: Inline[]) => parts.map((part) => part.text).join('');
  return blocks
    .map((block) => (block.type === 'list' ? block.items.map(line) : block.lines.map(line)).join('\n'))
    .join('\n\n');
}
