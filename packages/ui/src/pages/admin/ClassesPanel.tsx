import type { ClassItem } from '@mentora/contract';
import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { formatRating } from '../../components/rating';
import { textLink } from '../../components/styles';
import { CATEGORY_LABELS } from '../classes/format';
import { DataTable } from './DataTable';
import { useAdminClasses } from './queries';
import { DateCell, Empty, FetchFailed, Loading, LoadMore, PanelHeader } from './ui';
import { useAdminDelete } from './useAdminDelete';

export function ClassesPanel() {
  const classes = useAdminClasses();
  const { deleteButton, dialog } = useAdminDelete();

  if (classes.isPending) return <Loading what="classes" />;
  if (classes.isError && !classes.data) {
    return <FetchFailed error={classes.error} onRetry={() => void classes.refetch()} />;
  }

  const rows = classes.data.pages.flatMap((page) => page.classes);
  const count = `${rows.length}${classes.hasNextPage ? '+' : ''}`;

  return (
    <section aria-labelledby="classes-heading">
      <PanelHeader
        id="classes-heading"
        title="Classes"
        count={count}
        description="Every class on Mentora, newest first. Deleting a class also deletes its enrolments, discussions and reviews."
      />
      {classes.isError && (
        <div className="mb-4">
          <FetchFailed error={classes.error} onRetry={() => void classes.fetchNextPage()} />
        </div>
      )}
      {rows.length === 0 ? (
        <Empty icon={BookOpen}>No classes yet.</Empty>
      ) : (
        <DataTable
          caption="Classes"
          rows={rows}
          rowKey={(cls: ClassItem) => cls._id}
          titleHeader="Title"
          title={(cls) => (
            <Link to={`/classes/${encodeURIComponent(cls._id)}`} className={textLink}>
              {cls.title}
            </Link>
          )}
          columns={[
            { header: 'Mentor', cell: (cls) => cls.mentor.name },
            { header: 'Category', cell: (cls) => CATEGORY_LABELS[cls.category] ?? cls.category },
            { header: 'Students', numeric: true, cell: (cls) => cls.studentCount },
            {
              header: 'Rating',
              numeric: true,
              cell: (cls) => <span className="whitespace-nowrap">{formatRating(cls.rating, cls.reviewCount)}</span>,
            },
            { header: 'Created', cell: (cls) => <DateCell iso={cls.createdAt} /> },
          ]}
          actions={(cls) =>
            deleteButton({
              kind: 'class',
              id: cls._id,
              name: cls.title,
              title: 'Delete this class?',
              message: (
                <>
                  <strong className="font-semibold">{cls.title}</strong> by {cls.mentor.name} will be deleted for
                  everyone, with its enrolments, discussions and reviews. This cannot be undone.
                </>
              ),
              confirmLabel: 'Delete class',
            })
          }
        />
      )}
      {classes.hasNextPage && (
        <LoadMore loading={classes.isFetchingNextPage} onClick={() => void classes.fetchNextPage()} />
      )}
      {dialog}
    </section>
  );
}
