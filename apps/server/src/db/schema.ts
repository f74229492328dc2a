// Timestamps keep milliseconds, as a JavaScript Date does: a value read back and sent as a cursor
// compares equal to the stored one, so keyset pagination over (created_at, id) never skips a row.

import {
  type AuditAction,
  type AuditTargetType,
  CLASS_CATEGORIES,
  CLASS_STATUSES,
  COMMUNITY_CATEGORIES,
  CONTENT_TYPES,
  EMAIL_DELIVERIES,
  type ModerationAction,
  type ModerationStatus,
  type ModerationTargetType,
  NOTIFICATION_KINDS,
  type ReportReason,
  ROLES,
  SANCTION_KINDS,
  SENTIMENT_LABELS,
} from '@mentora/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Every table carries the rule it can: unique keys for "one X per Y", cascading foreign keys so
// deleting an owner takes what it owns, and check constraints for ranges.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow();
const id = () => uuid('id').primaryKey().defaultRandom();

export const roleEnum = pgEnum('user_role', ROLES);
export const classCategoryEnum = pgEnum('class_category', CLASS_CATEGORIES);
export const contentTypeEnum = pgEnum('content_type', CONTENT_TYPES);
export const classStatusEnum = pgEnum('class_status', CLASS_STATUSES);
export const communityCategoryEnum = pgEnum('community_category', COMMUNITY_CATEGORIES);
export const sentimentLabelEnum = pgEnum('sentiment_label', SENTIMENT_LABELS);

/**
 * Hidden pending a moderator's review (moderation/): by reports from enough people, a severe automatic
 * flag, or a moderator. Who may still read it is moderation/visibility.ts's one rule.
 */
const hidden = () => ({ hidden: boolean('hidden').notNull().default(false) });

