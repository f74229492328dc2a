// What clients send: request bodies and query strings, with the messages a form shows for each field.
// The server validates every request with these (http/validate.ts); the web app's forms check the same.
import { z } from 'zod';
import {
  CLASS_CATEGORIES,
  CLASS_FILTERS,
  CLASS_STATUSES,
  COMMUNITY_CATEGORIES,
  CONTENT_TYPES,
  DATE_RANGE,
  EMAIL_DELIVERIES,
  LIMITS,
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  MODERATION_SOURCES,
  MODERATION_STATUSES,
  MODERATION_TARGET_TYPES,
  NOTIFICATION_GROUPS,
  NOTIFICATION_TOPICS,
  NOTIFICATIONS_READ_MAX_IDS,
  PAGINATION,
  RATING,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  ROLES,
  SANCTION_DAYS,
  SANCTION_KINDS,
  SANCTION_TEXT,
  SELF_SERVICE_ROLES,
  SESSION_MAX_MINUTES,
  SESSION_MIN_MINUTES,
} from './constants.js';
import { MESSAGES } from './messages.js';
import { cleanName, fileDisplayName, hasControlCharacters, isAvatarPath, isHttpUrl, parseTags } from './text.js';

// ---------- building blocks ----------

// PostgreSQL text cannot hold a NUL character: free text refuses it with a field message (the server's
// error handler answers 400 for any that reaches the database another way).
const storableText = (label: string) =>
  [(v: string) => !v.includes('\u0000'), `${label} contains characters that are not allowed`] as const;

const boundedText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(...storableText(label));

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(...storableText(label));

/**
 * A name or title people see (a person, a class, a session, a discussion, a post): one line, so control
 * characters are refused; invisible formatting (bidirectional controls, zero-width characters) is
 * removed, since it can make a name read as another (text.ts). `min` 0 makes it optional.
 */
const displayName = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .refine((v) => !hasControlCharacters(v.trim()), MESSAGES.input.controlCharacters(label))
    .transform(cleanName)
    .pipe(
      z
        .string()
        .min(min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
        .max(max, `${label} must be at most ${max} characters`),
    );

/** Whether a moment lies within DATE_RANGE: from its earliest to `futureYears` from now. */
export function isWithinDateRange(iso: string, now = Date.now()): boolean {
  const at = Date.parse(iso);
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + DATE_RANGE.futureYears);
  return at >= Date.parse(DATE_RANGE.earliest) && at <= latest.getTime();
}

/** A date and time the API accepts: ISO 8601 with an offset, within DATE_RANGE (every date field uses this). */
const dateTimeInRange = (label: string, formatError: string) =>
  z.iso
    .datetime({ offset: true, error: formatError })
    .refine((v) => isWithinDateRange(v), MESSAGES.input.dateOutOfRange(label));

export const nameSchema = displayName('Name', LIMITS.name.min, LIMITS.name.max);
export const titleSchema = displayName('Title', LIMITS.title.min, LIMITS.title.max);
export const contentSchema = boundedText('Content', LIMITS.content.min, LIMITS.content.max);
export const emailSchema = z
  .string({ error: 'Email must be text' })
  .trim()
  .toLowerCase()
  .max(LIMITS.email.max, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));
/** How many bytes a password takes in UTF-8, the length bcrypt reads (an accent takes 2, an emoji 4). */
export const passwordBytes = (password: string): number => new TextEncoder().encode(password).length;
export const passwordSchema = z
  .string({ error: 'Password must be text' })
  .min(LIMITS.password.min, `Password must be at least ${LIMITS.password.min} characters`)
  .refine((password) => passwordBytes(password) <= LIMITS.password.maxBytes, MESSAGES.account.passwordTooLong);
/** A URL a user may give: empty, or absolute http(s). */
export const optionalUrlSchema = z
  .string({ error: 'URL must be text' })
  .trim()
  .refine((v) => v === '' || isHttpUrl(v), 'Please enter a valid URL (http or https)');

