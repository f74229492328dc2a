import type { AuditAction, AuditEntry, AuditTargetType } from '@mentora/contract';
import { ScrollText } from 'lucide-react';
import { DataTable } from './DataTable';
import { useAuditLog } from './queries';
import { DateCell, Empty, FetchFailed, Loading, LoadMore, PanelHeader } from './ui';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  mentor_verified: 'Verified a mentor',
  user_deleted: 'Deleted an account',
  role_changed: 'Changed a role',
  class_deleted: 'Deleted a class',
  discussion_deleted: 'Deleted a discussion',
  post_deleted: 'Deleted a community post',
  sanction_imposed: 'Sanctioned an account',
  sanction_lifted: 'Lifted a sanction',
  report_dismissed: 'Kept reported content',
  content_hidden: 'Hid reported content',
  content_deleted: 'Deleted reported content',
  learner_removed: 'Removed a learner from a class',
  material_deleted: 'Deleted a class file',
};

const TARGET_LABELS: Record<AuditTargetType, string> = {
  user: 'Person',
  class: 'Class',
  discussion: 'Discussion',
  post: 'Post',
  reply: 'Reply',
  postReply: 'Post reply',
  review: 'Review',
  material: 'File',
};

/** What admins did, newest first: who, when, what, to what. Names are as they were at the time. */
export function AuditLogPanel() {
  const log = useAuditLog();

  if (log.isPending) return <Loading what="the audit log" />;
  if (log.isError && !log.data) return <FetchFailed error={log.error} onRetry={() => void log.refetch()} />;

  const rows = log.data.pages.flatMap((page) => page.entries);
  const count = `${rows.length}${log.hasNextPage ? '+' : ''}`;

  return (
    <section aria-labelledby="audit-heading">
      <PanelHeader
        id="audit-heading"
        title="Audit log"
        count={count}
        description="Every verification, role change and deletion made by an administrator, newest first. Entries cannot be changed or removed here."
      />
      {log.isError && (
        <div className="mb-4">
          <FetchFailed error={log.error} onRetry={() => void log.fetchNextPage()} />
        </div>
      )}
      {rows.length === 0 ? (
        <Empty icon={ScrollText}>Nothing has been recorded yet.</Empty>
      ) : (
        <DataTable
          caption="Audit log"
          rows={rows}
          rowKey={(entry: AuditEntry) => entry._id}
          titleHeader="Action"
          title={(entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
          cardSubtitle={(entry) => <DateCell iso={entry.createdAt} withTime />}
          columns={[
            { header: 'Time', inCard: false, cell: (entry) => <DateCell iso={entry.createdAt} withTime /> },
            { header: 'By', cell: (entry) => entry.actor.name },
            {
              header: 'Target',
              cell: (entry) => (
                <span className="break-words">
                  <span className="text-slate-500 dark:text-slate-400">{TARGET_LABELS[entry.target.type]}:</span>{' '}
                  {entry.target.name}
                </span>
              ),
            },
            { header: 'Detail', cell: (entry) => <span className="break-words">{entry.detail || '—'}</span> },
          ]}
        />
      )}
      {log.hasNextPage && <LoadMore loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()} />}
    </section>
  );
}
