import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  CLASS_CATEGORIES,
  CLASS_FILTERS,
  CLASS_STATUSES,
  COMMUNITY_CATEGORIES,
  CONTENT_TYPES,
  LIMITS,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_READ_MAX_IDS,
  PAGINATION,
  RATING,
  ROLES,
  SELF_SERVICE_ROLES,
  SENTIMENT_LABELS,
  UNREAD_COUNT_MAX,
} from './constants.js';
import { isHttpUrl, parseTags } from './text.js';

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

export const nameSchema = boundedText('Name', LIMITS.name.min, LIMITS.name.max);
export const titleSchema = boundedText('Title', LIMITS.title.min, LIMITS.title.max);
export const contentSchema = boundedText('Content', LIMITS.content.min, LIMITS.content.max);
export const emailSchema = z
  .string({ error: 'Email must be text' })
  .trim()
  .toLowerCase()
  .max(LIMITS.email.max, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));
export const passwordSchema = z
  .string({ error: 'Password must be text' })
  .min(LIMITS.password.min, `Password must be at least ${LIMITS.password.min} characters`)
  .max(LIMITS.password.max, `Password must be at most ${LIMITS.password.max} characters`);
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

export const roleSchema = z.enum(ROLES);
export const idSchema = z.string();
const isoDate = z.string();

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

export const updateProfileRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  profilePicture: optionalUrlSchema.default(''),
  bio: optionalText('Bio', LIMITS.bio.max).default(''),
  skills: skillsSchema.optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

// Account settings and password reset: new passwords follow the registration rules (passwordSchema);
// a password that proves who you are is only required, as at sign-in.
const currentPasswordSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(LIMITS.password.max);

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

export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  username: z.string(),
  role: roleSchema,
  skills: z.array(z.string()),
  bio: z.string(),
  profilePicture: z.string(),
  verified: z.boolean(),
  verificationRequested: z.boolean(),
  verificationRequestDate: isoDate.nullable(),
  createdAt: isoDate,
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = userSchema.extend({ token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });

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
  startDate: z.iso
    .datetime({ offset: true, error: 'Start date must be an ISO 8601 date-time' })
    .nullable()
    .default(null),
};

/** SPEC.md section 5: a content URL is required unless the class is live; any URL given is http(s). */
function checkContentUrl(value: { contentType: string; contentUrl: string }, ctx: z.RefinementCtx): void {
  if (value.contentUrl === '') {
    if (value.contentType !== 'live') {
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

export const listClassesQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200, 'search is too long').optional(),
  category: z.enum(CLASS_CATEGORIES).optional(),
  filter: z.enum(CLASS_FILTERS).default('all'),
});
export type ListClassesQuery = z.input<typeof listClassesQuerySchema>;

export const personRefSchema = z.object({ _id: idSchema, name: z.string(), profilePicture: z.string().optional() });
export type PersonRef = z.infer<typeof personRefSchema>;

export const classSchema = z.object({
  _id: idSchema,
  title: z.string(),
  description: z.string(),
  category: z.enum(CLASS_CATEGORIES),
  contentType: z.enum(CONTENT_TYPES),
  contentUrl: z.string(),
  price: z.number(),
  isPaid: z.boolean(),
  schedule: z.string(),
  maxStudents: z.number().nullable(),
  prerequisites: z.string(),
  materials: z.string(),
  tags: z.array(z.string()),
  mentor: personRefSchema,
  enrolledStudents: z.array(idSchema).optional(),
  studentCount: z.number(),
  startDate: isoDate.nullable(),
  status: z.enum(CLASS_STATUSES),
  live: z.boolean(),
  rating: z.number().nullable(),
  reviewCount: z.number(),
  createdAt: isoDate,
});
export type ClassItem = z.infer<typeof classSchema>;

export const classListResponseSchema = z.object({ classes: z.array(classSchema), nextCursor: z.string().nullable() });
export type ClassListResponse = z.infer<typeof classListResponseSchema>;
export const enrollmentResponseSchema = z.object({ isEnrolled: z.boolean() });
export const liveResponseSchema = z.object({ url: z.string(), live: z.boolean() });
export type LiveResponse = z.infer<typeof liveResponseSchema>;

// ---------- text analysis ----------