/** Tags as an array or a comma-separated string; trimmed, empties dropped, at most 20 of 1-40 chars. */
export const tagsSchema = z
  .union([z.array(z.string({ error: 'Each tag must be text' })), z.string()], {
    error: 'Tags must be a list or comma-separated text',
  })
  .transform((v) => (typeof v === 'string' ? parseTags(v) : v.map((t) => t.trim()).filter(Boolean)))
  .pipe(
    z
      .array(z.string().max(LIMITS.tags.max, `Each tag must be at most ${LIMITS.tags.max} characters`))
      .max(LIMITS.tags.maxCount, `At most ${LIMITS.tags.maxCount} tags`),
  );

export const skillsSchema = z
  .array(z.string({ error: 'Each skill must be text' }).trim().min(1).max(LIMITS.skills.max))
  .max(LIMITS.skills.maxCount, `At most ${LIMITS.skills.maxCount} skills`);

export const paginationQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGINATION.maxLimit, `limit must be at most ${PAGINATION.maxLimit}`)
    .default(PAGINATION.defaultLimit),
  cursor: z.string().max(200, 'cursor is invalid').optional(),
});

// ---------- auth and users ----------

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: z
    .enum(ROLES, { error: `Role must be one of ${SELF_SERVICE_ROLES.join(', ')}` })
    .default('learner')
    .refine((r) => r !== 'admin', 'The admin role cannot be chosen at registration'),
  skills: skillsSchema.default([]),
  bio: optionalText('Bio', LIMITS.bio.max).default(''),
  profilePicture: optionalUrlSchema.default(''),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(LIMITS.email.max),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.password.max),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

// Account settings and password reset: new passwords follow the registration rules (passwordSchema);
// a password that proves who you are is only required, as at sign-in.
const currentPasswordSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(LIMITS.password.max);

/**
 * A profile's picture as the profile form sends it back: the one it has (an uploaded picture's path, or
 * a link kept from before uploads), or empty to remove it. The server refuses a new link (issue #26).
 */
const profilePictureSchema = z
  .string({ error: 'URL must be text' })
  .trim()
  .refine((v) => v === '' || isAvatarPath(v) || isHttpUrl(v), 'Please enter a valid URL (http or https)');

export const updateProfileRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  profilePicture: profilePictureSchema.default(''),
  bio: optionalText('Bio', LIMITS.bio.max).default(''),
  skills: skillsSchema.optional(),
  // Required by the server when, and only when, the email changes (it alone knows the saved one).
  currentPassword: currentPasswordSchema('Current password').optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ error: 'The reset token is required' })
    .trim()
    .min(1, 'The reset token is required')
    .max(200, 'The reset token is invalid'),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema('Current password'),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const deleteAccountRequestSchema = z.object({ password: currentPasswordSchema('Password') });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

// ---------- classes ----------

const classFields = {
  title: titleSchema,
  description: boundedText('Description', LIMITS.content.min, LIMITS.content.max),
  category: z.enum(CLASS_CATEGORIES, { error: `Category must be one of ${CLASS_CATEGORIES.join(', ')}` }),
  contentType: z.enum(CONTENT_TYPES, { error: `Content type must be one of ${CONTENT_TYPES.join(', ')}` }),
  contentUrl: z.string({ error: 'Content URL must be text' }).trim().max(LIMITS.url.max).default(''),
  price: z
    .number({ error: 'Price must be a number' })
    .min(0, 'Price must be at least 0')
    .max(1_000_000, 'Price is too high')
    .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'Price must be in steps of 0.01')
    .default(0),
  isPaid: z.boolean({ error: 'isPaid must be true or false' }).default(false),
  schedule: optionalText('Schedule', LIMITS.shortText.max).default(''),
  maxStudents: z
    .number({ error: 'Max students must be a number' })
    .int('Max students must be a whole number')
    .min(1, 'Max students must be at least 1')
    .max(100_000, 'Max students is too high')
    .nullable()
    .default(null),
  prerequisites: optionalText('Prerequisites', LIMITS.shortText.max).default(''),
  materials: optionalText('Materials', LIMITS.shortText.max).default(''),
  tags: tagsSchema.default([]),
  startDate: dateTimeInRange('Start date', 'Start date must be an ISO 8601 date-time').nullable().default(null),
};

