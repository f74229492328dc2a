import { type CreateClassRequest, MESSAGES } from '@mentora/contract';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, errorStatus, fieldErrors } from '../../api/errors';
import { SilenceGate } from '../../components/SilenceGate';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, buttonSecondary, card } from '../../components/styles';
import type { ClassFormSectionProps } from './ClassFormSection';
import { type SubmitProblem, SubmitProblemAlert } from './CreateClassNotices';
import { AboutSection, ContentSection, PreparationSection, PriceSection, ScheduleSection } from './CreateClassSections';
import {
  CLASS_FORM_FIELDS,
  type ClassFormErrors,
  type ClassFormValues,
  serverFieldErrors,
  validateClassForm,
} from './classForm';

/**
 * The class form of both pages, create and edit: the same sections, checked with the same contract
 * schema before anything is sent, and the server's refusals shown on their fields. The edit page adds
 * its status section as `extra`.
 */
export function ClassForm({
  initial,
  extra,
  submitLabel,
  pendingLabel,
  failedMessage,
  cancelTo,
  pending,
  onSubmit,
}: {
  initial: ClassFormValues;
  extra?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  /** What the alert says when the server refuses without a message of its own. */
  failedMessage: string;
  cancelTo: string;
  pending: boolean;
  /** Sends the checked request; a rejection is shown on the form. */
  onSubmit: (request: CreateClassRequest) => Promise<unknown>;
}) {
  const form = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<ClassFormValues>(initial);
  const [errors, setErrors] = useState<ClassFormErrors>({});
  const [problem, setProblem] = useState<SubmitProblem | null>(null);

  const set: ClassFormSectionProps['set'] = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
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
    try {
      await onSubmit(result.request);
    } catch (error) {
      const server = serverFieldErrors(fieldErrors(error));
      const message = errorMessage(error, failedMessage);
      setErrors(server.byField);
      setProblem({
        message,
        other: server.other,
        needsVerification: errorStatus(error) === 403 && message === MESSAGES.server.verifiedMentorOnly,
      });
      window.requestAnimationFrame(() => problemRef.current?.focus());
    }
  };

  const sectionProps = { values, errors, set };

  return (
    <SilenceGate>
      <form ref={form} noValidate onSubmit={(event) => void submit(event)} className={`${card} mt-8 p-5 sm:p-8`}>
        {problem && <SubmitProblemAlert ref={problemRef} problem={problem} />}

        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          <AboutSection {...sectionProps} />
          <ContentSection {...sectionProps} />
          <PriceSection {...sectionProps} />
          <ScheduleSection {...sectionProps} />
          <PreparationSection {...sectionProps} />
          {extra}
        </div>

        <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end dark:border-slate-800">
          <Link to={cancelTo} className={buttonSecondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonPrimary} disabled={pending}>
            {pending && <Spinner className="size-4" />}
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </SilenceGate>
  );
}