/** Sentiment and moderation columns shared by every piece of user-written text. */
const analysed = () => ({
  sentimentLabel: sentimentLabelEnum('sentiment_label').notNull().default('NEUTRAL'),
  sentimentPolarity: real('sentiment_polarity').notNull().default(0),
  flagged: boolean('flagged').notNull().default(false),
  flagReason: text('flag_reason'),
  ...hidden(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('learner'),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    bio: text('bio').notNull().default(''),
    profilePicture: text('profile_picture').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    verificationRequested: boolean('verification_requested').notNull().default(false),
    verificationRequestDate: timestamp('verification_request_date', { withTimezone: true, mode: 'date', precision: 3 }),
    /** The profile (its bio) is hidden pending review. */
    ...hidden(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(t.username),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // Trigram indexes (migration 0013): the admin's people search, by prefix and with typos (db/search.ts).
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const classes = pgTable(
  'classes',
  {
    id: id(),
    mentorId: uuid('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: classCategoryEnum('category').notNull(),
    contentType: contentTypeEnum('content_type').notNull(),
    contentUrl: text('content_url').notNull().default(''),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    isPaid: boolean('is_paid').notNull().default(false),
    schedule: text('schedule').notNull().default(''),
    maxStudents: integer('max_students'),
    prerequisites: text('prerequisites').notNull().default(''),
    materials: text('materials').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date', precision: 3 }),
    status: classStatusEnum('status').notNull().default('upcoming'),
    /** Unguessable room name on the streaming site (LIVE_BASE_URL + room). */
    liveRoom: text('live_room').notNull(),
    liveStartedAt: timestamp('live_started_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** Maintained by the service on write: title, description and tags. */
    search: tsvector('search'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('classes_live_room_key').on(t.liveRoom),
    index('classes_created_idx').on(t.createdAt, t.id),
    index('classes_mentor_created_idx').on(t.mentorId, t.createdAt),
    index('classes_category_created_idx').on(t.category, t.createdAt),
    index('classes_search_idx').using('gin', t.search),
    index('classes_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('classes_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    // Tags by the start of a word, as titles (migration 0021: search_tags_text joins them with spaces).
    index('classes_tags_trgm_idx').using('gin', sql`search_tags_text(${t.tags}) gin_trgm_ops`),
    check('classes_price_nonnegative', sql`${t.price} >= 0`),
    check('classes_max_students_positive', sql`${t.maxStudents} IS NULL OR ${t.maxStudents} >= 1`),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'enrolments_pkey', columns: [t.classId, t.userId] }),
    index('enrolments_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A class's scheduled sessions (issue #25): written by its mentor only. A cancelled one keeps its row
 * (cancelled_at) so a calendar entry or a reminder already queued can tell it was called off; `sequence`
 * counts changes, as iCalendar's SEQUENCE, so calendars replace the event they hold under the same UID.
 */
export const classSessions = pgTable(
  'class_sessions',
  {
    id: id(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date', precision: 3 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('class_sessions_class_starts_idx').on(t.classId, t.startsAt),
    check('class_sessions_duration_range', sql`${t.durationMinutes} BETWEEN 15 AND 480`),
  ],
);
export type ClassSessionRow = typeof classSessions.$inferSelect;

/**
 * A file its mentor uploaded to a class (classes/materials.ts, issue #26). The bytes are in the file
 * store under `storage_key`; `name` is for display only, `type` was decided from the content. Deleting a
 * row (or its class, or its mentor's account) queues the deletion of its file (migration 0017's trigger).
 */
export const classMaterials = pgTable(
  'class_materials',
  {
    id: id(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the bytes: the download's ETag. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique('class_materials_storage_key_key'),
    createdAt: createdAt(),
    /** Hidden pending review (reports, a severe name, a moderator): moderation/visibility.ts decides who still sees it. */
    ...hidden(),
  },
  (t) => [index('class_materials_class_created_idx').on(t.classId, t.createdAt)],
);
export type ClassMaterialRow = typeof classMaterials.$inferSelect;

export const discussions = pgTable(
  'discussions',
  {
    id: id(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    ...analysed(),
    search: tsvector('search'),
    createdAt: createdAt(),
  },
  (t) => [
    index('discussions_class_created_idx').on(t.classId, t.createdAt),
    index('discussions_author_created_idx').on(t.authorId, t.createdAt),
    index('discussions_created_idx').on(t.createdAt),
    index('discussions_search_idx').using('gin', t.search),
    index('discussions_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('discussions_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
  ],
);

export const discussionReplies = pgTable(
  'discussion_replies',
  {
    id: id(),
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    ...analysed(),
    createdAt: createdAt(),
  },
  (t) => [
    index('discussion_replies_discussion_created_idx').on(t.discussionId, t.createdAt),
    index('discussion_replies_author_idx').on(t.authorId),
    // "Did the viewer reply?" for each discussion of a page: one probe, however many replies either has.
    index('discussion_replies_discussion_author_idx').on(t.discussionId, t.authorId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    ...hidden(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_class_user_key').on(t.classId, t.userId),
    index('reviews_class_updated_idx').on(t.classId, t.updatedAt),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const communityPosts = pgTable(
  'community_posts',
  {
    id: id(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: communityCategoryEnum('category').notNull().default('general'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    ...analysed(),
    search: tsvector('search'),
    createdAt: createdAt(),
  },
  (t) => [
    index('community_posts_created_idx').on(t.createdAt, t.id),
    index('community_posts_category_created_idx').on(t.category, t.createdAt),
    index('community_posts_author_idx').on(t.authorId),
    index('community_posts_search_idx').using('gin', t.search),
    index('community_posts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('community_posts_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
    index('community_posts_tags_trgm_idx').using('gin', sql`search_tags_text(${t.tags}) gin_trgm_ops`),
  ],
);

export const communityReplies = pgTable(
  'community_replies',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    ...analysed(),
    createdAt: createdAt(),
  },
  (t) => [
    index('community_replies_post_created_idx').on(t.postId, t.createdAt),
    index('community_replies_author_idx').on(t.authorId),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'post_likes_pkey', columns: [t.postId, t.userId] }),
    index('post_likes_user_idx').on(t.userId),
  ],
);

export const chatRoleEnum = pgEnum('chat_role', ['user', 'assistant']);

/** The assistant's conversation with each user: what they asked and what it answered. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: chatRoleEnum('role').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

/** One-time password reset links: only a hash of the token is kept, and each expires. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date', precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);

/**
 * One number line for every live event of every process (src/events): an SSE stream's Last-Event-ID
 * is a value of it. Notifications take theirs as a column, so a stream can replay them from here.
 */
export const liveEventSeq = pgSequence('live_event_seq');

/**
 * What the bell lists. Each row belongs to its recipient and, through cascading foreign keys, to what
 * it is about and to whoever caused it: it goes when they go. Grouped kinds (likes of one post, live
 * sessions of one class, one mentor's verification requests) keep one row per (user, group_key),
 * updated as news arrives: count and latest actor change, and it is unread again.
 */
/** A session's change as its notice tells it: only what changed is set (presenter.ts). */
export interface NotificationDetail {
  startsAt?: string;
  durationMinutes?: number;
  previousTitle?: string;
}

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The actor's name when it happened: the text needs no join, and an email never gets near it. */
    actorName: text('actor_name').notNull().default(''),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    discussionId: uuid('discussion_id').references(() => discussions.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => communityPosts.id, { onDelete: 'cascade' }),
    /**
     * The file or session a class notice is about: the notice goes with it (issue #37), so nobody is told
     * of a file that is no longer there. A cancelled session is kept as a row; raise.ts withdraws its notices.
     */
    materialId: uuid('material_id').references(() => classMaterials.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => classSessions.id, { onDelete: 'cascade' }),
    /** What changed, for a notice that says it (a session moved, made longer or renamed): presenter.ts reads it. */
    detail: jsonb('detail').$type<NotificationDetail>(),
    /** The title of what it is about (discussion, post or class), and for a new discussion its class's. */
    subjectTitle: text('subject_title').notNull().default(''),
    contextTitle: text('context_title').notNull().default(''),
    link: text('link').notNull(),
    groupKey: text('group_key'),
    count: integer('count').notNull().default(1),
    /** The live event id of its latest change (live_event_seq): Last-Event-ID replays from it. */
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('live_event_seq')`),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /**
     * The seq its email was decided for (notifications/mail.ts): when it differs from seq, the mail
     * sweep has yet to look at this notification's latest change.
     */
    mailedSeq: bigint('mailed_seq', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_mail_due_idx').on(t.seq).where(sql`${t.mailedSeq} IS DISTINCT FROM ${t.seq}`),
    // NULL group keys never conflict, so only grouped kinds are one row per (user, key).
    uniqueIndex('notifications_user_group_key').on(t.userId, t.groupKey),
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    index('notifications_actor_idx').on(t.actorId),
    index('notifications_class_idx').on(t.classId),
    index('notifications_discussion_idx').on(t.discussionId),
    index('notifications_post_idx').on(t.postId),
    index('notifications_material_idx').on(t.materialId),
    index('notifications_session_idx').on(t.sessionId),
    check('notifications_count_positive', sql`${t.count} >= 1`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ClassRow = typeof classes.$inferSelect;
export type DiscussionRow = typeof discussions.$inferSelect;
export type DiscussionReplyRow = typeof discussionReplies.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type CommunityPostRow = typeof communityPosts.$inferSelect;
export type CommunityReplyRow = typeof communityReplies.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * What admins did: one row per action (verify a mentor, change a role, delete a user, class,
 * discussion or post). Names and titles are copied in when it happens, so the record still reads after
 * the actor or the target is gone; the actor's id is kept while the account exists.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: uuid('target_id'),
    targetName: text('target_name').notNull().default(''),
    /** What changed, in words an admin reads (e.g. "role learner → mentor"). */
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id), index('audit_log_actor_idx').on(t.actorId)],
);

export const sanctionKindEnum = pgEnum('sanction_kind', SANCTION_KINDS);

/**
 * What admins did to an account (sanctions/service.ts): one row per warning, silence or suspension, kept
 * after it ends as the account's history. A silence or suspension is in force from starts_at until
 * ends_at, unless lifted_at is set (lifted early); a warning has no end. Any change of a row is announced
 * like a change of its user (migration 0009_sanctions: NOTIFY mentora_auth "user:<id>"), so every
 * process's session cache (auth/sessionCache.ts), which holds the sanctions in force, hears of it.
 */
export const sanctions = pgTable(
  'sanctions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: sanctionKindEnum('kind').notNull(),
    reason: text('reason').notNull(),
    message: text('message'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date', precision: 3 }),
    liftedAt: timestamp('lifted_at', { withTimezone: true, mode: 'date', precision: 3 }),
    liftReason: text('lift_reason'),
    liftedById: uuid('lifted_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The admin's name when it happened: the history still reads after they are gone. */
    createdByName: text('created_by_name').notNull(),
  },
  (t) => [
    index('sanctions_user_idx').on(t.userId, t.startsAt),
    index('sanctions_created_by_idx').on(t.createdById),
    index('sanctions_lifted_by_idx').on(t.liftedById),
    check('sanctions_end', sql`(${t.kind} = 'warn') = (${t.endsAt} IS NULL)`),
  ],
);
export type SanctionRow = typeof sanctions.$inferSelect;
/**
 * The review queue (moderation/): one entry per reported or flagged item while it is open. Targets are
 * of several kinds (MODERATION_TARGET_TYPES), so the entry names one by type and id without a foreign
 * key: deleted content leaves its entry behind, with the outcome, for the author's history. The entry
 * goes with its author's account. A resolved entry stays; news about the same item opens a new one.
 */
export const moderationEntries = pgTable(
  'moderation_entries',
  {
    id: id(),
    targetType: text('target_type').$type<ModerationTargetType>().notNull(),
    targetId: uuid('target_id').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ModerationStatus>().notNull().default('open'),
    /** The automatic check's reason, when it flagged the text; severe ones (threats) hide it at once. */
    autoFlag: text('auto_flag'),
    severe: boolean('severe').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    resolvedAction: text('resolved_action').$type<ModerationAction>(),
    resolvedReason: text('resolved_reason').notNull().default(''),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedByName: text('resolved_by_name').notNull().default(''),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (t) => [
    // One open entry per item: concurrent reports and flags meet on it.
    uniqueIndex('moderation_entries_open_target_key').on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('moderation_entries_status_created_idx').on(t.status, t.createdAt),
    index('moderation_entries_author_idx').on(t.authorId, t.status),
    index('moderation_entries_target_idx').on(t.targetId),
    check(
      'moderation_entries_target_type',
      sql`${t.targetType} in ('discussion', 'reply', 'post', 'postReply', 'review', 'user', 'material')`,
    ),
    check('moderation_entries_status', sql`${t.status} in ('open', 'resolved')`),
    check(
      'moderation_entries_resolution',
      sql`(${t.status} = 'open' and ${t.resolvedAction} is null) or (${t.status} = 'resolved' and ${t.resolvedAction} in ('dismiss', 'hide', 'delete'))`,
    ),
  ],
);

/** One report per person per queue entry: reporting again updates it. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => moderationEntries.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_entry_reporter_key').on(t.entryId, t.reporterId),
    index('reports_reporter_idx').on(t.reporterId),
    check('reports_reason', sql`${t.reason} in ('spam', 'abuse', 'offTopic', 'inappropriate', 'other')`),
    check('reports_note_length', sql`char_length(${t.note}) <= 500`),
  ],
);

export type ModerationEntryRow = typeof moderationEntries.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;

/**
 * The background job queue (jobs/queue.ts): work to do at a time, by any one server process. A job is
 * removed when it has run; one that keeps failing stays, with failed_at, for an operator to read. `key`
 * names a job its enqueuer may replace or drop (a session's reminder when the session moves).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    key: text('key'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_key_key').on(t.key),
    // What the workers poll: jobs still to run, soonest first.
    index('jobs_due_idx').on(t.runAt).where(sql`${t.failedAt} IS NULL`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;

/**
 * How a kind of notification reaches a user, where they chose otherwise than the defaults
 * (NOTIFICATION_DEFAULTS in the contract): one row per kind, written for every kind of a topic at once.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: text('email', { enum: EMAIL_DELIVERIES }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'notification_preferences_pkey', columns: [t.userId, t.kind] }),
    check('notification_preferences_email_check', sql`${t.email} in ('off', 'immediate', 'daily')`),
  ],
);
export type NotificationPreferenceRow = typeof notificationPreferences.$inferSelect;

/** A user's mail settings: the zone their daily digest keeps, and when the last one was made. */
export const mailSettings = pgTable('mail_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** An IANA zone; null: UTC. */
  timeZone: text('time_zone'),
  /** The end of the period the last digest covered: the next covers what changed after it. */
  digestThrough: timestamp('digest_through', { withTimezone: true, mode: 'date', precision: 3 }),
});

/**
 * Each user's private calendar feed (calendar/feed.ts): GET /api/calendar/{token}.ics lists the sessions
 * of their classes to whoever holds the token, which is why it is long, random and can be replaced.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique('calendar_feeds_token_key'),
  createdAt: createdAt(),
});

/**
 * Every word (lower case, letters and digits) that a title, a tag or a person's name has held: where
 * the words a typed word starts, or is a typo of, are looked up (db/search.ts). Filled by triggers on
 * the searched tables (migrations 0016, 0021), never emptied: a word no title holds any more finds nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * The search index of headings (migration 0021): one row per word of a class's, discussion's or
 * community post's title and tags, with the item's creation time, so that the newest items holding a
 * word are read in order from one index instead of ranking every row that holds it (db/search.ts).
 * Kept by triggers on the three tables; `weight` says where the word stands: 4 it is the whole title,
 * 3 the title's first word, 2 another word of the title, 1 a tag.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    kind: text('kind', { enum: ['class', 'discussion', 'post'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    word: text('word').notNull(),
    weight: smallint('weight').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'search_terms_pkey', columns: [t.kind, t.itemId, t.word] }),
    index('search_terms_word_idx').on(t.kind, t.word, t.weight.desc(), t.createdAt.desc(), t.itemId),
  ],
);
