// Business constants of SPEC.md section 9 and the limits of API.md "Conventions".

export const STORAGE_KEYS = { token: 'token', theme: 'theme' } as const;

export const TOAST = { errorMs: 4000, blankMs: 4000, successMs: 2000, maxVisible: 20 } as const;

export const SCROLL_THRESHOLD_PX = 10;
export const LANDING_CAROUSEL = { items: 4, intervalMs: 5000 } as const;
export const VERIFICATION_POLL_MS = 10_000;
export const RECENT_ACTIVITY_ITEMS = 5;
export const CHAT = { mobileBreakpointPx: 768, desktopHeightPx: 500 } as const;

export const RATING = { min: 1, max: 5, default: 5 } as const;
export const PRICE = { min: 0, step: 0.01 } as const;
export const MAX_STUDENTS_MIN = 1;

export const ROLES = ['learner', 'mentor', 'both', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a person may choose for themselves at registration. */
export const SELF_SERVICE_ROLES = ['learner', 'mentor', 'both'] as const;
export const MENTOR_ROLES: readonly Role[] = ['mentor', 'both'];
export const LEARNER_ROLES: readonly Role[] = ['learner', 'both'];

export const CONTENT_TYPES = ['live', 'video', 'uploadable'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CLASS_CATEGORIES = [
  'programming',
  'design',
  'marketing',
  'business',
  'personal development',
  'other',
] as const;
export type ClassCategory = (typeof CLASS_CATEGORIES)[number];

export const CLASS_STATUSES = ['upcoming', 'ongoing', 'completed'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

export const COMMUNITY_CATEGORIES = ['general', 'question', 'announcement', 'help'] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];

export const DISCUSSION_FILTERS = ['all', 'my-posts', 'my-replies'] as const;
export const CLASS_FILTERS = ['all', 'enrolled', 'created'] as const;
export type ClassFilter = (typeof CLASS_FILTERS)[number];

export const ADMIN_TABS = ['mentors', 'learners', 'admins', 'classes', 'discussions', 'moderation', 'audit'] as const;
export const DEFAULT_ADMIN_TAB = 'classes';

export const SENTIMENT_LABELS = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];

/** How many weeks a class's insight covers, this one included. */
export const INSIGHT_WEEKS = 12;

/** How many items each list of a mentor's dashboard holds (GET /dashboard/mentor). */
export const MENTOR_DASHBOARD_ITEMS = 5;
/** How far back an enrolment still counts as new on a mentor's dashboard. */
export const NEW_ENROLMENT_DAYS = 30;

export const LIMITS = {
  name: { min: 1, max: 100 },
  title: { min: 1, max: 200 },
  content: { min: 1, max: 20_000 },
  comment: { min: 0, max: 5_000 },
  chatMessage: { min: 1, max: 4_000 },
  tags: { maxCount: 20, min: 1, max: 40 },
  // bcrypt reads only the first 72 bytes of a password: a longer one would be silently cut.
  password: { min: 8, max: 200, maxBytes: 72 },
  email: { max: 254 },
  bio: { max: 5_000 },
  url: { max: 2_000 },
  shortText: { max: 2_000 },
  skills: { maxCount: 30, max: 60 },
  bodyBytes: 1024 * 1024,
} as const;

export const PAGINATION = { defaultLimit: 20, maxLimit: 100 } as const;

/** What a notification is about (GET /api/notifications): see MESSAGES.notifications for the wording. */
export const NOTIFICATION_KINDS = [
  'discussion_reply',
  'post_reply',
  'post_like',
  'enrolment',
  'mentor_verified',
  'verification_request',
  'live_started',
  'new_discussion',
  'warned',
  'silenced',
  'suspended',
  'sanction_lifted',
  // Moderation (issue #24): a reporter hears what became of their report, an author what was done to their content.
  'report_resolved',
  'content_moderated',
  // Rosters (issue #25): a learner removed from a class by its mentor or an admin is told.
  'removed_from_class',
  // Scheduled sessions (issue #25): enrolled learners hear of a session scheduled, moved or cancelled.
  'session_scheduled',
  'session_moved',
  'session_cancelled',
  // Session reminders (issue #25): the class's members, SESSION_REMINDER_MINUTES before a session starts.
  'session_reminder',
  // Class materials (issue #26): enrolled learners hear of a file added to their class.
  'material_added',
] as const;

/**
 * What people choose how to hear of (issue #29): the kinds of notification grouped as a person thinks of
 * them. Each topic is shown in the app or not, and sent by email at once, in a daily digest or not at all.
 */
export const NOTIFICATION_TOPICS = ['replies', 'sessions', 'discussions', 'classes', 'likes', 'account'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const EMAIL_DELIVERIES = ['off', 'immediate', 'daily'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

/** The topic of each kind of notification. */
export const NOTIFICATION_TOPIC_OF: Readonly<Record<NotificationKind, NotificationTopic>> = {
  discussion_reply: 'replies',
  post_reply: 'replies',
  live_started: 'sessions',
  session_scheduled: 'sessions',
  session_moved: 'sessions',
  session_cancelled: 'sessions',
  session_reminder: 'sessions',
  new_discussion: 'discussions',
  enrolment: 'classes',
  removed_from_class: 'classes',
  material_added: 'classes',
  post_like: 'likes',
  mentor_verified: 'account',
  verification_request: 'account',
  warned: 'account',
  silenced: 'account',
  suspended: 'account',
  sanction_lifted: 'account',
  report_resolved: 'account',
  content_moderated: 'account',
};

/**
 * The notifications page's filters (issue #37): the kinds as a reader looks for them, coarser than the
 * topics, which are about how to hear of things.
 */
export const NOTIFICATION_GROUPS = ['discussions', 'classes', 'community', 'account'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export const NOTIFICATION_GROUP_OF: Readonly<Record<NotificationKind, NotificationGroup>> = {
  discussion_reply: 'discussions',
  new_discussion: 'discussions',
  enrolment: 'classes',
  removed_from_class: 'classes',
  live_started: 'classes',
  session_scheduled: 'classes',
  session_moved: 'classes',
  session_cancelled: 'classes',
  session_reminder: 'classes',
  material_added: 'classes',
  post_reply: 'community',
  post_like: 'community',
  mentor_verified: 'account',
  verification_request: 'account',
  warned: 'account',
  silenced: 'account',
  suspended: 'account',
  sanction_lifted: 'account',
  report_resolved: 'account',
  content_moderated: 'account',
};

/**
 * How each topic reaches someone who has not chosen: replies and sessions by email at once, new
 * discussions and class news in the daily digest, likes never by email; everything in the app.
 */
export const NOTIFICATION_DEFAULTS: Readonly<Record<NotificationTopic, { inApp: boolean; email: EmailDelivery }>> = {
  replies: { inApp: true, email: 'immediate' },
  sessions: { inApp: true, email: 'immediate' },
  discussions: { inApp: true, email: 'daily' },
  classes: { inApp: true, email: 'daily' },
  likes: { inApp: true, email: 'off' },
  account: { inApp: true, email: 'immediate' },
};

/** Topics always shown in the app: what was decided about one's own account cannot be missed there. */
export const ALWAYS_IN_APP_TOPICS: readonly NotificationTopic[] = ['account'];

/**
 * The dates the API accepts (a class's start, a session's start) lie between `earliest` and
 * `futureYears` from now: a year PostgreSQL, ISO 8601 and iCalendar all write with four digits, and a
 * session's end that cannot overflow into year 10000 (issue #35).
 */
export const DATE_RANGE = { earliest: '2000-01-01T00:00:00.000Z', futureYears: 5 } as const;

/** A scheduled session lasts 15 to 480 minutes (issue #25). */
export const SESSION_MIN_MINUTES = 15;
export const SESSION_MAX_MINUTES = 480;
/** "Join" opens the class's room from this long before a session starts. */
export const SESSION_JOIN_EARLY_MINUTES = 10;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** POST /api/notifications/read takes at most this many ids at once. */
export const NOTIFICATIONS_READ_MAX_IDS = 100;
/**
 * `unreadCount` counts unread notifications up to this many: it means "this many or more", and the bell
 * shows it as 99+. Counting past it would read every unread notification of someone who never reads
 * them, on each new one they get.
 */
export const UNREAD_COUNT_MAX = 100;

/** What an admin did, as the audit log (GET /api/admin/audit-log) names it. */
export const AUDIT_ACTIONS = [
  'mentor_verified',
  'user_deleted',
  'role_changed',
  'class_deleted',
  'discussion_deleted',
  'post_deleted',
  'sanction_imposed',
  'sanction_lifted',
  // The review queue's actions (moderation/): keep (dismiss), hide, delete.
  'report_dismissed',
  'content_hidden',
  'content_deleted',
  // An admin removing a learner from a class they do not mentor (classes/roster.ts).
  'learner_removed',
  // An admin deleting a file of a class they do not mentor (classes/materials.ts).
  'material_deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** What an audit log entry is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'class',
  'discussion',
  'post',
  'reply',
  'postReply',
  'review',
  'material',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * What an admin can do to an account (POST /api/users/{id}/sanctions): warn (a message, nothing else),
 * silence for some days (may read, may not publish anything others read), suspend for some days (may not
 * sign in; every session ends at once). A sanction ends by itself at its end time, or earlier when lifted.
 */
export const SANCTION_KINDS = ['warn', 'silence', 'suspend'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];
/** Silence and suspension last a whole number of days in this range; a warning has no duration. */
export const SANCTION_DAYS = { min: 1, max: 365 } as const;
/** The reason an admin gives (shown to the person), and a warning's optional message. */
export const SANCTION_TEXT = { reasonMax: 1_000, messageMax: 5_000 } as const;

/**
 * GET /events answers Server-Sent Events for the signed-in caller (cookie or bearer token; 401 JSON
 * otherwise, 429 JSON past the per-user stream limit). Each event below is `event: <name>` with JSON
 * `data:`; those with an `id:` can be resumed: a reconnecting EventSource sends `Last-Event-ID` (or
 * pass `?lastEventId=`) and gets what it missed. A `: heartbeat` comment comes every ~20 s.
 *   ready                {heartbeatMs}                       the stream is open (no id)
 *   notification         {notification, unreadCount}         new or updated notification for the caller
 *   notification.read    {unreadCount}                       the caller read notifications (another tab)
 *   discussion.reply     {discussionId, classId, reply, replyCount}   members of that class only
 *   community.post       {post}                              a new community post
 *   community.like       {postId, likes, likeCount}          a post's likes changed
 *   moderation.queue     {openCount}                         admins only: the review queue changed
 *   resync               {reason}                            some events may be lost: refetch what is shown
 */
export const LIVE_EVENT_NAMES = [
  'ready',
  'notification',
  'notification.read',
  'discussion.reply',
  'community.post',
  'community.like',
  'moderation.queue',
  'resync',
] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

// ---------- moderation (issue #24) ----------

/** What can be reported or flagged: every kind of user text, and a profile (name and bio). */
export const MODERATION_TARGET_TYPES = [
  'discussion',
  'reply',
  'post',
  'postReply',
  'review',
  'user',
  'material',
] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];

/** What each kind of moderated content is called where its text is not shown (the Moderation tab, notices). */
export const MODERATION_TARGET_NAMES: Record<ModerationTargetType, string> = {
  discussion: 'Discussion',
  reply: 'Reply',
  post: 'Community post',
  postReply: 'Post reply',
  review: 'Review',
  user: 'Profile',
  material: 'File',
};
/** Why a person reports something: spam, abuse or harassment, off-topic, inappropriate, other. */
export const REPORT_REASONS = ['spam', 'abuse', 'offTopic', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Where a queue entry came from: people's reports, or the automatic check of the text. */
export const MODERATION_SOURCES = ['report', 'auto'] as const;
export type ModerationSource = (typeof MODERATION_SOURCES)[number];
export const MODERATION_STATUSES = ['open', 'resolved'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
/** What a moderator does with an entry: keep the content (dismiss), hide it, or delete it. */
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const REPORT_NOTE_MAX = 500;
export const MODERATION_REASON_MAX = 500;
/** How many days GET /moderation/stats covers, today (UTC) included. */
export const MODERATION_STATS_DAYS = 30;
