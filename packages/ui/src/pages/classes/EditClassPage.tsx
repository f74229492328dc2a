import { type ClassItem, type ClassStatus, MESSAGES } from '@mentora/contract';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { ErrorAlert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { textLink } from '../../components/styles';
import { ClassForm } from './ClassForm';
import { ClassNotFound } from './ClassNotFound';
import { StatusSection } from './CreateClassSections';
import { classActions } from './classActions';
import { classFormValuesOf } from './classForm';
import { useClassDetail, useUpdateClass } from './queries';

/**
 * Editing a class (issue #25): the create form with the class's values filled in, the same rules, and its
 * status. Its mentor only, as the server decides (classes/policy.ts canEditClass); admins moderate classes
 * but do not run them.
 */
export function EditClassPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const detail = useClassDetail(id);
  const backTo = `/classes/${encodeURIComponent(id)}`;

  let body: ReactNode;
  if (detail.isPending) {
    body = (
      <div role="status" className="flex min-h-[40vh] items-center justify-center text-indigo-600 dark:text-indigo-400">
        <Spinner className="size-8" />
        <span className="sr-only">Loading...</span>
      </div>
    );
  } else if (detail.isError) {
    if (errorStatus(detail.error) === 404) return <ClassNotFound />;
    body = (
      <div className="mt-6">
        <ErrorAlert>{errorMessage(detail.error, MESSAGES.classDetail.loadFailed)}</ErrorAlert>
      </div>
    );
  } else if (!classActions(user, detail.data, false).canEdit) {
    body = (
      <div className="mt-6">
        <ErrorAlert>{MESSAGES.server.classMentorOnly}</ErrorAlert>
      </div>
    );
  } else {
    // Keyed by the class: another class opened in the same page starts from its own values.
    body = <EditClassForm key={detail.data._id} cls={detail.data} backTo={backTo} />;
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Link to={backTo} className={`${textLink} inline-flex items-center gap-1.5 text-sm`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the class
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Edit class</h1>
      {detail.isSuccess && (
        <p className="mt-2 break-words text-slate-600 dark:text-slate-400">
          Changes to <strong className="font-semibold text-slate-800 dark:text-slate-200">{detail.data.title}</strong>{' '}
          show to its learners as soon as you save.
        </p>
      )}
      {body}
    </div>
  );
}

function EditClassForm({ cls, backTo }: { cls: ClassItem; backTo: string }) {
  const navigate = useNavigate();
  const update = useUpdateClass(cls._id);
  const [status, setStatus] = useState<ClassStatus>(cls.status);

  return (
    <ClassForm
      initial={classFormValuesOf(cls)}
      extra={<StatusSection status={status} onChange={setStatus} />}
      submitLabel="Save changes"
      pendingLabel="Saving..."
      failedMessage={MESSAGES.editClass.failed}
      cancelTo={backTo}
      pending={update.isPending}
      onSubmit={async (request) => {
        await update.mutateAsync({ ...request, status });
        toast.success(MESSAGES.editClass.success);
        navigate(backTo);
      }}
    />
  );
}
