import {
  CLASS_CATEGORIES,
  CLASS_STATUSES,
  type ClassStatus,
  CONTENT_TYPES,
  LIMITS,
  MAX_STUDENTS_MIN,
  PRICE,
  parseTags,
} from '@mentora/contract';
import { SelectField, TextField } from '../../components/FormField';
import { focusRing } from '../../components/styles';
import { ClassFormSection, type ClassFormSectionProps, ClassTextArea } from './ClassFormSection';
import type { ClassFormValues } from './classForm';
import { CATEGORY_LABELS, CONTENT_TYPE_LABELS, STATUS_LABELS } from './format';

// The class form's sections, in the order SPEC.md section 5 lists their fields: the create form shows
// these, the edit form (EditClassPage) the same and StatusSection after them.

export function AboutSection(props: ClassFormSectionProps) {
  const { values, errors, set } = props;
  const tags = parseTags(values.tags);
  return (
    <ClassFormSection title="About the class" description="What learners see first in the list and on the class page.">
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
      <div className="sm:col-span-2">
        <ClassTextArea field="description" rows={5} maxLength={LIMITS.content.max} {...props} />
      </div>
      <SelectField
        label="Category"
        error={errors.category}
        name="category"
        required
        placeholder="Choose a category"
        options={CLASS_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }))}
        value={values.category}
        onChange={(event) => set('category', event.target.value as ClassFormValues['category'])}
      />
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
    </ClassFormSection>
  );
}

export function ContentSection({ values, errors, set }: ClassFormSectionProps) {
  // Only a video class needs its link: a live one meets in its room, an uploadable one may hold its
  // files as the class's materials, uploaded on the class page once it exists.
  const needsUrl = values.contentType === 'video';
  const hint: Record<string, string> = {
    live: 'Not needed for a live class: add a link only for extra material.',
    uploadable: 'Optional: upload your files on the class page once it is created, or link to them here.',
  };
  return (
    <ClassFormSection
      title="Content"
      description="Live classes meet in the platform's live room; video classes link to their content; uploadable classes hold their files."
    >
      <SelectField
        label="Content type"
        error={errors.contentType}
        name="contentType"
        required
        placeholder="Choose a content type"
        options={CONTENT_TYPES.map((value) => ({ value, label: CONTENT_TYPE_LABELS[value] }))}
        value={values.contentType}
        onChange={(event) => set('contentType', event.target.value as ClassFormValues['contentType'])}
      />
      <TextField
        label={needsUrl ? 'Content URL' : 'Content URL (optional)'}
        name="contentUrl"
        type="url"
        inputMode="url"
        required={needsUrl}
        maxLength={LIMITS.url.max}
        placeholder="https://"
        value={values.contentUrl}
        error={errors.contentUrl}
        hint={hint[values.contentType] ?? 'Where learners find the video (http or https).'}
        onChange={(event) => set('contentUrl', event.target.value)}
      />
    </ClassFormSection>
  );
}

export function PriceSection({ values, errors, set }: ClassFormSectionProps) {
  return (
    <ClassFormSection
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
    </ClassFormSection>
  );
}

export function ScheduleSection({ values, errors, set }: ClassFormSectionProps) {
  return (
    <ClassFormSection title="Schedule" description="When the class meets.">
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
    </ClassFormSection>
  );
}

export function PreparationSection(props: ClassFormSectionProps) {
  return (
    <ClassFormSection title="Before you start" description="Help learners prepare.">
      <ClassTextArea field="prerequisites" rows={3} maxLength={LIMITS.shortText.max} {...props} />
      <ClassTextArea field="materials" rows={3} maxLength={LIMITS.shortText.max} {...props} />
    </ClassFormSection>
  );
}

/** Edit only: where the class stands. A new class is always upcoming; a completed one takes no new enrolments. */
export function StatusSection({ status, onChange }: { status: ClassStatus; onChange: (status: ClassStatus) => void }) {
  return (
    <ClassFormSection title="Status" description="Where the class stands now. Learners see it on the class page.">
      <SelectField
        label="Status"
        hint="A completed class takes no new enrolments; its learners keep their place."
        name="status"
        options={CLASS_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        value={status}
        onChange={(event) => onChange(event.target.value as ClassStatus)}
      />
    </ClassFormSection>
  );
}