/**
 * SPEC.md section 5: a video class needs a content URL; any URL given is http(s). A live class meets in
 * its room, and an uploadable one may hold its files as class materials instead of a link (issue #26).
 */
function checkContentUrl(value: { contentType: string; contentUrl: string }, ctx: z.RefinementCtx): void {
  if (value.contentUrl === '') {
    if (value.contentType === 'video') {
      ctx.addIssue({ code: 'custom', path: ['contentUrl'], message: 'Content URL is required' });
    }
  } else if (!isHttpUrl(value.contentUrl)) {
    ctx.addIssue({ code: 'custom', path: ['contentUrl'], message: 'Content URL must be a valid URL (http or https)' });
  }
}

export const createClassRequestSchema = z.object(classFields).superRefine(checkContentUrl);
export type CreateClassRequest = z.input<typeof createClassRequestSchema>;

export const updateClassRequestSchema = z
  .object({ ...classFields, status: z.enum(CLASS_STATUSES).optional() })
  .superRefine(checkContentUrl);
export type UpdateClassRequest = z.input<typeof updateClassRequestSchema>;

/**
 * PATCH /materials/{id}: a file's new display name, by the rule of uploads (fileDisplayName: the last
 * segment of a path, no invisible formatting); control characters are refused rather than removed.
 */
export const renameMaterialRequestSchema = z.object({
  name: z
    .string({ error: 'Name must be text' })
    .max(LIMITS.title.max, `Name must be at most ${LIMITS.title.max} characters`)
    .refine((name) => !hasControlCharacters(name.trim()), MESSAGES.input.controlCharacters('Name'))
    .transform(fileDisplayName)
    .pipe(z.string().min(1, 'Name is required')),
});
export type RenameMaterialRequest = z.input<typeof renameMaterialRequestSchema>;

/**
 * A scheduled session (POST /classes/{id}/sessions, PUT /classes/{id}/sessions/{sid}): an optional
 * title, a start (ISO with offset, which the server checks is in the future) and 15 to 480 minutes.
 */
export const classSessionRequestSchema = z.object({
  title: displayName('Title', 0, LIMITS.title.max).default(''),
  startsAt: dateTimeInRange('Start', 'Start must be a date and time'),
  durationMinutes: z
    .number({ error: 'Duration must be a number of minutes' })
    .int('Duration must be a whole number of minutes')
    .min(SESSION_MIN_MINUTES, `Duration must be at least ${SESSION_MIN_MINUTES} minutes`)
    .max(SESSION_MAX_MINUTES, `Duration must be at most ${SESSION_MAX_MINUTES} minutes`),
});
export type ClassSessionRequest = z.input<typeof classSessionRequestSchema>;

export const listClassesQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200, 'search is too long').optional(),
  category: z.enum(CLASS_CATEGORIES).optional(),
  filter: z.enum(CLASS_FILTERS).default('all'),
});
export type ListClassesQuery = z.input<typeof listClassesQuerySchema>;

// ---------- discussions ----------

