import {
  CLASS_CATEGORIES,
  type ClassItem,
  CONTENT_TYPES,
  LIMITS,
  MAX_STUDENTS_MIN,
  MESSAGES,
  PRICE,
  parseTags,
} from '@mentora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../api/ApiContext';
import { errorMessage, errorStatus, fieldErrors } from '../../api/errors';
import { useAuth } from '../../auth/AuthContext';
import { isStrictMentor } from '../../auth/roles';
import { ErrorAlert } from '../../components/Alert';
import { FieldShell, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, buttonSecondary, card, focusRing, inputField, textLink } from '../../components/styles';
import {
  CLASS_FORM_FIELDS,
  type ClassFormErrors,
  type ClassFormValues,
  EMPTY_CLASS_FORM,
  serverFieldErrors,
  validateClassForm,
} from './classForm';
import { CATEGORY_LABELS, CONTENT_TYPE_LABELS } from './format';
import { classKeys } from './queries';

interface SubmitProblem {
  message: string;
  other: string[];
  /** The server refused because the mentor is not verified yet. */
  needsVerification: boolean;
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="grid gap-x-8 gap-y-5 py-8 first:pt-0 last:pb-0 lg:grid-cols-3">
      <div>
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2 lg:col-span-2">{children}</div>
    </section>
  );
}

function AccessDenied() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Create a class</h1>
      <div className="mt-6">
        <ErrorAlert>{MESSAGES.createClass.accessDenied}</ErrorAlert>
      </div>
      <Link to="/classes" className={`${textLink} mt-6 inline-block`}>
        Back to classes
      </Link>
    </div>
  );
}

