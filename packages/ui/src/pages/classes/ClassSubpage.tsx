import { type ClassItem, MESSAGES } from '@mentora/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { textLink } from '../../components/styles';
import { ClassNotFound } from './ClassNotFound';
import { classActions } from './classActions';
import { useClassDetail } from './queries';

/**
 * The frame of a class's mentor-only pages (Roster, Insight): the way back to the class, the heading,
 * a line about the class, and what the page shows, for its mentor and admins only (the server refuses
 * anyone else; this says so instead of asking).
 */
export function ClassSubpage({
  title,
  intro,
  refusal,
  children,
}: {
  title: string;
  /** The line under the heading, given the class. */
  intro: (cls: ClassItem) => ReactNode;
  /** What anyone else is told. */
  refusal: string;
  children: (cls: ClassItem) => ReactNode;
}) {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const detail = useClassDetail(id);
  const allowed = detail.isSuccess && classActions(user, detail.data, false).canManageRoster;

  if (detail.isError && errorStatus(detail.error) === 404) return <ClassNotFound />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Link
        to={`/classes/${encodeURIComponent(id)}`}
        className={`${textLink} inline-flex items-center gap-1.5 text-sm`}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the class
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
      {detail.isSuccess && <p className="mt-2 break-words text-slate-600 dark:text-slate-400">{intro(detail.data)}</p>}
      {detail.isPending && (
        <div
          role="status"
          className="flex min-h-[30vh] items-center justify-center text-indigo-600 dark:text-indigo-400"
        >
          <Spinner className="size-8" />
          <span className="sr-only">Loading...</span>
        </div>
      )}
      {detail.isError && (
        <div className="mt-6">
          <ErrorAlert>{errorMessage(detail.error, MESSAGES.classDetail.loadFailed)}</ErrorAlert>
        </div>
      )}
      {detail.isSuccess && !allowed && (
        <div className="mt-6">
          <ErrorAlert>{refusal}</ErrorAlert>
        </div>
      )}
      {allowed && children(detail.data)}
    </div>
  );
}

/** A subpage's spinner, while the class or the page's own data loads. */
export function SubpageLoading() {
  return (
    <div role="status" className="flex min-h-[30vh] items-center justify-center text-indigo-600 dark:text-indigo-400">
      <Spinner className="size-8" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}
