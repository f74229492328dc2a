import type { ActiveSanction } from '@mentora/contract';
import { Ban, VolumeX } from 'lucide-react';
import { formatDate, formatDateTime } from '../../components/formatters';
import { Badge } from './ui';

/**
 * The sanction in force on a person, in their row: "Silenced until Dec 3, 2026" (amber) or "Suspended
 * until …" (red). Hovering shows the reason and the exact end; screen readers read the reason too.
 */
export function SanctionBadge({ sanction }: { sanction: ActiveSanction }) {
  const silenced = sanction.kind === 'silence';
  const state = silenced ? 'Silenced' : 'Suspended';
  return (
    <span title={`${state} until ${formatDateTime(sanction.endsAt)}. Reason: ${sanction.reason}`}>
      <Badge tone={silenced ? 'amber' : 'red'} icon={silenced ? VolumeX : Ban}>
        {state} until <time dateTime={sanction.endsAt}>{formatDate(sanction.endsAt)}</time>
      </Badge>
      <span className="sr-only">. Reason: {sanction.reason}</span>
    </span>
  );
}
