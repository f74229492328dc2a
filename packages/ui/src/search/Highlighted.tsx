import type { MatchRange } from '@mentora/contract';

/**
 * `text` with the parts the server matched (ranges into it) in <mark>. The server sends plain text and
 * offsets, never HTML: whatever the text holds is shown as text. Ranges outside the text are ignored.
 */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly MatchRange[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const { start, end } of [...ranges].sort((a, b) => a.start - b.start)) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) parts.push(text.slice(at, from));
    parts.push(
      <mark key={from} className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-400/30 dark:text-amber-100">
        {text.slice(from, to)}
      </mark>,
    );
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
