// The shapes the API answers with (and its live events carry): what a client checks what it is sent
// against. A module of their own: the web app checks answers only after a page has loaded, and building
// zod schemas costs main-thread time (the forms' rules, in requests.ts, load with the forms).
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  CLASS_CATEGORIES,
  CLASS_STATUSES,
  COMMUNITY_CATEGORIES,
  CONTENT_TYPES,
  EMAIL_DELIVERIES,
  MODERATION_ACTIONS,
  MODERATION_STATUSES,
  MODERATION_TARGET_TYPES,
  NOTIFICATION_KINDS,
  NOTIFICATION_TOPICS,
  REPORT_REASONS,
  ROLES,
  SANCTION_KINDS,
  SENTIMENT_LABELS,
  UNREAD_COUNT_MAX,
} from './constants.js';

// ---------- building blocks ----------

export const roleSchema = z.enum(ROLES);
export const idSchema = z.string();
const isoDate = z.string();

// ---------- auth and users ----------

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

/** A silence in force on one's own account: why and until when (may read, may not publish). */
export const silenceSchema = z.object({ reason: z.string(), endsAt: isoDate });
export type Silence = z.infer<typeof silenceSchema>;

/** The signed-in person's own account (GET /auth/profile, sign-in): with the silence in force, if any. */
export const ownProfileSchema = userSchema.extend({ silence: silenceSchema.nullable().default(null) });
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** The sanction in force on an account (a silence or a suspension), as admin user lists show it. */
export const activeSanctionSchema = z.object({
  _id: idSchema,
  kind: z.enum(['silence', 'suspend']),
  reason: z.string(),
  endsAt: isoDate,
});
export type ActiveSanction = z.infer<typeof activeSanctionSchema>;

/** A user as admin lists show them (GET /users/mentors, learners, admins): with the sanction in force, if any. */
export const adminUserSchema = userSchema.extend({ sanction: activeSanctionSchema.nullable() });
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * One sanction of an account (POST/GET /users/{id}/sanctions). A warning has no end (`endsAt` null).
 * `liftedAt` is set when an admin lifted it early. `createdBy`'s `_id` is null once that admin is gone.
 */
export const sanctionSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  kind: z.enum(SANCTION_KINDS),
  reason: z.string(),
  message: z.string().optional(),
  startsAt: isoDate,
  endsAt: isoDate.nullable(),
  liftedAt: isoDate.nullable(),
  liftReason: z.string().nullable(),
  /** Whether it is in force now: a silence or suspension not yet ended nor lifted. */
  active: z.boolean(),
  createdBy: z.object({ _id: idSchema.nullable(), name: z.string() }),
});
export type Sanction = z.infer<typeof sanctionSchema>;

export const sanctionResponseSchema = z.object({ sanction: sanctionSchema });
export type SanctionResponse = z.infer<typeof sanctionResponseSchema>;
/** GET /users/{id}/sanctions: every sanction of the account, newest first. */
export const sanctionListResponseSchema = z.object({ sanctions: z.array(sanctionSchema) });
export type SanctionListResponse = z.infer<typeof sanctionListResponseSchema>;

export const authResponseSchema = ownProfileSchema.extend({ token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The request's id (also its X-Request-Id header): the server's log lines of that request carry it. */
  requestId: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** GET /health (readiness): the database answers. `version` is the server's. */
export const healthResponseSchema = z.object({ status: z.literal('ok'), version: z.string() });
/** GET /health/live (liveness): the process answers; the database is not asked. */
export const livenessResponseSchema = z.object({ status: z.literal('ok') });

// ---------- classes ----------

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
  /** What `price` is in: the server's CURRENCY, an ISO 4217 code in upper case ("USD"). */
  currency: z.string().regex(/^[A-Z]{3}$/),
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
  /** A session its mentor started is on (liveSession.ts startedSessionOn); never for a class that is not live. */
  live: z.boolean(),
  rating: z.number().nullable(),
  reviewCount: z.number(),
  createdAt: isoDate,
  /** When the caller enrolled: only on their own enrolled classes (GET /classes/enrolled, filter=enrolled). */
  enrolledAt: isoDate.optional(),
});
export type ClassItem = z.infer<typeof classSchema>;
/** GET /classes/enrolled: each class says when the caller enrolled in it. */
export const enrolledClassSchema = classSchema.extend({ enrolledAt: isoDate });

