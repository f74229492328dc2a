import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '../components/ExternalLink';
import { textLink } from '../components/styles';
import { type Inline, parseMarkdown } from './markdown';

interface MarkdownProps {
  source: string;
  /** Called after an in-app link was followed (the chat closes itself on phones then). */
  onNavigate?: () => void;
}

const linkClass = `${textLink} underline decoration-indigo-300 underline-offset-2 dark:decoration-indigo-500/60`;

function Line({ parts, onNavigate }: { parts: Inline[]; onNavigate?: () => void }) {
  return parts.map((part, index) => {
    // Parts of one line never reorder, so their position is a stable key.
    const key = `${index}-${part.type}`;
    if (part.type === 'text') return <Fragment key={key}>{part.text}</Fragment>;
    if (part.target.kind === 'internal') {
      return (
        <Link key={key} to={part.target.path} className={linkClass} onClick={onNavigate}>
          {part.text}
        </Link>
      );
    }
    return (
      <ExternalLink key={key} href={part.target.url} className={linkClass}>
        {part.text}
      </ExternalLink>
    );
  });
}

/** An assistant answer: the safe Markdown subset of ./markdown, as React elements (never raw HTML). */
export function Markdown({ source, onNavigate }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className="space-y-2 break-words">
      {blocks.map((block, index) => {
        const key = `${index}-${block.type}`;
        if (block.type === 'list') {
          return (
            <ul key={key} className="list-disc space-y-1 pl-5 marker:text-slate-400">
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items of a rendered answer never reorder
                <li key={itemIndex}>
                  <Line parts={item} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={key}>
            {block.lines.map((line, lineIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of a rendered answer never reorder
              <Fragment key={lineIndex}>
                {lineIndex > 0 && <br />}
                <Line parts={line} onNavigate={onNavigate} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
