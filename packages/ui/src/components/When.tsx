import { formatDate, formatDateTime } from './formatters';

/**
 * A moment in the viewer's time zone: its date (or date and time), the full date and time on hover, and
 * the instant itself in `dateTime` for machines and tests.
 */
export function When({ iso, withTime = false, className }: { iso: string; withTime?: boolean; className?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {withTime ? formatDateTime(iso) : formatDate(iso)}
    </time>
  );
}