export const sentimentSchema = z.object({ label: z.enum(SENTIMENT_LABELS), polarity: z.number().min(-1).max(1) });
export type Sentiment = z.infer<typeof sentimentSchema>;
export const moderationSchema = z.object({ flagged: z.boolean(), reason: z.string().nullable() });
export type Moderation = z.infer<typeof moderationSchema>;

// ---------- discussions ----------

export const createDiscussionRequestSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  classId: z.string({ error: 'Class is required' }).trim().min(1, 'Class is required'),
});
export type CreateDiscussionRequest = z.input<typeof createDiscussionRequestSchema>;
export const replyRequestSchema = z.object({ content: contentSchema });
export type ReplyRequest = z.input<typeof replyRequestSchema>;
export const listDiscussionsQuerySchema = paginationQuerySchema.extend({
  classId: z.string().max(100).optional(),
  search: z.string().trim().max(200, 'search is too long').optional(),
});
export type ListDiscussionsQuery = z.input<typeof listDiscussionsQuerySchema>;

export const discussionReplySchema = z.object({
  _id: idSchema,
  content: z.string(),
  author: personRefSchema,
  createdAt: isoDate,
  sentiment: sentimentSchema,
  moderation: moderationSchema,
});
export type DiscussionReply = z.infer<typeof discussionReplySchema>;

export const discussionSchema = z.object({
  _id: idSchema,
  title: z.string(),
  content: z.string(),
  classId: z.object({ _id: idSchema, title: z.string() }),
  author: personRefSchema,
  replies: z.array(discussionReplySchema),
  replyCount: z.number(),
  /** True when the caller has replied (for the "my replies" filter; lists carry no reply bodies). */
  repliedByMe: z.boolean().optional(),
  createdAt: isoDate,
  sentiment: sentimentSchema,
  moderation: moderationSchema,
});
export type Discussion = z.infer<typeof discussionSchema>;
export const allDiscussionsResponseSchema = z.object({ discussions: z.array(discussionSchema) });

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

export const reviewSchema = z.object({
  _id: idSchema,
  user: personRefSchema,
  rating: z.number(),
  comment: z.string(),
  classId: idSchema,
  createdAt: isoDate,
});
export type Review = z.infer<typeof reviewSchema>;
export const averageRatingResponseSchema = z.object({ averageRating: z.number(), count: z.number() });

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

export const communityReplySchema = z.object({
  _id: idSchema,
  content: z.string(),
  author: personRefSchema,
  createdAt: isoDate,
  sentiment: sentimentSchema,
  moderation: moderationSchema,
});
export type CommunityReply = z.infer<typeof communityReplySchema>;

export const communityPostSchema = z.object({
  _id: idSchema,
  title: z.string(),
  content: z.string(),
  category: z.enum(COMMUNITY_CATEGORIES),
  tags: z.array(z.string()),
  author: personRefSchema,
  likes: z.array(idSchema),
  replies: z.array(communityReplySchema),
  sentiment: sentimentSchema,
  moderation: moderationSchema,
  createdAt: isoDate,
});
export type CommunityPost = z.infer<typeof communityPostSchema>;

// ---------- assistant ----------

export const chatRequestSchema = z.object({
  message: boundedText('Message', LIMITS.chatMessage.min, LIMITS.chatMessage.max),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;
export const chatResponseSchema = z.object({ response: z.string() });
export const chatMessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });
export type ChatMessage = z.infer<typeof chatMessageSchema>;
/** GET /gemini/history: the caller's last 50 messages, oldest first. */
export const chatHistoryItemSchema = chatMessageSchema.extend({ createdAt: isoDate });
export type ChatHistoryItem = z.infer<typeof chatHistoryItemSchema>;
export const chatHistoryResponseSchema = z.array(chatHistoryItemSchema);
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponseSchema>;

