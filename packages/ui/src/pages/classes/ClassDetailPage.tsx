import { MESSAGES } from '@mentora/contract';
import { useParams } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { RetryAlert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { ClassAbout } from './ClassAbout';
import { ClassActionsCard } from './ClassActionsCard';
import { ClassDiscussionsCard } from './ClassDiscussionsCard';
import { ClassHeader } from './ClassHeader';
import { ClassNotFound } from './ClassNotFound';
import { ClassPageShell } from './ClassPageShell';
import { ClassSessionsCard } from './ClassSessionsCard';
import { classActions } from './classActions';
import { ClassMaterialsCard } from './materials/ClassMaterialsCard';
import { useClassDetail, useEnrolment } from './queries';

/** One class (SPEC.md section 6): what it is, and what the reader may do with it. */
export function ClassDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const detail = useClassDetail(id);
  const enrolment = useEnrolment(id, detail.isSuccess);

  if (detail.isPending) {
    return (
      <ClassPageShell>
        <div
          role="status"
          className="flex min-h-[40vh] items-center justify-center text-indigo-600 dark:text-indigo-400"
        >
          <Spinner className="size-8" />
          <span className="sr-only">Loading...</span>
        </div>
      </ClassPageShell>
    );
  }

  if (detail.isError) {
    if (errorStatus(detail.error) === 404) return <ClassNotFound />;
    return (
      <ClassPageShell>
        <h1 className="sr-only">Class</h1>
        <div className="mt-6">
          <RetryAlert
            message={errorMessage(detail.error, MESSAGES.classDetail.loadFailed)}
            onRetry={() => void detail.refetch()}
          />
        </div>
      </ClassPageShell>
    );
  }

  const cls = detail.data;
  // Until its own answer arrives, the class's list of students says whether the reader is one of them.
  const isEnrolled = enrolment.data?.isEnrolled ?? (user ? (cls.enrolledStudents ?? []).includes(user._id) : false);
  const can = classActions(user, cls, isEnrolled);
  const isMember = isEnrolled || can.isOwner || user?.role === 'admin';

  return (
    <ClassPageShell>
      <ClassHeader cls={cls} isEnrolled={isEnrolled} can={can} />
      <div className="mt-8 grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ClassAbout cls={cls} materialsInCard={isMember} />
          <ClassMaterialsCard cls={cls} isMember={isMember} isOwner={can.isOwner} />
        </div>
        <aside className="min-w-0 space-y-6 lg:sticky lg:top-24">
          <ClassActionsCard cls={cls} isEnrolled={isEnrolled} can={can} viewedByAdmin={user?.role === 'admin'} />
          <ClassSessionsCard cls={cls} isMember={isMember} isOwner={can.isOwner} />
          <ClassDiscussionsCard cls={cls} can={can} />
        </aside>
      </div>
    </ClassPageShell>
  );
}
