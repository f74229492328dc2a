import { MESSAGES } from '@mentora/contract';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { errorMessage, errorStatus, fieldErrors } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { isStrictMentor } from '../../auth/roles';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, buttonSecondary, card, textLink } from '../../components/styles';
import type { ClassFormSectionProps } from './ClassFormSection';
import {
  CreateClassAccessDenied,
  type SubmitProblem,
  SubmitProblemAlert,
  UnverifiedMentorNotice,
} from './CreateClassNotices';
import { AboutSection, ContentSection, PreparationSection, PriceSection, ScheduleSection } from './CreateClassSections';
import {
  CLASS_FORM_FIELDS,
  type ClassFormErrors,
  type ClassFormValues,
  EMPTY_CLASS_FORM,
  serverFieldErrors,
  validateClassForm,
} from './classForm';
import { useCreateClass } from './queries';

/** The create-class form (SPEC.md section 5), checked with the contract's schema before it is sent. */
export function CreateClassPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<ClassFormValues>(EMPTY_CLASS_FORM);
  const [errors, setErrors] = useState<ClassFormErrors>({});
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const create = useCreateClass();

  if (!user || !isStrictMentor(user.role)) return <CreateClassAccessDenied />;

  const set: ClassFormSectionProps['set'] = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setProblem(null);
    const result = validateClassForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = CLASS_FORM_FIELDS.find((field) => result.errors[field]);
      const control = first ? form.current?.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setErrors({});
    create.mutate(result.request, {
      onSuccess: (created) => {
        toast.success(MESSAGES.createClass.success);
        navigate(`/classes/${created._id}`);
      },
      onError: (error) => {
        const server = serverFieldErrors(fieldErrors(error));
        const message = errorMessage(error, MESSAGES.createClass.failed);
        setErrors(server.byField);
        setProblem({
          message,
          other: server.other,
          needsVerification: errorStatus(error) === 403 && message === MESSAGES.server.verifiedMentorOnly,
        });
        window.requestAnimationFrame(() => problemRef.current?.focus());
      },
    });
  };

  const sectionProps = { values, errors, set };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <Link to="/classes" className={`${textLink} inline-flex items-center gap-1.5 text-sm`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        All classes
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Create a class
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Describe your class, where its content lives, and who can join.
      </p>

      {!user.verified && <UnverifiedMentorNotice user={user} />}

      <form ref={form} noValidate onSubmit={onSubmit} className={`${card} mt-8 p-5 sm:p-8`}>
        {problem && <SubmitProblemAlert ref={problemRef} problem={problem} />}

        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          <AboutSection {...sectionProps} />
          <ContentSection {...sectionProps} />
          <PriceSection {...sectionProps} />
          <ScheduleSection {...sectionProps} />
          <PreparationSection {...sectionProps} />
        </div>

        <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end dark:border-slate-800">
          <Link to="/classes" className={buttonSecondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonPrimary} disabled={create.isPending}>
            {create.isPending && <Spinner className="size-4" />}
            {create.isPending ? 'Creating class...' : 'Create class'}
          </button>
        </div>
      </form>
    </div>
  );
}