/** GET /gemini/status: which provider answers (Gemini when the server has a key, else the offline assistant). */
export const assistantStatusSchema = z.object({
  provider: z.enum(['gemini', 'offline']),
  model: z.string().optional(),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

/**
 * POST /gemini/chat/stream {message} answers Server-Sent Events (text/event-stream):
 *   data: {"delta":"..."}                      pieces of the answer, in order (default "message" event)
 *   event: done   data: {"response":"..."}    the whole answer, once; it is then in the history
 *   event: error  data: {"message":"...","status":502|504}  the provider failed mid-answer
 * A failure before the first piece (auth, validation, rate limit, provider down or too slow) is an
 * ordinary JSON error answer with its status instead, as for POST /gemini/chat.
 */
export const chatStreamDeltaSchema = z.object({ delta: z.string() });
export const chatStreamDoneSchema = chatResponseSchema;
export const chatStreamErrorSchema = z.object({ message: z.string(), status: z.number().int() });

// ---------- notifications ----------

/** GET /notifications `?limit=&cursor=`: newest activity first. */
export const listNotificationsQuerySchema = paginationQuerySchema;

export const notificationSchema = z.object({
  _id: idSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  /** Ready to show, e.g. 'Ana replied to your discussion “Types”' or '3 people liked your post “Hello”'. */
  message: z.string(),
  /** A path of the web app: /discussions/{id}, /classes/{id}, /community#post-{id}, /dashboard, /admin?tab=mentors. */
  link: z.string(),
  read: z.boolean(),
  /** Who did it last (null when nobody in particular, e.g. a verification). Never an email. */
  actor: z.object({ _id: idSchema, name: z.string() }).nullable(),
  /** How many people it stands for: likes are grouped into one notification per post. */
  count: z.number().int(),
  createdAt: isoDate,
  /** Moves forward when a grouped notification gets news (another like): lists sort by it. */
  updatedAt: isoDate,
});
export type Notification = z.infer<typeof notificationSchema>;

/** Unread notifications, counted up to UNREAD_COUNT_MAX (which then means that many or more). */
const unreadCountSchema = z.number().int().min(0).max(UNREAD_COUNT_MAX);

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: unreadCountSchema,
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

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
export const markNotificationsReadResponseSchema = z.object({ unreadCount: unreadCountSchema });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;

// ---------- administration ----------

/** PUT /admin/users/{id}/role: any role, admin included (admins grant admin access; API.md). */
export const changeRoleRequestSchema = z.object({
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` }),
});
export type ChangeRoleRequest = z.input<typeof changeRoleRequestSchema>;

/** GET /admin/audit-log `?limit=&cursor=`: newest first. */
export const listAuditLogQuerySchema = paginationQuerySchema;

/**
 * One thing an admin did. Names and titles are as they were then, so an entry still reads after its
 * actor or target is deleted (their `_id` is then null for the actor, and stays for the target).
 */
export const auditEntrySchema = z.object({
  _id: idSchema,
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ _id: idSchema.nullable(), name: z.string() }),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), _id: idSchema.nullable(), name: z.string() }),
  /** What changed, e.g. "learner → mentor", or what went with it. */
  detail: z.string(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

// ---------- live events ----------

// The events of GET /events and what each carries: LIVE_EVENT_NAMES in constants.ts.

export const readyEventSchema = z.object({ heartbeatMs: z.number().int() });
export const notificationEventSchema = z.object({ notification: notificationSchema, unreadCount: unreadCountSchema });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
export const notificationReadEventSchema = z.object({ unreadCount: unreadCountSchema });
export type NotificationReadEvent = z.infer<typeof notificationReadEventSchema>;
export const discussionReplyEventSchema = z.object({
  discussionId: idSchema,
  classId: idSchema,
  reply: discussionReplySchema,
  replyCount: z.number().int(),
});
export type DiscussionReplyEvent = z.infer<typeof discussionReplyEventSchema>;
export const communityPostEventSchema = z.object({ post: communityPostSchema });
export type CommunityPostEvent = z.infer<typeof communityPostEventSchema>;
export const communityLikeEventSchema = z.object({
  postId: idSchema,
  likes: z.array(idSchema),
  likeCount: z.number().int(),
});
export type CommunityLikeEvent = z.infer<typeof communityLikeEventSchema>;
/**
 * `gap`: some events after the caller's Last-Event-ID are no longer held (too old, or from before
 * the process started); `reconnected`: the process lost its link to the others for a while.
 */
export const resyncEventSchema = z.object({ reason: z.enum(['gap', 'reconnected']) });
export type ResyncEvent = z.infer<typeof resyncEventSchema>;
