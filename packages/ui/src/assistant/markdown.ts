// What an assistant answer may link to, and its words for a screen reader. The answer itself is read by a
// CommonMark parser (mdast-util-from-markdown here, react-markdown in ./Markdown); this module decides
// which targets become links, so a link exists only when its target is an app path or an http(s) URL.
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

export type LinkTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const NOT_IN_LINK = /[\s\u0000-\u001f\u007f]/;
const HTTP_URL = /^https?:\/\//i;

/** The patterns run on an answer (which quotes what people wrote), for the server's ReDoS sweep. */
export const MARKDOWN_PATTERNS: Readonly<Record<string, RegExp>> = { NOT_IN_LINK, HTTP_URL };

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

/** A node's words: link text without its target, a line break as a new line, blocks a blank line apart. */
function wordsOf(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'code':
    case 'html':
      return node.value;
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
    case 'thematicBreak':
    case 'definition':
      return '';
    case 'root':
    case 'blockquote':
      return node.children.map(wordsOf).join('\n\n');
    case 'list':
      return node.children.map(wordsOf).join('\n');
    case 'listItem':
      return node.children.map(wordsOf).join('\n');
    default:
      return 'children' in node ? node.children.map((child) => wordsOf(child as Nodes)).join('') : '';
  }
}

/** The words of an answer, as its Markdown reads, for screen-reader announcements. */
export function plainText(source: string): string {
  return wordsOf(fromMarkdown(source));
}