/** One learner on a class's roster (GET /classes/{id}/roster), with when they enrolled. */
export const rosterLearnerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  username: z.string(),
  profilePicture: z.string(),
  enrolledAt: isoDate,
});
export type RosterLearner = z.infer<typeof rosterLearnerSchema>;
/** The enrolled learners, first enrolled first. */
export const rosterResponseSchema = z.object({ learners: z.array(rosterLearnerSchema) });
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

/** A calendar day, YYYY-MM-DD (UTC). */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** One week of a class's insight: the week's Monday (UTC), new enrolments, discussions and replies started in it. */
export const classInsightWeekSchema = z.object({
  week: isoDay,
  enrolments: z.number().int(),
  discussions: z.number().int(),
  replies: z.number().int(),
});
/**
 * GET /classes/{id}/insight (issue #25), for its mentor and admins: the last INSIGHT_WEEKS weeks, oldest
 * first, this week last; how many reviews gave each of 1–5 stars; and the sentiment labels of the class's
 * discussions and replies. Community posts belong to no class, so they are not in it. Enrolments are the
 * learners still enrolled (leaving deletes one); hidden discussions and replies are left out.
 */
export const classInsightSchema = z.object({
  weeks: z.array(classInsightWeekSchema),
  ratings: z.array(z.object({ stars: z.number().int().min(1).max(5), count: z.number().int() })),
  sentiment: z.object({ positive: z.number().int(), negative: z.number().int(), neutral: z.number().int() }),
});
export type ClassInsight = z.infer<typeof classInsightSchema>;

