import { type ClassItem, type LiveResponse, type LiveRoomResponse, MESSAGES } from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarClock,
  CalendarDays,
  CircleDollarSign,
  ExternalLink as ExternalLinkIcon,
  FileText,
  type LucideIcon,
  MessageSquarePlus,
  MessagesSquare,
  Radio,
  RefreshCw,
  SearchX,
  Star,
  Trash2,
  UserMinus,
  UserPlus,
  Users,
  Video,
} from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { useApi } from '../../api/ApiContext';
import { errorMessage, errorStatus } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ExternalLink } from '../../components/ExternalLink';
import { formatDateTime } from '../../components/formatters';
import { formatRating, reviewCountLabel } from '../../components/rating';
import { Spinner } from '../../components/Spinner';
import { StarRatingDisplay } from '../../components/StarRating';
import { buttonPrimary, buttonSecondary, card, textLink } from '../../components/styles';
import { usePlatform } from '../../platform/PlatformContext';
import type { PendingExternal } from '../../platform/platform';
import { classActions } from './classActions';
import {
  badge,
  CATEGORY_LABELS,
  CONTENT_TYPE_LABELS,
  capacityLabel,
  categoryBadge,
  formatPrice,
  isFull,
  STATUS_BADGE,
  STATUS_LABELS,
} from './format';
import { classKeys, refreshAfterMembershipChange, reviewKeys, useClassDetail, useEnrollment } from './queries';

const buttonDangerOutline =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2.5 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 dark:border-red-500/40 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-500/10 dark:focus-visible:outline-red-400';

function BackLink() {
  return (
    <Link to="/classes" className={`${textLink} inline-flex items-center gap-1.5 text-sm`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      All classes
    </Link>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">{children}</div>;
}

function NotFound() {
  return (
    <Shell>
      <BackLink />
      <div className="mx-auto mt-10 max-w-md text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
          <SearchX aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {MESSAGES.classDetail.notFound}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          It may have been deleted by its mentor or an admin, or the link is wrong.
        </p>
        <Link to="/classes" className={`${buttonPrimary} mt-6`}>
          Browse classes
        </Link>
      </div>
    </Shell>
  );
}

function Fact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-9 min-w-0 pl-12">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
        <span className="absolute top-0 left-0 inline-flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function TextBlock({ title, text }: { title: string; text: string }) {
  if (text.trim() === '') return null;
  return (
    <div>
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
        {text}
      </p>
    </div>
  );
}

function Capacity({ cls }: { cls: ClassItem }) {
  const full = isFull(cls);
  const share = cls.maxStudents ? Math.min(100, Math.round((cls.studentCount / cls.maxStudents) * 100)) : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-300">Capacity</span>
        <span className="font-semibold text-slate-900 dark:text-white" data-testid="capacity">
          {capacityLabel(cls)}
          {full && <span className="ml-2 text-red-700 dark:text-red-300">Full</span>}
        </span>
      </div>
      {cls.maxStudents !== null && (
        <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
          <div
            className={`h-full rounded-full ${full ? 'bg-red-500' : 'bg-indigo-600 dark:bg-indigo-400'}`}
            style={{ width: `${share}%` }}
          />
        </div>
      )}
    </div>
  );
}

type Confirming = 'unenrol' | 'delete' | 'room' | null;

