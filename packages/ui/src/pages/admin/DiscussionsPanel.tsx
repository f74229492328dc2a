import type { Discussion } from '@mentora/contract';
import { EyeOff, Flag, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { textLink } from '../../components/styles';
import { DataTable } from './DataTable';
import { useAdminDiscussions } from './queries';
import { Badge, DateCell, Empty, FetchFailed, Loading, LoadMore, PanelHeader } from './ui';
import { useAdminDelete } from './useAdminDelete';

export function DiscussionsPanel() {
  const discussions = useAdminDiscussions();
  const { deleteButton, dialog } = useAdminDelete();

  if (discussions.isPending) return <Loading what="discussions" />;
  if (discussions.isError && !discussions.data) {
    return <FetchFailed error={discussions.error} onRetry={() => void discussions.refetch()} />;
  }

  const rows = discussions.data.pages.flatMap((page) => page.discussions);
  const count = `${rows.length}${discussions.hasNextPage ? '+' : ''}`;

  return (
    <section aria-labelledby="discussions-heading">
      <PanelHeader
        id="discussions-heading"
        title="Discussions"
        count={count}
        description="Every discussion in every class, newest first. Flagged ones contain abusive language or a hostile tone."
      />
      {discussions.isError && (
        <div className="mb-4">
          <FetchFailed error={discussions.error} onRetry={() => void discussions.fetchNextPage()} />
        </div>
      )}
      {rows.length === 0 ? (
        <Empty icon={MessagesSquare}>No discussions yet.</Empty>
      ) : (
        <DataTable
          caption="Discussions"
          rows={rows}
          rowKey={(discussion: Discussion) => discussion._id}
          titleHeader="Title"
          title={(discussion) => (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Link to={`/discussions/${encodeURIComponent(discussion._id)}`} className={textLink}>
                {discussion.title}
              </Link>
              {/* Hidden pending review: admins read it as written, and see that others do not. */}
              {discussion.hidden && (
                <Badge tone="slate" icon={EyeOff}>
                  Hidden
                </Badge>
              )}
              {discussion.moderation.flagged && (
                <span title={discussion.moderation.reason ?? undefined}>
                  <Badge tone="red" icon={Flag}>
                    Flagged
                  </Badge>
                </span>
              )}
            </span>
          )}
          columns={[
            { header: 'Class', cell: (discussion) => discussion.classId.title },
            { header: 'Author', cell: (discussion) => discussion.author.name },
            { header: 'Date', cell: (discussion) => <DateCell iso={discussion.createdAt} /> },
            { header: 'Replies', numeric: true, cell: (discussion) => discussion.replyCount },
          ]}
          actions={(discussion) =>
            deleteButton({
              kind: 'discussion',
              id: discussion._id,
              name: discussion.title,
              title: 'Delete this discussion?',
              message: (
                <>
                  <strong className="font-semibold">{discussion.title}</strong> in {discussion.classId.title} will be
                  deleted with all its replies. This cannot be undone.
                </>
              ),
              confirmLabel: 'Delete discussion',
            })
          }
        />
      )}
      {discussions.hasNextPage && (
        <LoadMore loading={discussions.isFetchingNextPage} onClick={() => void discussions.fetchNextPage()} />
      )}
      {dialog}
    </section>
  );
}
