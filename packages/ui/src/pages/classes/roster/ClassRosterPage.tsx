import { MESSAGES, type RosterLearner } from '@mentora/contract';
import { Download, UserMinus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/errors';
import { RetryAlert } from '../../../components/Alert';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { downloadFile } from '../../../components/download';
import { countLabel, formatDateTime } from '../../../components/formatters';
import { SearchField } from '../../../components/SearchField';
import { buttonSecondary, card } from '../../../components/styles';
import { ClassSubpage, SubpageLoading } from '../ClassSubpage';
import { useRemoveFromRoster, useRoster } from '../queries';
import { rosterCsv, rosterFileName } from './rosterCsv';
import { filterRoster } from './rosterSearch';

/**
 * A class's roster (issue #25): who is enrolled and since when, for its mentor and admins. Searchable,
 * exportable as CSV, and each learner can be taken off the class after a confirmation; the server tells
 * them and ends their access.
 */
export function ClassRosterPage() {
  return (
    <ClassSubpage
      title="Roster"
      intro={(cls) => (
        <>
          The learners enrolled in{' '}
          <strong className="font-semibold text-slate-800 dark:text-slate-200">{cls.title}</strong>.
        </>
      )}
      refusal={MESSAGES.server.rosterMentorOrAdminOnly}
    >
      {(cls) => <RosterList classId={cls._id} classTitle={cls.title} />}
    </ClassSubpage>
  );
}

function RosterList({ classId, classTitle }: { classId: string; classTitle: string }) {
  const roster = useRoster(classId);
  const remove = useRemoveFromRoster(classId);
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<RosterLearner | null>(null);

  if (roster.isPending) return <SubpageLoading />;
  if (roster.isError) {
    return (
      <div className="mt-6">
        <RetryAlert
          message={errorMessage(roster.error, MESSAGES.roster.loadFailed)}
          onRetry={() => void roster.refetch()}
        />
      </div>
    );
  }

  const learners = roster.data;
  const shown = filterRoster(learners, search);

  const onConfirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing._id, {
      onSuccess: () => {
        toast.success(MESSAGES.roster.removed(removing.name));
        setRemoving(null);
        void roster.refetch();
      },
    });
  };

  return (
    <section aria-labelledby="roster-heading" className={`${card} mt-8 p-5 sm:p-6`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="roster-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {countLabel(learners.length, 'learner enrolled', 'learners enrolled')}
        </h2>
        <button
          type="button"
          className={buttonSecondary}
          disabled={learners.length === 0}
          onClick={() => downloadFile(rosterFileName(classTitle), rosterCsv(learners), 'text/csv;charset=utf-8')}
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </button>
      </div>

      {learners.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">Nobody has enrolled in this class yet.</p>
      ) : (
        <>
          <SearchField
            className="mt-5"
            label="Search learners"
            placeholder="Search by name or username"
            value={search}
            onChange={setSearch}
            onClear={() => setSearch('')}
          />
          {shown.length === 0 ? (
            <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">No learner matches “{search.trim()}”.</p>
          ) : (
            <ul className="mt-5 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Enrolled learners">
              {shown.map((learner) => (
                <li key={learner._id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4">
                  <div className="flex min-w-0 flex-1 items-center gap-3">
                    <Avatar name={learner.name} picture={learner.profilePicture} className="size-10 text-sm" />
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900 dark:text-white">{learner.name}</p>
                      <p className="truncate text-sm text-slate-600 dark:text-slate-400">@{learner.username}</p>
                      {/* A line of its own: on a phone the date would otherwise be cut off after the username. */}
                      <p className="text-sm text-slate-600 dark:text-slate-400">
                        Enrolled <time dateTime={learner.enrolledAt}>{formatDateTime(learner.enrolledAt)}</time>
                      </p>
                    </div>
                  </div>
                  <button
                    type="button"
                    // Under the name on a phone, lined up with it rather than with the picture.
                    className={`${buttonSecondary} ml-13 self-start sm:ml-0 sm:self-auto`}
                    aria-label={`Remove ${learner.name} from class`}
                    onClick={() => {
                      remove.reset();
                      setRemoving(learner);
                    }}
                  >
                    <UserMinus aria-hidden="true" className="size-4" />
                    Remove from class
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <ConfirmDialog
        open={removing !== null}
        title="Remove from class?"
        message={
          <>
            <strong className="font-semibold">{removing?.name}</strong> will leave{' '}
            <strong className="font-semibold">{classTitle}</strong> at once and lose its live session and discussions.
            They will be told by a notification.
          </>
        }
        confirmLabel="Remove from class"
        busyLabel="Removing..."
        destructive
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, MESSAGES.roster.removeFailed) : null}
        onConfirm={onConfirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