export function ClassDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const api = useApi();
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const detail = useClassDetail(id);
  const enrollment = useEnrollment(id, detail.isSuccess);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // After enrolling or unenrolling, the button that was pressed is gone: focus goes to the actions' heading.
  const actionsHeading = useRef<HTMLHeadingElement>(null);
  const path = `/classes/${encodeURIComponent(id)}`;

  const enrol = useMutation({
    mutationFn: () => api.post(`${path}/enroll`),
    onSuccess: async () => {
      toast.success(MESSAGES.classDetail.enrolled);
      await refreshAfterMembershipChange(queryClient);
      actionsHeading.current?.focus();
    },
    onError: (error) => {
      toast.error(errorMessage(error, MESSAGES.classDetail.enrollFailed));
      // A full class or a changed enrolment: show the class as it is now.
      void queryClient.invalidateQueries({ queryKey: classKeys.detail(id) });
    },
  });

  const unenrol = useMutation({
    mutationFn: () => api.post(`${path}/unenroll`),
    onSuccess: async () => {
      setConfirming(null);
      toast.success(MESSAGES.classDetail.unenrolled);
      await refreshAfterMembershipChange(queryClient);
      actionsHeading.current?.focus();
    },
  });

  const remove = useMutation({
    mutationFn: () => api.delete(path),
    onSuccess: async () => {
      toast.success(MESSAGES.classDetail.deleted);
      navigate('/classes', { replace: true });
      // Nothing may ask for the deleted class again: drop its entries, then refresh every list.
      queryClient.removeQueries({ queryKey: classKeys.detail(id) });
      queryClient.removeQueries({ queryKey: classKeys.enrollment(id) });
      queryClient.removeQueries({ queryKey: reviewKeys.all(id) });
      await refreshAfterMembershipChange(queryClient);
    },
  });

  // Both live actions get their tab from openExternalLater in the click itself (see Platform): a tab opened
  // after the API's answer is what Safari's and Firefox's popup blockers refuse.
  const startLive = useMutation({
    mutationFn: async (_tab: PendingExternal) => (await api.post<{ url: string }>(`${path}/live`)).data,
    onSuccess: async ({ url }, tab) => {
      tab.go(url);
      toast.success('Live session started. The room opened in a new tab.');
      await queryClient.invalidateQueries({ queryKey: classKeys.all });
    },
    onError: (error, tab) => {
      tab.cancel();
      toast.error(errorMessage(error, 'Failed to start the live session'));
    },
  });

  const rotateRoom = useMutation({
    mutationFn: async () => (await api.post<LiveRoomResponse>(`${path}/live/room`)).data,
    onSuccess: () => {
      setConfirming(null);
      toast.success(MESSAGES.classDetail.roomRotated);
      actionsHeading.current?.focus();
    },
  });

  const joinLive = useMutation({
    mutationFn: async (_tab: PendingExternal) => (await api.get<LiveResponse>(`${path}/live`)).data,
    onSuccess: ({ url, live }, tab) => {
      tab.go(url);
      if (!live) toast('The session has not started yet. The room is open: your mentor will join there.');
      if (live !== detail.data?.live) void queryClient.invalidateQueries({ queryKey: classKeys.detail(id) });
    },
    onError: (error, tab) => {
      tab.cancel();
      toast.error(errorMessage(error, 'Failed to join the live session'));
    },
  });

  if (detail.isPending) {
    return (
      <Shell>
        <BackLink />
        <div
          role="status"
          className="flex min-h-[40vh] items-center justify-center text-indigo-600 dark:text-indigo-400"
        >
          <Spinner className="size-8" />
          <span className="sr-only">Loading...</span>
        </div>
      </Shell>
    );
  }

  if (detail.isError) {
    if (errorStatus(detail.error) === 404) return <NotFound />;
    return (
      <Shell>
        <BackLink />
        <h1 className="sr-only">Class</h1>
        <div className="mt-6">
          <ErrorAlert>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{errorMessage(detail.error, MESSAGES.classDetail.loadFailed)}</span>
              <button type="button" className={`${textLink} text-sm`} onClick={() => void detail.refetch()}>
                Try again
              </button>
            </div>
          </ErrorAlert>
        </div>
      </Shell>
    );
  }

  const cls = detail.data;
  const isEnrolled = enrollment.data?.isEnrolled ?? (user ? (cls.enrolledStudents ?? []).includes(user._id) : false);
  const can = classActions(user, cls, isEnrolled);
  const reviewsPath = `/classes/${cls._id}/reviews`;
  const discussionsQuery = `classId=${encodeURIComponent(cls._id)}`;
  const busy =
    enrol.isPending ||
    unenrol.isPending ||
    remove.isPending ||
    startLive.isPending ||
    joinLive.isPending ||
    rotateRoom.isPending;

  return (
    <Shell>
      <BackLink />

      <header className="mt-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className={categoryBadge}>{CATEGORY_LABELS[cls.category]}</span>
          <span className={`${badge} ${STATUS_BADGE[cls.status]}`}>
            <span className="sr-only">Status: </span>
            {STATUS_LABELS[cls.status]}
          </span>
          {cls.live && (
            <span
              className={`${badge} bg-red-50 text-red-800 ring-red-200 dark:bg-red-500/15 dark:text-red-200 dark:ring-red-500/30`}
            >
              <Radio aria-hidden="true" className="size-3" />
              Live now
            </span>
          )}
          {isEnrolled && !can.isOwner && (
            <span
              className={`${badge} bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-200 dark:ring-emerald-500/30`}
            >
              Enrolled
            </span>
          )}
        </div>
        <h1 className="mt-3 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">
          {cls.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
          <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Avatar name={cls.mentor.name} picture={cls.mentor.profilePicture} className="size-8 text-xs" />
            <span>
              Mentor <span className="font-semibold text-slate-900 dark:text-white">{cls.mentor.name}</span>
              {can.isCreator && <span className="text-slate-600 dark:text-slate-400"> (you)</span>}
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <StarRatingDisplay value={cls.rating} count={cls.reviewCount} />
            {cls.rating !== null && cls.reviewCount > 0 ? (
              <span>
                <span className="font-semibold text-slate-900 dark:text-white">{formatRating(cls.rating)}</span> ·{' '}
                {reviewCountLabel(cls.reviewCount)}
              </span>
            ) : (
              <span>No ratings yet</span>
            )}
            <Link to={reviewsPath} className={`${textLink} inline-flex items-center gap-1`}>
              <Star aria-hidden="true" className="size-3.5" />
              Reviews
            </Link>
          </p>
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <section aria-labelledby="about-heading" className={`${card} space-y-6 p-5 sm:p-6`}>
            <h2 id="about-heading" className="sr-only">
              About this class
            </h2>
            <p className="text-base leading-7 break-words whitespace-pre-line text-slate-800 dark:text-slate-200">
              {cls.description}
            </p>
            <dl className="grid gap-5 border-t border-slate-200 pt-6 sm:grid-cols-2 dark:border-slate-800">
              <Fact icon={CalendarClock} label="Schedule">
                {cls.schedule.trim() || 'Not set'}
              </Fact>
              <Fact icon={CalendarDays} label="Start date">
                {cls.startDate ? <time dateTime={cls.startDate}>{formatDateTime(cls.startDate)}</time> : 'Not set'}
              </Fact>
              <Fact icon={CircleDollarSign} label="Price">
                {formatPrice(cls)}
              </Fact>
              <Fact icon={Users} label="Students">
                {capacityLabel(cls)}
              </Fact>
              <Fact
                icon={cls.contentType === 'live' ? Radio : cls.contentType === 'video' ? Video : FileText}
                label="Format"
              >
                {CONTENT_TYPE_LABELS[cls.contentType]}
              </Fact>
              {cls.contentUrl !== '' && (
                <Fact icon={ExternalLinkIcon} label="Content">
                  <ExternalLink
                    href={cls.contentUrl}
                    className={`${textLink} inline-flex items-center gap-1 break-all`}
                  >
                    Open class content
                    <span className="sr-only"> (opens in a new tab)</span>
                  </ExternalLink>
                </Fact>
              )}
            </dl>
            {cls.tags.length > 0 && (
              <div className="border-t border-slate-200 pt-6 dark:border-slate-800">
                <h2 className="text-base font-semibold text-slate-900 dark:text-white">Tags</h2>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {cls.tags.map((tag) => (
                    <li
                      key={tag}
                      className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                    >
                      #{tag}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>

          {(cls.prerequisites.trim() !== '' || cls.materials.trim() !== '') && (
            <section className={`${card} grid gap-6 p-5 sm:grid-cols-2 sm:p-6`} aria-label="Preparation">
              <TextBlock title="Prerequisites" text={cls.prerequisites} />
              <TextBlock title="Materials" text={cls.materials} />
            </section>
          )}
        </div>

        <aside className="min-w-0 space-y-6 lg:sticky lg:top-24">
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
            <Capacity cls={cls} />

            {(can.canJoinLive || can.canStartLive) && (
              <p
                className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
                data-testid="live-status"
              >
                <span
                  aria-hidden="true"
                  className={`size-2.5 rounded-full ${cls.live ? 'bg-red-500 motion-safe:animate-pulse' : 'bg-slate-400'}`}
                />
                {cls.live ? 'The live session is on now.' : 'The live session has not started yet.'}
              </p>
            )}

            {/* Nothing to offer (its creator, no longer a mentor): no empty row. */}
            {(can.canStartLive ||
              can.canRotateRoom ||
              can.canJoinLive ||
              can.canEnrol ||
              can.canUnenrol ||
              can.canDelete) && (
              <div className="flex flex-col gap-3">
                {can.canStartLive && (
                  <button
                    type="button"
                    className={buttonPrimary}
                    disabled={busy}
                    onClick={() => startLive.mutate(platform.openExternalLater())}
                  >
                    {startLive.isPending ? (
                      <Spinner className="size-4" />
                    ) : (
                      <Radio aria-hidden="true" className="size-4" />
                    )}
                    {cls.live ? 'Reopen live session' : 'Start live session'}
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
                {can.canJoinLive && (
                  <button
                    type="button"
                    className={buttonPrimary}
                    disabled={busy}
                    onClick={() => joinLive.mutate(platform.openExternalLater())}
                  >
                    {joinLive.isPending ? (
                      <Spinner className="size-4" />
                    ) : (
                      <Video aria-hidden="true" className="size-4" />
                    )}
                    Join live session
                  </button>
                )}
                {can.canEnrol && (
                  <button type="button" className={buttonPrimary} disabled={busy} onClick={() => enrol.mutate()}>
                    {enrol.isPending ? (
                      <Spinner className="size-4" />
                    ) : (
                      <UserPlus aria-hidden="true" className="size-4" />
                    )}
                    {enrol.isPending ? 'Enrolling...' : 'Enroll in class'}
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
                    Unenroll
                  </button>
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
            {user?.role === 'admin' && !can.isCreator && (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                You are viewing this class as an administrator.
              </p>
            )}
          </section>

          <section aria-labelledby="discussions-heading" className={`${card} space-y-3 p-5 sm:p-6`}>
            <h2 id="discussions-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              Discussions
            </h2>
            {can.canSeeDiscussions ? (
              <div className="flex flex-col gap-3 sm:flex-row lg:flex-col">
                <Link to={`/discussions?${discussionsQuery}`} className={`${buttonSecondary} flex-1`}>
                  <MessagesSquare aria-hidden="true" className="size-4" />
                  View discussions
                </Link>
                {can.canStartDiscussion && (
                  <Link to={`/discussions/create?${discussionsQuery}`} className={`${buttonSecondary} flex-1`}>
                    <MessageSquarePlus aria-hidden="true" className="size-4" />
                    Start Discussion
                  </Link>
                )}
              </div>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {can.isCreator
                  ? "Only the class's mentor and its learners read its discussions."
                  : "Enroll to read this class's discussions and start your own."}
              </p>
            )}
          </section>
        </aside>
      </div>

      <ConfirmDialog
        open={confirming === 'unenrol'}
        title="Unenroll from this class?"
        message={
          <>
            You will leave <strong className="font-semibold">{cls.title}</strong> and lose access to its live session
            and discussions. You can enroll again later if a seat is free.
          </>
        }
        confirmLabel="Unenroll"
        busyLabel="Unenrolling..."
        destructive
        busy={unenrol.isPending}
        error={unenrol.isError ? errorMessage(unenrol.error, MESSAGES.classDetail.unenrollFailed) : null}
        onConfirm={() => unenrol.mutate()}
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
        onConfirm={() => rotateRoom.mutate()}
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
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(null)}
      />
    </Shell>
  );
}
