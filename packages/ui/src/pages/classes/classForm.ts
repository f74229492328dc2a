import {
  type ClassCategory,
  type ClassItem,
  type ContentType,
  type CreateClassRequest,
  createClassRequestSchema,
  parseTags,
} from '@mentora/contract';
import type { FieldError } from '../../api/errors';

/** What the create-class form holds: text as typed (numbers and dates included), parsed on submit. */
export interface ClassFormValues {
  title: string;
  description: string;
  category: ClassCategory | '';
  contentType: ContentType | '';
  contentUrl: string;
  isPaid: boolean;
  price: string;
  schedule: string;
  maxStudents: string;
  prerequisites: string;
  materials: string;
  tags: string;
  /** A datetime-local value ("2026-05-01T18:00"), local time; empty when not set. */
  startDate: string;
}

export const CLASS_FORM_FIELDS = [
  'title',
  'description',
  'category',
  'contentType',
  'contentUrl',
  'isPaid',
  'price',
  'schedule',
  'maxStudents',
  'prerequisites',
  'materials',
  'tags',
  'startDate',
] as const satisfies readonly (keyof ClassFormValues)[];
export type ClassFormField = (typeof CLASS_FORM_FIELDS)[number];
export type ClassFormErrors = Partial<Record<ClassFormField, string>>;

export const EMPTY_CLASS_FORM: ClassFormValues = {
  title: '',
  description: '',
  category: '',
  contentType: '',
  contentUrl: '',
  isPaid: false,
  price: '0',
  schedule: '',
  maxStudents: '',
  prerequisites: '',
  materials: '',
  tags: '',
  startDate: '',
};

/** An instant as a datetime-local value in the reader's time zone ("2026-05-01T18:00"). */
export function localDateTimeOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The edit form's starting point: the class as it is, in the form's own text (the reverse of toCreateClassRequest). */
export function classFormValuesOf(cls: ClassItem): ClassFormValues {
  return {
    title: cls.title,
    description: cls.description,
    category: cls.category,
    contentType: cls.contentType,
    contentUrl: cls.contentUrl,
    isPaid: cls.isPaid,
    price: String(cls.price),
    schedule: cls.schedule,
    maxStudents: cls.maxStudents === null ? '' : String(cls.maxStudents),
    prerequisites: cls.prerequisites,
    materials: cls.materials,
    tags: cls.tags.join(', '),
    startDate: localDateTimeOf(cls.startDate),
  };
}

/** A number field's text as the schema expects it: a number (NaN when unreadable, which the schema refuses). */
function numberFrom(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** A datetime-local value as an ISO 8601 instant; the raw text when unreadable, for the schema to refuse. */
function isoFrom(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/**
 * The request the form describes. Tags are split on commas, trimmed, empties dropped (SPEC.md section 5);
 * a free class costs 0; an empty max students means no limit.
 */
export function toCreateClassRequest(values: ClassFormValues): CreateClassRequest {
  return {
    title: values.title,
    description: values.description,
    // An unchosen select stays an invalid value, so the schema reports it with its own message.
    category: values.category as ClassCategory,
    contentType: values.contentType as ContentType,
    contentUrl: values.contentUrl,
    isPaid: values.isPaid,
    price: values.isPaid ? numberFrom(values.price) : 0,
    schedule: values.schedule,
    maxStudents: values.maxStudents.trim() === '' ? null : numberFrom(values.maxStudents),
    prerequisites: values.prerequisites,
    materials: values.materials,
    tags: parseTags(values.tags),
    startDate: isoFrom(values.startDate),
  };
}

const REQUIRED_CHOICE: Partial<Record<ClassFormField, string>> = {
  category: 'Please choose a category',
  contentType: 'Please choose a content type',
};

export type ClassFormResult =
  | { ok: true; request: CreateClassRequest }
  | { ok: false; errors: ClassFormErrors; request: CreateClassRequest };

/** Checks the form with the same zod schema the server uses: the first problem of each field, by field. */
export function validateClassForm(values: ClassFormValues): ClassFormResult {
  const request = toCreateClassRequest(values);
  const parsed = createClassRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request };
  const errors: ClassFormErrors = {};
  const issues = [...parsed.error.issues, ...contentUrlIssues(request)];
  for (const issue of issues) {
    const field = CLASS_FORM_FIELDS.find((name) => name === issue.path[0]);
    if (!field || errors[field]) continue;
    errors[field] = (values[field] === '' && REQUIRED_CHOICE[field]) || issue.message;
  }
  return { ok: false, errors, request };
}

/**
 * The schema checks the content URL (required unless live, else http(s)) only once every other field is
 * valid. To report it together with the rest, ask the schema about these two fields alone, with the other
 * required fields filled in.
 */
function contentUrlIssues(request: CreateClassRequest) {
  const probe = createClassRequestSchema.safeParse({
    title: 'probe',
    description: 'probe',
    category: 'other',
    contentType: request.contentType,
    contentUrl: request.contentUrl,
  });
  return probe.success ? [] : probe.error.issues.filter((issue) => issue.path[0] === 'contentUrl');
}

/** The server's field problems (400 `errors`) by form field; problems about other fields are returned apart. */
export function serverFieldErrors(problems: FieldError[]): { byField: ClassFormErrors; other: string[] } {
  const byField: ClassFormErrors = {};
  const other: string[] = [];
  for (const { path, message } of problems) {
    const field = CLASS_FORM_FIELDS.find((name) => name === path.split('.')[0]);
    if (field) byField[field] ??= message;
    else other.push(message);
  }
  return { byField, other };
}
