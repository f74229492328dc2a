import type { ReactNode } from 'react';
import { TextAreaField } from '../../components/FormField';
import type { ClassFormErrors, ClassFormValues } from './classForm';

/** What every section of the class form gets: the values as typed, their problems, and how to change one. */
export interface ClassFormSectionProps {
  values: ClassFormValues;
  errors: ClassFormErrors;
  set: <K extends keyof ClassFormValues>(field: K, value: ClassFormValues[K]) => void;
}

/** One titled group of the class form: its title and purpose on the left, its fields on the right. */
export function ClassFormSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
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

const TEXT_AREAS = {
  description: { label: 'Description', hint: 'What learners will get out of it, and how the class works.' },
  prerequisites: { label: 'Prerequisites (optional)', hint: 'What learners should know or have first.' },
  materials: { label: 'Materials (optional)', hint: 'Books, tools or files learners need.' },
} as const;

/** One of the form's longer texts; only the description is required. */
export function ClassTextArea({
  field,
  rows,
  maxLength,
  values,
  errors,
  set,
}: ClassFormSectionProps & { field: keyof typeof TEXT_AREAS; rows: number; maxLength: number }) {
  return (
    <TextAreaField
      label={TEXT_AREAS[field].label}
      error={errors[field]}
      hint={TEXT_AREAS[field].hint}
      name={field}
      rows={rows}
      maxLength={maxLength}
      required={field === 'description'}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
    />
  );
}