/** The create-class form (SPEC.md section 5), checked with the contract's schema before it is sent. */
export function CreateClassPage() {
  const { user } = useAuth();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<ClassFormValues>(EMPTY_CLASS_FORM);
  const [errors, setErrors] = useState<ClassFormErrors>({});
  const [problem, setProblem] = useState<SubmitProblem | null>(null);

  const create = useMutation({
    mutationFn: async (request: ReturnType<typeof validateClassForm>['request']) =>
      (await api.post<ClassItem>('/classes', request)).data,
    onSuccess: async (created) => {
      toast.success(MESSAGES.createClass.success);
      await queryClient.invalidateQueries({ queryKey: classKeys.all });
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

  if (!user || !isStrictMentor(user.role)) return <AccessDenied />;

  const set = <K extends keyof ClassFormValues>(field: K, value: ClassFormValues[K]) => {
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
    create.mutate(result.request);
  };

  const live = values.contentType === 'live';
  const tags = parseTags(values.tags);
  const textArea = (field: 'description' | 'prerequisites' | 'materials', rows: number, max: number) => (
    <FieldShell
      label={
        field === 'description'
          ? 'Description'
          : field === 'prerequisites'
            ? 'Prerequisites (optional)'
            : 'Materials (optional)'
      }
      error={errors[field]}
      hint={
        field === 'description'
          ? 'What learners will get out of it, and how the class works.'
          : field === 'prerequisites'
            ? 'What learners should know or have first.'
            : 'Books, tools or files learners need.'
      }
    >
      {({ id, describedBy }) => (
        <textarea
          id={id}
          name={field}
          rows={rows}
          maxLength={max}
          required={field === 'description'}
          aria-describedby={describedBy}
          aria-invalid={errors[field] ? true : undefined}
          className={`${inputField} resize-y`}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </FieldShell>
  );

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

      {!user.verified && (
        <div className="mt-6 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            Your mentor account is not verified yet, so the server will not accept a new class.{' '}
            {user.verificationRequested ? 'An admin is reviewing your request.' : ''}{' '}
            <Link to="/dashboard" className={textLink}>
              {user.verificationRequested
                ? 'See your status on the dashboard'
                : 'Request verification on your dashboard'}
            </Link>
            .
          </p>
        </div>
      )}

      <form ref={form} noValidate onSubmit={onSubmit} className={`${card} mt-8 p-5 sm:p-8`}>
        {problem && (
          <div ref={problemRef} tabIndex={-1} className="mb-8 focus:outline-none">
            <ErrorAlert>
              <p>{problem.message}</p>
              {problem.other.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {problem.other.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              )}
              {problem.needsVerification && (
                <p className="mt-2">
                  <Link to="/dashboard" className={`${textLink} text-red-900 dark:text-red-100`}>
                    Go to your dashboard to request verification
                  </Link>
                </p>
              )}
            </ErrorAlert>
          </div>
        )}

        <div className="divide-y divide-slate-200 dark:divide-slate-800">
          <Section title="About the class" description="What learners see first in the list and on the class page.">
            <div className="sm:col-span-2">
              <TextField
                label="Title"
                name="title"
                required
                maxLength={LIMITS.title.max}
                autoComplete="off"
                value={values.title}
                error={errors.title}
                onChange={(event) => set('title', event.target.value)}
              />
            </div>
            <div className="sm:col-span-2">{textArea('description', 5, LIMITS.content.max)}</div>
            <FieldShell label="Category" error={errors.category}>
              {({ id, describedBy }) => (
                <select
                  id={id}
                  name="category"
                  required
                  aria-describedby={describedBy}
                  aria-invalid={errors.category ? true : undefined}
                  className={inputField}
                  value={values.category}
                  onChange={(event) => set('category', event.target.value as ClassFormValues['category'])}
                >
                  <option value="">Choose a category</option>
                  {CLASS_CATEGORIES.map((value) => (
                    <option key={value} value={value}>
                      {CATEGORY_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </FieldShell>
            <div>
              <TextField
                label="Tags (optional)"
                name="tags"
                autoComplete="off"
                placeholder="typescript, web, beginner"
                value={values.tags}
                error={errors.tags}
                hint="Separate tags with commas."
                onChange={(event) => set('tags', event.target.value)}
              />
              {tags.length > 0 && (
                <ul aria-label="Tags to be saved" className="mt-2 flex flex-wrap gap-1.5">
                  {tags.map((tag, index) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: the same tag may be typed twice
                      key={`${tag}-${index}`}
                      className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                    >
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Section>

          <Section
            title="Content"
            description="Live classes meet in the platform's live room; video and uploadable classes link to their content."
          >
            <FieldShell label="Content type" error={errors.contentType}>
              {({ id, describedBy }) => (
                <select
                  id={id}
                  name="contentType"
                  required
                  aria-describedby={describedBy}
                  aria-invalid={errors.contentType ? true : undefined}
                  className={inputField}
                  value={values.contentType}
                  onChange={(event) => set('contentType', event.target.value as ClassFormValues['contentType'])}
                >
                  <option value="">Choose a content type</option>
                  {CONTENT_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {CONTENT_TYPE_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </FieldShell>
            <TextField
              label={live ? 'Content URL (optional)' : 'Content URL'}
              name="contentUrl"
              type="url"
              inputMode="url"
              required={!live}
              maxLength={LIMITS.url.max}
              placeholder="https://"
              value={values.contentUrl}
              error={errors.contentUrl}
              hint={
                live
                  ? 'Not needed for a live class: add a link only for extra material.'
                  : 'Where learners find the video or files (http or https).'
              }
              onChange={(event) => set('contentUrl', event.target.value)}
            />
          </Section>

          <Section
            title="Price and seats"
            description="Free classes cost nothing. Leave max students empty for no limit."
          >
            <div className="sm:col-span-2">
              <label
                className={`inline-flex cursor-pointer items-center gap-3 rounded-lg text-sm font-medium text-slate-800 dark:text-slate-200`}
              >
                <input
                  type="checkbox"
                  name="isPaid"
                  checked={values.isPaid}
                  onChange={(event) => set('isPaid', event.target.checked)}
                  className={`size-4 rounded border-slate-400 accent-indigo-600 ${focusRing}`}
                />
                This is a paid class
              </label>
            </div>
            <TextField
              label="Price"
              name="price"
              type="number"
              inputMode="decimal"
              min={PRICE.min}
              step={PRICE.step}
              disabled={!values.isPaid}
              className="disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 disabled:shadow-none dark:disabled:bg-slate-800/60 dark:disabled:text-slate-400"
              value={values.isPaid ? values.price : '0'}
              error={errors.price}
              hint={values.isPaid ? 'At least 0, in steps of 0.01.' : 'Free: tick “paid class” to set a price.'}
              onChange={(event) => set('price', event.target.value)}
            />
            <TextField
              label="Max students (optional)"
              name="maxStudents"
              type="number"
              inputMode="numeric"
              min={MAX_STUDENTS_MIN}
              step={1}
              placeholder="No limit"
              value={values.maxStudents}
              error={errors.maxStudents}
              hint={`At least ${MAX_STUDENTS_MIN}; empty for no limit.`}
              onChange={(event) => set('maxStudents', event.target.value)}
            />
          </Section>

          <Section title="Schedule" description="When the class meets.">
            <TextField
              label="Schedule (optional)"
              name="schedule"
              maxLength={LIMITS.shortText.max}
              placeholder="Mondays and Thursdays, 18:00"
              value={values.schedule}
              error={errors.schedule}
              onChange={(event) => set('schedule', event.target.value)}
            />
            <TextField
              label="Start date (optional)"
              name="startDate"
              type="datetime-local"
              value={values.startDate}
              error={errors.startDate}
              hint="Your local time."
              onChange={(event) => set('startDate', event.target.value)}
            />
          </Section>

          <Section title="Before you start" description="Help learners prepare.">
            {textArea('prerequisites', 3, LIMITS.shortText.max)}
            {textArea('materials', 3, LIMITS.shortText.max)}
          </Section>
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
