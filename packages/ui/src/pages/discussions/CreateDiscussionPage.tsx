import { LIMITS, MESSAGES } from '@mentora/contract';
import { ArrowLeft, Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { isMentor } from '../../auth/roles';
import { ErrorAlert } from '../../components/Alert';
import { FieldShell, TextField } from '../../components/FormField';
import { SilenceGate } from '../../components/SilenceGate';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, buttonSecondary, card, inputField, textLink } from '../../components/styles';
import { useClassInfo, useCreateDiscussion, useDiscussableClasses } from './queries';

export interface DiscussionDraft {
  title: string;
  content: string;
  classId: string;
}

/** The request to send, or null when anything is blank after trimming (SPEC.md section 5). */
export function discussionRequest(draft: DiscussionDraft): DiscussionDraft | null {
  const request = { title: draft.title.trim(), content: draft.content.trim(), classId: draft.classId.trim() };
  return request.title && request.content && request.classId ? request : null;
}

export function CreateDiscussionPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // ?classId= (from a class page or a filtered list) picks the class and locks the selector.
  const lockedClassId = searchParams.get('classId')?.trim() || undefined;

  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [chosenClassId, setChosenClassId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [details, setDetails] = useState<string[]>([]);
  const create = useCreateDiscussion();

  const available = useDiscussableClasses(isMentor(user?.role));
  const lockedKnown = lockedClassId !== undefined && available.classes.some((cls) => cls._id === lockedClassId);
  // A locked class that is not among the person's classes still gets its title (the server will say no).
  const lockedInfo = useClassInfo(lockedClassId, lockedClassId !== undefined && !available.loading && !lockedKnown);
  const classId = lockedClassId ?? chosenClassId;

  const options = available.classes.map((cls) => ({ id: cls._id, title: cls.title }));
  if (lockedClassId && !lockedKnown) {
    options.unshift({
      id: lockedClassId,
      title: lockedInfo.data?.title ?? (lockedInfo.isPending ? 'Loading...' : 'This class'),
    });
  }
  const listHref = lockedClassId ? `/discussions?classId=${encodeURIComponent(lockedClassId)}` : '/discussions';
  const noClasses = !lockedClassId && !available.loading && !available.failed && options.length === 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setDetails([]);
    const request = discussionRequest({ title, content, classId });
    if (!request) {
      setError(MESSAGES.createDiscussion.fillAllFields);
      return;
    }
    setError(null);
    create.mutate(request, {
      onSuccess: (discussion) => navigate(`/discussions/${discussion._id}`),
      onError: (failure) => {
        setError(errorMessage(failure, MESSAGES.createDiscussion.failed));
        setDetails(fieldErrors(failure).map((problem) => problem.message));
      },
    });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <nav aria-label="Breadcrumb" className="mb-6">
        <Link to={listHref} className={`${textLink} inline-flex items-center gap-1.5 text-sm`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to discussions
        </Link>
      </nav>
      <div className={`${card} p-5 sm:p-8`}>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          Start a discussion
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Ask a question or share an idea with everyone in the class.
        </p>

        <SilenceGate>
          <form noValidate className="mt-8 space-y-5" onSubmit={onSubmit}>
            {error && (
              <ErrorAlert>
                <p>{error}</p>
                {details.length > 0 && (
                  <ul className="mt-1 list-disc pl-5">
                    {details.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                )}
              </ErrorAlert>
            )}
            {available.failed && !lockedClassId && (
              <ErrorAlert>{MESSAGES.createDiscussion.loadClassesFailed}</ErrorAlert>
            )}

            <FieldShell
              label="Class"
              hint={
                lockedClassId ? (
                  <span className="inline-flex flex-wrap items-center gap-x-1.5">
                    <Lock aria-hidden="true" className="size-3.5" />
                    This discussion goes to the class you came from.
                    <Link to="/discussions/create" className={textLink}>
                      Choose another class
                    </Link>
                  </span>
                ) : noClasses ? (
                  <>
                    You are not in any class yet.{' '}
                    <Link to="/classes" className={textLink}>
                      Browse classes
                    </Link>
                  </>
                ) : undefined
              }
            >
              {({ id, describedBy }) => (
                <select
                  id={id}
                  name="classId"
                  aria-describedby={describedBy}
                  aria-required="true"
                  disabled={lockedClassId !== undefined}
                  className={`${inputField} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700 dark:disabled:bg-slate-800 dark:disabled:text-slate-200`}
                  value={classId}
                  onChange={(event) => setChosenClassId(event.target.value)}
                >
                  {!lockedClassId && (
                    <option value="">{available.loading ? 'Loading classes...' : 'Select a class'}</option>
                  )}
                  {options.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.title}
                    </option>
                  ))}
                </select>
              )}
            </FieldShell>

            <TextField
              label="Title"
              name="title"
              aria-required="true"
              maxLength={LIMITS.title.max}
              autoComplete="off"
              placeholder="What would you like to discuss?"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />

            <FieldShell label="Content">
              {({ id, describedBy }) => (
                <textarea
                  id={id}
                  name="content"
                  rows={8}
                  aria-required="true"
                  aria-describedby={describedBy}
                  maxLength={LIMITS.content.max}
                  placeholder="Give some detail: what you tried, what you are unsure about..."
                  className={`${inputField} resize-y`}
                  value={content}
                  onChange={(event) => setContent(event.target.value)}
                />
              )}
            </FieldShell>

            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Link to={listHref} className={buttonSecondary}>
                Cancel
              </Link>
              <button
                type="submit"
                className={buttonPrimary}
                disabled={create.isPending}
                aria-busy={create.isPending || undefined}
              >
                {create.isPending && <Spinner className="size-4" />}
                {create.isPending ? 'Starting...' : 'Start Discussion'}
              </button>
            </div>
          </form>
        </SilenceGate>
      </div>
    </div>
  );
}