/** A scheduled session of a class (GET /classes/{id}/sessions): title may be empty, times are UTC ISO. */
export const classSessionSchema = z.object({
  _id: idSchema,
  classId: idSchema,
  title: z.string(),
  startsAt: isoDate,
  endsAt: isoDate,
  durationMinutes: z.number().int(),
});
export type ClassSession = z.infer<typeof classSessionSchema>;
/** The class's upcoming sessions (not yet ended, not cancelled), soonest first. */
export const classSessionsResponseSchema = z.object({ sessions: z.array(classSessionSchema) });
export type ClassSessionsResponse = z.infer<typeof classSessionsResponseSchema>;
/** A file of a class (issue #26): name for display, type as read from its content, size in bytes. */
export const classMaterialSchema = z.object({
  _id: idSchema,
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  createdAt: isoDate,
  /**
   * Present (true) only while hidden pending review: others get the name as the hidden notice and may
   * not download it; the class's mentor and admins get it as named (moderation/visibility.ts).
   */
  hidden: z.literal(true).optional(),
});
export type ClassMaterial = z.infer<typeof classMaterialSchema>;
export const classMaterialResponseSchema = z.object({ material: classMaterialSchema });
/** GET /classes/{id}/materials: newest first, with the bytes used of the class's quota. */
export const classMaterialsResponseSchema = z.object({
  materials: z.array(classMaterialSchema),
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type ClassMaterialsResponse = z.infer<typeof classMaterialsResponseSchema>;
/** GET /calendar/feed and POST /calendar/feed/reset: the caller's private calendar feed (an https .ics URL). */
export const calendarFeedResponseSchema = z.object({ url: z.string() });
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;

export const classListResponseSchema = z.object({ classes: z.array(classSchema), nextCursor: z.string().nullable() });
export type ClassListResponse = z.infer<typeof classListResponseSchema>;
export const enrolmentResponseSchema = z.object({ isEnrolled: z.boolean() });
/** `live`: a session is on now, scheduled or started by its mentor (liveSession.ts liveJoin). */
export const liveResponseSchema = z.object({ url: z.string(), live: z.boolean() });
export type LiveResponse = z.infer<typeof liveResponseSchema>;
/** POST /classes/{id}/live (start) and POST /classes/{id}/live/room (a new room link): the room URL. */
export const liveRoomResponseSchema = z.object({ url: z.string() });
export type LiveRoomResponse = z.infer<typeof liveRoomResponseSchema>;

// ---------- text analysis ----------

export const sentimentSchema = z.object({ label: z.enum(SENTIMENT_LABELS), polarity: z.number().min(-1).max(1) });
export type Sentiment = z.infer<typeof sentimentSchema>;
export const moderationSchema = z.object({ flagged: z.boolean(), reason: z.string().nullable() });
export type Moderation = z.infer<typeof moderationSchema>;
/**
 * Present (true) only on content hidden pending a moderator's review. Its author and admins get the
 * content as written; everyone else gets MESSAGES.moderation.hiddenNotice in place of its text.
 */
const hiddenField = { hidden: z.literal(true).optional() };

// ---------- discussions ----------

export const discussionReplySchema = z.object({
  _id: idSchema,
  content: z.string(),
  author: personRefSchema,
  createdAt: isoDate,
  sentiment: sentimentSchema,
  moderation: moderationSchema,
  ...hiddenField,
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
  ...hiddenField,
});
export type Discussion = z.infer<typeof discussionSchema>;
export const allDiscussionsResponseSchema = z.object({ discussions: z.array(discussionSchema) });

// ---------- dashboard ----------

/** A session on a mentor's dashboard: the class's session, with the title of its class. */
export const mentorDashboardSessionSchema = classSessionSchema.extend({ classTitle: z.string() });
export type MentorDashboardSession = z.infer<typeof mentorDashboardSessionSchema>;
/** Someone who enrolled in one of the mentor's classes, and when. */
export const mentorDashboardEnrolmentSchema = z.object({
  learner: personRefSchema,
  class: z.object({ _id: idSchema, title: z.string() }),
  enrolledAt: isoDate,
});
export type MentorDashboardEnrolment = z.infer<typeof mentorDashboardEnrolmentSchema>;
/**
 * GET /dashboard/mentor (issue #37): what waits for a mentor in the classes they teach. `sessions`: the
 * next ones (not cancelled, not ended), soonest first. `enrolments`: the newest, of the last
 * NEW_ENROLMENT_DAYS. `awaitingReply`: discussions others started that the mentor has not answered
 * (list items: no reply bodies; `replyCount` 0 means nobody has), newest first; hidden ones are left
 * out, since the mentor could not answer them. Each list holds at most MENTOR_DASHBOARD_ITEMS; the counts
 * say how many there are in all. `classCount` tells a mentor with no class from one with a quiet week.
 */
export const mentorDashboardSchema = z.object({
  classCount: z.number().int(),
  sessions: z.array(mentorDashboardSessionSchema),
  enrolments: z.array(mentorDashboardEnrolmentSchema),
  newEnrolmentCount: z.number().int(),
  awaitingReply: z.array(discussionSchema),
  awaitingReplyCount: z.number().int(),
});
export type MentorDashboard = z.infer<typeof mentorDashboardSchema>;

// ---------- reviews ----------

export const reviewSchema = z.object({
  _id: idSchema,
  user: personRefSchema,
  rating: z.number(),
  comment: z.string(),
  classId: idSchema,
  createdAt: isoDate,
  ...hiddenField,
});
export type Review = z.infer<typeof reviewSchema>;
export const averageRatingResponseSchema = z.object({ averageRating: z.number(), count: z.number() });

// ---------- community ----------

export const communityReplySchema = z.object({
  _id: idSchema,
  content: z.string(),
  author: personRefSchema,
  createdAt: isoDate,
  sentiment: sentimentSchema,
  moderation: moderationSchema,
  ...hiddenField,
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
  ...hiddenField,
});
export type CommunityPost = z.infer<typeof communityPostSchema>;

// ---------- assistant ----------

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

export const markNotificationsReadResponseSchema = z.object({ unreadCount: unreadCountSchema });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponseSchema>;

/** How one topic reaches the caller; `inAppLocked`: always shown in the app, whatever they choose. */
export const notificationPreferenceSchema = z.object({
  topic: z.enum(NOTIFICATION_TOPICS),
  inApp: z.boolean(),
  inAppLocked: z.boolean(),
  email: z.enum(EMAIL_DELIVERIES),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesResponseSchema = z.object({
  /** One per topic, in NOTIFICATION_TOPICS order. */
  preferences: z.array(notificationPreferenceSchema),
  /** The zone the daily digest keeps; null: UTC. */
  timeZone: z.string().nullable(),
  /** The local hour (0-23) the daily digest is sent at. */
  digestHour: z.number().int().min(0).max(23),
  /** Whether this server sends email at all (SMTP configured). */
  emailEnabled: z.boolean(),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;

export const unsubscribeResponseSchema = z.object({
  message: z.string(),
  /** The topics no longer sent by email (one, or for a digest's link every topic that was in it). */
  topics: z.array(z.enum(NOTIFICATION_TOPICS)),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

// ---------- administration ----------

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

// ---------- moderation (issue #24) ----------

export const reportSchema = z.object({
  _id: idSchema,
  targetType: z.enum(MODERATION_TARGET_TYPES),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  /** The queue entry it belongs to. */
  entryId: idSchema,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Report = z.infer<typeof reportSchema>;
export const reportResponseSchema = z.object({
  report: reportSchema,
  /** The item is hidden pending review now (this report, or earlier ones, hid it): the reporter's screens refresh. */
  hidden: z.boolean(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** A report as the queue shows it to an admin: who reported, why, when. */
export const queueReportSchema = z.object({
  _id: idSchema,
  reporter: z.object({ _id: idSchema, name: z.string() }),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** The reported or flagged content in its context; null once it is gone (deleted). */
export const moderationTargetSchema = z.object({
  type: z.enum(MODERATION_TARGET_TYPES),
  _id: idSchema,
  /** A discussion's or post's title, a profile's name; empty for replies and reviews. */
  title: z.string(),
  /** The text under review: the content, the reply, the review's comment, a profile's bio. */
  content: z.string(),
  author: z.object({ _id: idSchema, name: z.string() }),
  /** Where it sits: the class of a discussion or review, the discussion of a reply, the post of a post reply. */
  context: z.object({ type: z.enum(['class', 'discussion', 'post']), _id: idSchema, title: z.string() }).nullable(),
  /** A path of the web app that shows it. */
  link: z.string(),
  createdAt: isoDate,
});
export type ModerationTarget = z.infer<typeof moderationTargetSchema>;

/** The author's record, for judging: earlier outcomes and how much of theirs is in the queue. */
export const authorHistorySchema = z.object({
  openCount: z.number().int(),
  resolved: z.object({ dismiss: z.number().int(), hide: z.number().int(), delete: z.number().int() }),
  recent: z.array(
    z.object({
      entryId: idSchema,
      targetType: z.enum(MODERATION_TARGET_TYPES),
      action: z.enum(MODERATION_ACTIONS),
      reason: z.string(),
      resolvedAt: isoDate,
    }),
  ),
});

export const moderationEntrySchema = z.object({
  _id: idSchema,
  targetType: z.enum(MODERATION_TARGET_TYPES),
  targetId: idSchema,
  target: moderationTargetSchema.nullable(),
  reports: z.array(queueReportSchema),
  /** The automatic check's verdict (null when it found nothing); severe ones hide the content at once. */
  autoFlag: z.object({ reason: z.string(), severe: z.boolean() }).nullable(),
  /** Distinct reporters, severity and age together: the queue is ordered by it, highest first. */
  score: z.number(),
  status: z.enum(MODERATION_STATUSES),
  /** Whether the content is hidden from everyone but its author and admins now. */
  hidden: z.boolean(),
  author: z.object({ _id: idSchema, name: z.string(), history: authorHistorySchema }).nullable(),
  createdAt: isoDate,
  resolution: z
    .object({
      action: z.enum(MODERATION_ACTIONS),
      reason: z.string(),
      by: z.object({ _id: idSchema.nullable(), name: z.string() }),
      at: isoDate,
    })
    .nullable(),
});
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;

export const moderationQueueResponseSchema = z.object({
  items: z.array(moderationEntrySchema),
  nextCursor: z.string().nullable(),
  /** Open entries in the whole queue, whatever the filters. */
  openCount: z.number().int(),
});
export type ModerationQueueResponse = z.infer<typeof moderationQueueResponseSchema>;

/** One UTC day of the queue: reports made, entries the automatic check flagged, entries resolved. */
export const moderationStatsDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  reports: z.number().int(),
  autoFlags: z.number().int(),
  decisions: z.number().int(),
});
export type ModerationStatsDay = z.infer<typeof moderationStatsDaySchema>;

/** GET /moderation/stats: the last MODERATION_STATS_DAYS days, oldest first, and how long decisions took. */
export const moderationStatsResponseSchema = z.object({
  days: z.array(moderationStatsDaySchema),
  /** The median hours from an entry opening to its decision, over the decisions of those days; null when none. */
  medianDecisionHours: z.number().nullable(),
});
export type ModerationStatsResponse = z.infer<typeof moderationStatsResponseSchema>;

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
/** To admins only: the review queue changed (an entry opened, grew or was resolved). */
export const moderationQueueEventSchema = z.object({ openCount: z.number().int() });
export type ModerationQueueEvent = z.infer<typeof moderationQueueEventSchema>;
export const resyncEventSchema = z.object({ reason: z.enum(['gap', 'reconnected']) });
export type ResyncEvent = z.infer<typeof resyncEventSchema>;

// ---------- search ----------

/** Where the typed text matched: [start, end) in UTF-16 code units of the field it belongs to. */
export const matchRangeSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type MatchRange = z.infer<typeof matchRangeSchema>;

/**
 * One search result. `title` and `text` are plain text (a class's description, a post's or discussion's
 * content around the match, a person's email); `matches` says which parts of each to mark. Never HTML.
 */
const searchHitBase = z.object({
  _id: idSchema,
  title: z.string(),
  text: z.string(),
  matches: z.object({ title: z.array(matchRangeSchema), text: z.array(matchRangeSchema) }),
});
export const classHitSchema = searchHitBase.extend({ category: z.string() });
export const discussionHitSchema = searchHitBase.extend({ classId: idSchema, classTitle: z.string() });
export const postHitSchema = searchHitBase.extend({ category: z.string() });
export const personHitSchema = searchHitBase.extend({ role: z.string() });
export type ClassHit = z.infer<typeof classHitSchema>;
export type DiscussionHit = z.infer<typeof discussionHitSchema>;
export type PostHit = z.infer<typeof postHitSchema>;
export type PersonHit = z.infer<typeof personHitSchema>;
export type SearchHit = ClassHit | DiscussionHit | PostHit | PersonHit;

/** GET /search: best first in each list; a kind not asked for (or, for people, not an admin's) is empty. */
export const searchResponseSchema = z.object({
  classes: z.array(classHitSchema),
  discussions: z.array(discussionHitSchema),
  posts: z.array(postHitSchema),
  people: z.array(personHitSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
