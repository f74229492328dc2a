import type { User } from '@mentora/contract';
import { Trash2, Users } from 'lucide-react';
import { DataTable } from './DataTable';
import { emailColumn, PersonName, PersonSubtitle, roleColumn, usernameColumn } from './people';
import { useLearners } from './queries';
import { DateCell, Empty, FetchFailed, Loading, PanelHeader, smallButtonDanger } from './ui';
import { useAdminDelete } from './useAdminDelete';
import { useRoleChange } from './useRoleChange';

export function LearnersPanel() {
  const learners = useLearners();
  const { confirm, dialog, deletingId } = useAdminDelete();
  const roles = useRoleChange();

  if (learners.isPending) return <Loading what="learners" />;
  if (learners.isError) return <FetchFailed error={learners.error} onRetry={() => void learners.refetch()} />;

  return (
    <section aria-labelledby="learners-heading">
      <PanelHeader
        id="learners-heading"
        title="Learners"
        count={String(learners.data.length)}
        description="Everyone who learns on Mentora, newest first (people who both teach and learn are listed under Mentors too)."
      />
      {learners.data.length === 0 ? (
        <Empty icon={Users}>No learners yet.</Empty>
      ) : (
        <DataTable
          caption="Learners"
          rows={learners.data}
          rowKey={(user: User) => user._id}
          titleHeader="Name"
          title={(user) => <PersonName user={user} />}
          cardSubtitle={(user) => <PersonSubtitle user={user} />}
          columns={[
            usernameColumn,
            emailColumn,
            roleColumn(roles.choose, roles.changingId),
            { header: 'Joined', cell: (user) => <DateCell iso={user.createdAt} /> },
          ]}
          actions={(user) => (
            <button
              type="button"
              className={smallButtonDanger}
              disabled={deletingId === user._id || roles.changingId === user._id}
              aria-label={`Delete ${user.name}`}
              onClick={() =>
                confirm({
                  kind: 'learner',
                  id: user._id,
                  title: 'Delete this learner?',
                  message: (
                    <>
                      <strong className="font-semibold">{user.name}</strong>'s account will be deleted with their
                      enrolments, reviews, discussions, posts and replies. This cannot be undone.
                    </>
                  ),
                  confirmLabel: 'Delete learner',
                })
              }
            >
              <Trash2 aria-hidden="true" className="size-3.5" />
              Delete
            </button>
          )}
        />
      )}
      {dialog}
      {roles.dialog}
    </section>
  );
}
