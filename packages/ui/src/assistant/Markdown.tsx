import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkBreaks from 'remark-breaks';
import { ExternalLink } from '../components/ExternalLink';
import { textLink } from '../components/styles';
import { linkTarget } from './markdown';

interface MarkdownProps {
  source: string;
  /** Called after an in-app link was followed (the chat closes itself on phones then). */
  onNavigate?: () => void;
}

const linkClass = `${textLink} underline decoration-indigo-300 underline-offset-2 dark:decoration-indigo-500/60`;

/**
 * What an answer may be made of. Anything else (headings, code, images, tables) is unwrapped to its
 * text; HTML in an answer stays text, since no raw-HTML plugin is used.
 */
const ALLOWED = ['p', 'br', 'ul', 'ol', 'li', 'a', 'strong', 'em'];

/** Keeps every target as written: the link component below decides what may be a link. */
const keepUrl = (url: string) => url;

function components(onNavigate: (() => void) | undefined): Components {
  return {
    a: ({ href, children }): ReactNode => {
      const target = href === undefined ? null : linkTarget(href);
      // Not a link we may make: the words stay, the target goes.
      if (!target) return children;
      if (target.kind === 'internal') {
        return (
          <Link to={target.path} className={linkClass} onClick={onNavigate}>
            {children}
          </Link>
        );
      }
      return (
        <ExternalLink href={target.url} className={linkClass}>
          {children}
        </ExternalLink>
      );
    },
    ul: ({ children }) => <ul className="list-disc space-y-1 pl-5 marker:text-slate-400">{children}</ul>,
    ol: ({ children }) => <ol className="list-decimal space-y-1 pl-5 marker:text-slate-400">{children}</ol>,
  };
}

/** An assistant answer, as React elements (never raw HTML). A single line break stays a line break. */
export function Markdown({ source, onNavigate }: MarkdownProps) {
  return (
    <div className="space-y-2 break-words">
      <ReactMarkdown
        remarkPlugins={[remarkBreaks]}
        allowedElements={ALLOWED}
        unwrapDisallowed
        urlTransform={keepUrl}
        components={components(onNavigate)}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