export const createDiscussionRequestSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  classId: z.string({ error: 'Class is required' }).trim().min(1, 'Class is required'),
});
export type CreateDiscussionRequest = z.input<typeof createDiscussionRequestSchema>;
export const replyRequestSchema = z.object({ content: contentSchema });
export type ReplyRequest = z.input<typeof replyRequestSchema>;
/** `?mine=`: only discussions the caller wrote (posts) or replied to (replies), across all pages. */
export const DISCUSSION_MINE = ['posts', 'replies'] as const;
export const listDiscussionsQuerySchema = paginationQuerySchema.extend({
  classId: z.string().max(100).optional(),
  search: z.string().trim().max(200, 'search is too long').optional(),
  mine: z.enum(DISCUSSION_MINE, { error: 'mine must be posts or replies' }).optional(),
});
export type ListDiscussionsQuery = z.input<typeof listDiscussionsQuerySchema>;

// ---------- reviews ----------

export const createReviewRequestSchema = z.object({
  rating: z
    .number({ error: 'Rating must be a number' })
    .int('Rating must be a whole number')
    .min(RATING.min, `Rating must be between ${RATING.min} and ${RATING.max}`)
    .max(RATING.max, `Rating must be between ${RATING.min} and ${RATING.max}`)
    .default(RATING.default),
  comment: optionalText('Comment', LIMITS.comment.max).default(''),
  classId: z.string({ error: 'Class is required' }).trim().min(1, 'Class is required'),
});
export type CreateReviewRequest = z.input<typeof createReviewRequestSchema>;

// ---------- community ----------

export const createPostRequestSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  category: z
    .enum(COMMUNITY_CATEGORIES, { error: `Category must be one of ${COMMUNITY_CATEGORIES.join(', ')}` })
    .default('general'),
  tags: tagsSchema.default([]),
});
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

export const listPostsQuerySchema = paginationQuerySchema.extend({
  category: z.enum(COMMUNITY_CATEGORIES).optional(),
  search: z.string().trim().max(200, 'search is too long').optional(),
});

// ---------- search ----------

