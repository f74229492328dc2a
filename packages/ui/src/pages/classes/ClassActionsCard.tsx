import { type ClassItem, canJoinNow, MESSAGES, SESSION_JOIN_EARLY_MINUTES } from '@mentora/contract';
import { ChartColumn, Pencil, Radio, RefreshCw, Trash2, UserMinus, UserPlus, Users, Video } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, buttonSecondary, card } from '../../components/styles';
import { ClassCapacity } from './ClassCapacity';
import type { ClassActions } from './classActions';
import { isFull } from './format';
import { liveStatusText, useLiveJoin } from './liveStatus';
import { useClassActionHandlers } from './useClassActionHandlers';

const buttonDangerOutline =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2.5 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 dark:border-red-500/40 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-500/10 dark:focus-visible:outline-red-400';

/**
 * What this person may do with the class (classActions decides), and the confirmations the lasting
 * ones ask for first.
 */
export function ClassActionsCard({
  cls,
  isEnrolled,
  can,
  viewedByAdmin,
}: {
  cls: ClassItem;
  isEnrolled: boolean;
  can: ClassActions;
  viewedByAdmin: boolean;
}) {
  const {
    actionsHeading,
    confirming,
    setConfirming,
    busy,
    enrol,
    unenrol,
    remove,
    startLive,
    joinLive,
    rotateRoom,
    onEnrol,
    onUnenrol,
    onDelete,
    onStartLive,
    onJoinLive,
    onRotateRoom,
  } = useClassActionHandlers(cls._id);
  // One Join, for the session on now or the next one (issue #37.2); none on a class that is not live.
  const live = useLiveJoin(cls, can.canJoinLive || can.canStartLive);
  const on = live?.join.state === 'on';
  const joinable = live !== null && canJoinNow(live.join);
  const showJoin = can.canJoinLive && live !== null && (joinable || live.join.state === 'next');

  return (
    <section aria-labelledby="actions-heading" className={`${card} space-y-5 p-5 sm:p-6`}>
      <h2
        id="actions-heading"
        ref={actionsHeading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
      >
        {can.isOwner
          ? 'Your class'
          : can.isCreator
            ? 'A class you created'
            : isEnrolled
              ? 'You are enrolled'
              : 'Join this class'}
      </h2>
      <ClassCapacity cls={cls} />

      {live && live.join.state !== 'none' && (
        <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300" data-testid="live-status">
          <span
            aria-hidden="true"
            className={`mt-1.5 size-2.5 shrink-0 rounded-full ${on ? 'bg-red-500 motion-safe:animate-pulse' : 'bg-slate-400'}`}
          />
          {liveStatusText(live.join, live.now, can.canStartLive)}
        </p>
      )}

      {/* Nothing to offer (its creator, no longer a mentor): no empty row. */}
      {(can.canStartLive ||
        can.canRotateRoom ||
        showJoin ||
        can.canEnrol ||
        can.canUnenrol ||
        can.canEdit ||
        can.canManageRoster ||
        can.canDelete) && (
        <div className="flex flex-col gap-3">
          {can.canStartLive && (
            <button type="button" className={buttonPrimary} disabled={busy} onClick={onStartLive}>
              {startLive.isPending ? <Spinner className="size-4" /> : <Radio aria-hidden="true" className="size-4" />}
              {on ? 'Reopen live session' : 'Start live session'}
            </button>
          )}
          {can.canRotateRoom && (
            <button
              type="button"
              className={buttonSecondary}
              disabled={busy}
              onClick={() => {
                rotateRoom.reset();
                setConfirming('room');
              }}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              New room link
            </button>
          )}
          {showJoin && (
            <button
              type="button"
              className={buttonPrimary}
              disabled={busy || !joinable}
              onClick={onJoinLive}
              title={joinable ? undefined : `Opens ${SESSION_JOIN_EARLY_MINUTES} minutes before the session starts`}
            >
              {joinLive.isPending ? <Spinner className="size-4" /> : <Video aria-hidden="true" className="size-4" />}
              Join live session
            </button>
          )}
          {can.canEnrol && (
            <button type="button" className={buttonPrimary} disabled={busy} onClick={onEnrol}>
              {enrol.isPending ? <Spinner className="size-4" /> : <UserPlus aria-hidden="true" className="size-4" />}
              {enrol.isPending ? 'Enrolling...' : 'Enrol in class'}
            </button>
          )}
          {can.canUnenrol && (
            <button
              type="button"
              className={buttonSecondary}
              disabled={busy}
              onClick={() => {
                unenrol.reset();
                setConfirming('unenrol');
              }}
            >
              <UserMinus aria-hidden="true" className="size-4" />
              Unenrol
            </button>
          )}
          {can.canEdit && (
            <Link to={`/classes/${encodeURIComponent(cls._id)}/edit`} className={buttonSecondary}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit class
            </Link>
          )}
          {can.canManageRoster && (
            <Link to={`/classes/${encodeURIComponent(cls._id)}/roster`} className={buttonSecondary}>
              <Users aria-hidden="true" className="size-4" />
              Roster
            </Link>
          )}
          {can.canManageRoster && (
            <Link to={`/classes/${encodeURIComponent(cls._id)}/insight`} className={buttonSecondary}>
              <ChartColumn aria-hidden="true" className="size-4" />
              Insight
            </Link>
          )}
          {can.canDelete && (
            <button
              type="button"
              className={buttonDangerOutline}
              disabled={busy}
              onClick={() => {
                remove.reset();
                setConfirming('delete');
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete class
            </button>
          )}
        </div>
      )}
      {cls.status === 'completed' && (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="completed-note">
          {MESSAGES.classDetail.completed}
          {isEnrolled || can.isCreator ? '.' : ': it takes no new enrolments.'}
        </p>
      )}
      {can.canEnrol && isFull(cls) && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          This class looks full. You can still try, in case a seat has just opened.
        </p>
      )}
      {can.isCreator && !can.isOwner && (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="not-mentor-note">
          You are no longer a mentor: the class stays open to its learners, but only a mentor can run it.
        </p>
      )}
      {viewedByAdmin && !can.isCreator && (
        <p className="text-sm text-slate-600 dark:text-slate-400">You are viewing this class as an administrator.</p>
      )}

      <ConfirmDialog
        open={confirming === 'unenrol'}
        title="Unenrol from this class?"
        message={
          <>
            You will leave <strong className="font-semibold">{cls.title}</strong> and lose access to its live session
            and discussions. You can enrol again later if a seat is free.
          </>
        }
        confirmLabel="Unenrol"
        busyLabel="Unenrolling..."
        destructive
        busy={unenrol.isPending}
        error={unenrol.isError ? errorMessage(unenrol.error, MESSAGES.classDetail.unenrolFailed) : null}
        onConfirm={onUnenrol}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'room'}
        title="Make a new room link?"
        message={
          <>
            The live room of <strong className="font-semibold">{cls.title}</strong> moves to a new address, and the old
            link stops working: whoever kept it, such as a learner who left, finds an empty room. Your learners get the
            new link when they join from this page.
          </>
        }
        confirmLabel="Make new link"
        busyLabel="Making..."
        busy={rotateRoom.isPending}
        error={rotateRoom.isError ? errorMessage(rotateRoom.error, MESSAGES.classDetail.roomRotateFailed) : null}
        onConfirm={onRotateRoom}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete this class?"
        message={
          <>
            <strong className="font-semibold">{cls.title}</strong> will be deleted for everyone, with its enrolments,
            discussions and reviews. This cannot be undone.
          </>
        }
        confirmLabel="Delete class"
        busyLabel="Deleting..."
        destructive
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, MESSAGES.classDetail.deleteFailed) : null}
        onConfirm={onDelete}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