/** What GET /search answers, each a list of its own. */
export const SEARCH_TYPES = ['classes', 'discussions', 'posts', 'people'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_LIMITS = { queryMax: 200, defaultLimit: 5, maxLimit: 20 } as const;

const typesList = new RegExp(`^(${SEARCH_TYPES.join('|')})(,(${SEARCH_TYPES.join('|')}))*$`);

/** GET /search `?q=&types=&limit=`: types a comma-separated list (all by default), limit per type. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'q is required')
    .max(SEARCH_LIMITS.queryMax, `q must be at most ${SEARCH_LIMITS.queryMax} characters`),
  types: z
    .string()
    .trim()
    .regex(typesList, `types must be a comma-separated list of ${SEARCH_TYPES.join(', ')}`)
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(SEARCH_LIMITS.maxLimit, `limit must be at most ${SEARCH_LIMITS.maxLimit}`)
    .default(SEARCH_LIMITS.defaultLimit),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

// ---------- assistant ----------

/** Whether the runtime knows this time zone (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, as a browser's Intl reports it. */
const timeZoneField = z
  .string({ error: 'timeZone must be text' })
  .max(64, 'timeZone must be at most 64 characters')
  .refine(isTimeZone, 'timeZone must be a time zone such as Europe/Paris');

/** The shape of an IANA zone name: Area/Location (Etc/GMT+5 included) or a single word such as UTC. */
const IANA_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * Whether this is an IANA zone name the runtime knows, and not an offset. Intl reads `+05:30` as five and
 * a half hours ahead of UTC, PostgreSQL as the POSIX rule five and a half hours behind, and refuses
 * `+0530`: a zone both sides read (the server also asks PostgreSQL's own list) must be a name.
 */
export function isIanaTimeZone(name: string): boolean {
  return IANA_ZONE_NAME.test(name) && isTimeZone(name);
}

/** What a refused zone is told, by this schema and by the server's own check of PostgreSQL's list. */
export const TIME_ZONE_NAME_ERROR = 'timeZone must be a time zone such as Europe/Paris';

/** A zone a background job keeps (the digest's): an IANA name, never an offset (see isIanaTimeZone). */
const storedTimeZoneField = z
  .string({ error: 'timeZone must be text' })
  .max(64, 'timeZone must be at most 64 characters')
  .refine(isIanaTimeZone, TIME_ZONE_NAME_ERROR);

export const chatRequestSchema = z.object({
  message: boundedText('Message', LIMITS.chatMessage.min, LIMITS.chatMessage.max),
  /** The asker's time zone, in which answers give times (their sessions'); UTC when left out. */
  timeZone: timeZoneField.optional(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

// ---------- notifications ----------

/**
 * PUT /notifications/preferences: the topics to change (others stay as they are) and the time zone the
 * daily digest keeps (null: UTC).
 */
export const updateNotificationPreferencesRequestSchema = z.strictObject({
  preferences: z
    .array(
      z.strictObject({
        topic: z.enum(NOTIFICATION_TOPICS, { error: `topic must be one of ${NOTIFICATION_TOPICS.join(', ')}` }),
        inApp: z.boolean({ error: 'inApp must be true or false' }).optional(),
        email: z.enum(EMAIL_DELIVERIES, { error: `email must be one of ${EMAIL_DELIVERIES.join(', ')}` }).optional(),
      }),
      { error: 'preferences must be a list' },
    )
    .max(NOTIFICATION_TOPICS.length, `preferences must have at most ${NOTIFICATION_TOPICS.length} items`)
    .refine((items) => new Set(items.map((item) => item.topic)).size === items.length, 'Each topic may appear once')
    .optional(),
  timeZone: storedTimeZoneField.nullable().optional(),
});
export type UpdateNotificationPreferencesRequest = z.input<typeof updateNotificationPreferencesRequestSchema>;

/** POST /notifications/unsubscribe: the signed token of an email's unsubscribe link. */
export const unsubscribeRequestSchema = z.object({
  token: z.string({ error: 'token must be text' }).min(1, 'token is required').max(512, 'token is too long'),
});

/**
 * GET /notifications `?limit=&cursor=`: newest activity first; `unread=true` only the unread ones,
 * `group=` only one group of kinds (the notifications page's filters).
 */
export const listNotificationsQuerySchema = paginationQuerySchema.extend({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  group: z.enum(NOTIFICATION_GROUPS, { error: `group must be one of ${NOTIFICATION_GROUPS.join(', ')}` }).optional(),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

/** POST /notifications/read: `{ids: [...]}` marks those (only the caller's own), `{all: true}` every one. */
export const markNotificationsReadRequestSchema = z
  .object({
    ids: z
      .array(z.string({ error: 'Each id must be text' }).max(100, 'Each id must be a notification id'), {
        error: 'ids must be a list of notification ids',
      })
      .min(1, 'ids must name at least one notification')
      .max(NOTIFICATIONS_READ_MAX_IDS, `At most ${NOTIFICATIONS_READ_MAX_IDS} ids at once`)
      .optional(),
    all: z.literal(true, { error: 'all must be true' }).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), {
    message: 'Send either ids or all: true',
    path: ['ids'],
  });
export type MarkNotificationsReadRequest = z.input<typeof markNotificationsReadRequestSchema>;

// ---------- administration ----------

/** PUT /admin/users/{id}/role: any role, admin included (admins grant admin access; API.md). */
export const changeRoleRequestSchema = z.object({
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }),
});
export type ChangeRoleRequest = z.input<typeof changeRoleRequestSchema>;

/** GET /admin/audit-log `?limit=&cursor=`: newest first. */
export const listAuditLogQuerySchema = paginationQuerySchema;

// ---------- sanctions ----------

/**
 * POST /users/{id}/sanctions: warn, silence or suspend. `days` (a whole number, 1-365) is required for
 * silence and suspend and ignored for a warning. `reason` is the message shown to the person, in the
 * notification and on every refused action; `note` (optional) is the admin's private reason, kept in the
 * audit log only; `message` (optional, kept for older clients) is what a warning says instead of `reason`.
 */
export const imposeSanctionRequestSchema = z
  .object({
    kind: z.enum(SANCTION_KINDS, { error: `Kind must be one of ${SANCTION_KINDS.join(', ')}` }),
    days: z
      .number({ error: 'Days must be a number' })
      .int('Days must be a whole number')
      .min(SANCTION_DAYS.min, `Days must be at least ${SANCTION_DAYS.min}`)
      .max(SANCTION_DAYS.max, `Days must be at most ${SANCTION_DAYS.max}`)
      .optional(),
    reason: boundedText('Reason', 1, SANCTION_TEXT.reasonMax),
    message: optionalText('Message', SANCTION_TEXT.messageMax).optional(),
    note: optionalText('Private reason', MODERATION_REASON_MAX).optional(),
  })
  .refine((v) => v.kind === 'warn' || v.days !== undefined, {
    message: MESSAGES.server.sanctionDaysRequired,
    path: ['days'],
  });
export type ImposeSanctionRequest = z.input<typeof imposeSanctionRequestSchema>;

/** DELETE /users/{id}/sanctions/{sid} lifts it early; the optional body says why (the audit log keeps it). */
export const liftSanctionRequestSchema = z.object({
  reason: optionalText('Reason', SANCTION_TEXT.reasonMax).optional(),
});
export type LiftSanctionRequest = z.input<typeof liftSanctionRequestSchema>;
// ---------- moderation (issue #24) ----------

const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

/** POST /reports: what is reported, why, and an optional note. Reporting again updates the caller's report. */
export const createReportRequestSchema = z.object({
  targetType: oneOf('Target type', MODERATION_TARGET_TYPES),
  targetId: z.string({ error: 'Target id must be text' }).max(100, 'Target id is too long'),
  reason: oneOf('Reason', REPORT_REASONS),
  note: optionalText('Note', REPORT_NOTE_MAX).default(''),
});
export type CreateReportRequest = z.input<typeof createReportRequestSchema>;

/** GET /moderation/queue: open entries by default, highest score first. */
export const moderationQueueQuerySchema = paginationQuerySchema.extend({
  status: oneOf('Status', MODERATION_STATUSES).default('open'),
  targetType: oneOf('Target type', MODERATION_TARGET_TYPES).optional(),
  reason: oneOf('Reason', REPORT_REASONS).optional(),
  source: oneOf('Source', MODERATION_SOURCES).optional(),
});
export type ModerationQueueQuery = z.input<typeof moderationQueueQuerySchema>;

/** An optional sanction of the author, applied with the resolution (sanctions/). */
export const sanctionRequestSchema = z
  .object({
    kind: oneOf('Sanction', SANCTION_KINDS),
    days: z
      .number({ error: 'Days must be a number' })
      .int('Days must be a whole number')
      .min(SANCTION_DAYS.min, `Days must be at least ${SANCTION_DAYS.min}`)
      .max(SANCTION_DAYS.max, `Days must be at most ${SANCTION_DAYS.max}`)
      .optional(),
    message: boundedText('Message', 1, SANCTION_TEXT.messageMax),
  })
  .refine((s) => s.kind === 'warn' || s.days !== undefined, {
    message: MESSAGES.server.sanctionDaysRequired,
    path: ['days'],
  });
export type SanctionRequest = z.input<typeof sanctionRequestSchema>;

/**
 * POST /moderation/queue/{id}/resolve. `reason` is the moderator's private reason (the audit log only);
 * a sanction's `message` is what its person is shown.
 */
export const resolveModerationRequestSchema = z.object({
  action: oneOf('Action', MODERATION_ACTIONS),
  reason: optionalText('Reason', MODERATION_REASON_MAX).default(''),
  sanction: sanctionRequestSchema.optional(),
});
export type ResolveModerationRequest = z.input<typeof resolveModerationRequestSchema>;
