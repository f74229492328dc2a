// Every call of the API as one table: its method and path, what it reads (body, query; path
// parameters come from the path), what it answers per status, who may call it and whether it needs a
// signed-in caller. openapi.ts builds the OpenAPI document (GET /api/openapi.json) from it, and the
// server's tests check that the routes the server mounts and the rows here are the same set.
import { z } from 'zod';
import * as q from './requests.js';
import * as r from './responses.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** An answer that is not one JSON value: a live stream of Server-Sent Events, or a web page. */
export interface NonJsonAnswer {
  contentType: 'text/event-stream' | 'text/html' | 'text/calendar';
  description: string;
}
export type ApiAnswer = z.ZodType | NonJsonAnswer;

export interface ApiRoute {
  method: HttpMethod;
  /** Under /api, with Express's `:param` for path parameters (each an opaque id). */
  path: string;
  /** Groups calls in the reference (an OpenAPI tag). */
  tag: string;
  summary: string;
  /** Who may call it, as API.md's "Who" column says. */
  who: string;
  /** 'user': a session token as the `token` cookie or `Authorization: Bearer`; 'none': anyone. */
  auth: 'none' | 'user';
  body?: z.ZodType;
  query?: z.ZodObject;
  /** The answers that succeed, by status. Error answers (errorResponseSchema) are added by openapi.ts. */
  responses: Partial<Record<200 | 201, ApiAnswer>>;
  /** Error statuses this call answers on purpose besides the common ones (400, 401, 404, 429 and 5xx). */
  errors?: readonly number[];
}

const message = r.messageResponseSchema;
const adminUsers = z.array(r.adminUserSchema);
const classes = z.array(r.classSchema);

/** GET /events `?lastEventId=`: where a reconnecting client stopped (also the Last-Event-ID header). */
export const eventsQuerySchema = z.object({ lastEventId: z.string().max(20).optional() });

/** The OpenAPI document itself (GET /openapi.json): any JSON object. */
export const openApiDocumentSchema = z.record(z.string(), z.unknown());

const stream = (description: string): NonJsonAnswer => ({ contentType: 'text/event-stream', description });

const anyone = { auth: 'none', who: 'anyone' } as const;
const signedIn = { auth: 'user', who: 'signed in' } as const;
const admin = { auth: 'user', who: 'admin', errors: [403] } as const;

export const API_ROUTES: readonly ApiRoute[] = [
  // ---------- operations ----------
  {
    method: 'get',
    path: '/health',
    tag: 'Operations',
    summary: 'Readiness: 200 once the database answers, 503 otherwise; says the server version',
    ...anyone,
    responses: { 200: r.healthResponseSchema },
    errors: [503],
  },
  {
    method: 'get',
    path: '/health/live',
    tag: 'Operations',
    summary: 'Liveness: 200 while the process answers, without asking the database',
    ...anyone,
    responses: { 200: r.livenessResponseSchema },
  },
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Operations',
    summary: 'This OpenAPI 3.1 document, generated from the contract’s schemas',
    ...anyone,
    responses: { 200: openApiDocumentSchema },
  },
  {
    method: 'get',
    path: '/docs',
    tag: 'Operations',
    summary: 'This reference, as a web page',
    ...anyone,
    responses: { 200: { contentType: 'text/html', description: 'The API reference page' } },
  },

  // ---------- auth and account ----------
  {
    method: 'post',
    path: '/auth/register',
    tag: 'Auth',
    summary: 'Create an account and sign in (sets the token cookie)',
    ...anyone,
    body: q.registerRequestSchema,
    responses: { 201: r.authResponseSchema },
    errors: [409],
  },
  {
    method: 'post',
    path: '/auth/login',
    tag: 'Auth',
    summary: 'Sign in with email and password (sets the token cookie); 403 while suspended, saying until when and why',
    ...anyone,
    body: q.loginRequestSchema,
    responses: { 200: r.authResponseSchema },
    errors: [403],
  },
  {
    method: 'post',
    path: '/auth/logout',
    tag: 'Auth',
    summary: 'Sign out: revokes this token',
    ...signedIn,
    responses: { 200: message },
  },
  {
    method: 'post',
    path: '/auth/logout-all',
    tag: 'Auth',
    summary: 'Sign out everywhere: revokes every session of the caller',
    ...signedIn,
    responses: { 200: message },
  },
  {
    method: 'get',
    path: '/auth/profile',
    tag: 'Auth',
    summary: 'The signed-in user',
    ...signedIn,
    responses: { 200: r.userSchema },
  },
  {
    method: 'put',
    path: '/auth/profile',
    tag: 'Auth',
    summary: 'Update the profile (a new email needs the current password); 403 while silenced',
    ...signedIn,
    body: q.updateProfileRequestSchema,
    responses: { 200: r.userSchema },
    errors: [403, 409],
  },
  {
    method: 'put',
    path: '/auth/password',
    tag: 'Auth',
    summary: 'Change the password; other sessions end',
    ...signedIn,
    body: q.changePasswordRequestSchema,
    responses: { 200: message },
  },
  {
    method: 'delete',
    path: '/auth/account',
    tag: 'Auth',
    summary: 'Delete the caller’s account and everything it owns',
    ...signedIn,
    body: q.deleteAccountRequestSchema,
    responses: { 200: message },
    errors: [409],
  },
  {
    method: 'post',
    path: '/auth/forgot-password',
    tag: 'Auth',
    summary: 'Mail a password reset link (the same answer whether or not the account exists)',
    ...anyone,
    body: q.forgotPasswordRequestSchema,
    responses: { 200: message },
  },
  {
    method: 'post',
    path: '/auth/reset-password',
    tag: 'Auth',
    summary: 'Set a new password with a reset link’s token',
    ...anyone,
    body: q.resetPasswordRequestSchema,
    responses: { 200: message },
  },

  // ---------- users and administration ----------
  {
    method: 'post',
    path: '/users/request-verification',
    tag: 'Users',
    summary: 'Ask an admin to verify the caller as a mentor',
    auth: 'user',
    who: 'mentor, not yet verified',
    responses: { 200: message },
    errors: [403],
  },
  {
    method: 'get',
    path: '/users/mentors',
    tag: 'Users',
    summary: 'Every mentor',
    ...admin,
    responses: { 200: adminUsers },
  },
  {
    method: 'get',
    path: '/users/learners',
    tag: 'Users',
    summary: 'Every learner',
    ...admin,
    responses: { 200: adminUsers },
  },
  {
    method: 'get',
    path: '/users/admins',
    tag: 'Users',
    summary: 'Every admin',
    ...admin,
    responses: { 200: adminUsers },
  },
  {
    method: 'delete',
    path: '/users/mentor/:id',
    tag: 'Users',
    summary: 'Remove a mentor and everything they own',
    ...admin,
    responses: { 200: message },
  },
  {
    method: 'delete',
    path: '/users/learner/:id',
    tag: 'Users',
    summary: 'Remove a learner and everything they own',
    ...admin,
    responses: { 200: message },
  },
  {
    method: 'get',
    path: '/users/:id/sanctions',
    tag: 'Sanctions',
    summary: 'Every sanction of an account, newest first',
    ...admin,
    responses: { 200: r.sanctionListResponseSchema },
  },
  {
    method: 'post',
    path: '/users/:id/sanctions',
    tag: 'Sanctions',
    summary: 'Warn, silence (no posting) or suspend (no signing in) an account; admins cannot be sanctioned',
    ...admin,
    body: q.imposeSanctionRequestSchema,
    responses: { 201: r.sanctionResponseSchema },
  },
  {
    method: 'delete',
    path: '/users/:id/sanctions/:sid',
    tag: 'Sanctions',
    summary: 'Lift a silence or suspension early',
    ...admin,
    body: q.liftSanctionRequestSchema,
    responses: { 200: r.sanctionResponseSchema },
    errors: [403, 409],
  },
  {
    method: 'put',
    path: '/admin/verify-mentor/:id',
    tag: 'Administration',
    summary: 'Verify a mentor',
    ...admin,
    responses: { 200: r.userSchema },
  },
  {
    method: 'put',
    path: '/admin/users/:id/role',
    tag: 'Administration',
    summary: 'Change a user’s role (admin included)',
    ...admin,
    body: q.changeRoleRequestSchema,
    responses: { 200: r.userSchema },
    errors: [403, 409],
  },
  {
    method: 'get',
    path: '/admin/audit-log',
    tag: 'Administration',
    summary: 'What admins did, newest first',
    ...admin,
    query: q.listAuditLogQuerySchema,
    responses: { 200: r.auditLogResponseSchema },
  },

  // ---------- classes ----------
  {
    method: 'get',
    path: '/classes',
    tag: 'Classes',
    summary: 'Search and list classes, newest first (paginated)',
    ...signedIn,
    query: q.listClassesQuerySchema,
    responses: { 200: r.classListResponseSchema },
  },
  {
    method: 'post',
    path: '/classes',
    tag: 'Classes',
    summary: 'Create a class',
    auth: 'user',
    who: 'verified mentor',
    body: q.createClassRequestSchema,
    responses: { 201: r.classSchema },
    errors: [403],
  },
  {
    method: 'get',
    path: '/classes/enrolled',
    tag: 'Classes',
    summary: 'The classes the caller is enrolled in, each with when they enrolled',
    ...signedIn,
    responses: { 200: z.array(r.enrolledClassSchema) },
  },
  {
    method: 'get',
    path: '/classes/created',
    tag: 'Classes',
    summary: 'The classes the caller mentors',
    auth: 'user',
    who: 'mentor',
    responses: { 200: classes },
    errors: [403],
  },
  {
    method: 'get',
    path: '/classes/:id',
    tag: 'Classes',
    summary: 'One class, with its enrolled students',
    ...signedIn,
    responses: { 200: r.classSchema },
  },
  {
    method: 'put',
    path: '/classes/:id',
    tag: 'Classes',
    summary: 'Update a class, its status included (a completed class takes no new enrolments)',
    auth: 'user',
    who: 'its mentor',
    body: q.updateClassRequestSchema,
    responses: { 200: r.classSchema },
    errors: [403],
  },
  {
    method: 'delete',
    path: '/classes/:id',
    tag: 'Classes',
    summary: 'Delete a class with its enrolments, discussions and reviews',
    auth: 'user',
    who: 'its mentor or admin',
    responses: { 200: message },
    errors: [403],
  },
  {
    method: 'post',
    path: '/classes/:id/enroll',
    tag: 'Classes',
    summary: 'Enrol in a class (400 when it is full or completed)',
    auth: 'user',
    who: 'signed in, not its mentor',
    responses: { 200: message },
    errors: [403],
  },
  {
    method: 'post',
    path: '/classes/:id/unenroll',
    tag: 'Classes',
    summary: 'Leave a class',
    auth: 'user',
    who: 'enrolled',
    responses: { 200: message },
  },
  {
    method: 'get',
    path: '/classes/:id/roster',
    tag: 'Classes',
    summary: 'The enrolled learners, with when each enrolled, first enrolled first',
    auth: 'user',
    who: 'its mentor or admin',
    responses: { 200: r.rosterResponseSchema },
    errors: [403],
  },
  {
    method: 'get',
    path: '/classes/:id/insight',
    tag: 'Classes',
    summary:
      'Enrolments, discussions and replies per week (the last 12, by their Monday), the 1–5 star counts and the sentiment of its discussions and replies',
    auth: 'user',
    who: 'its mentor or admin',
    responses: { 200: r.classInsightSchema },
    errors: [403],
  },
  {
    method: 'delete',
    path: '/classes/:id/roster/:userId',
    tag: 'Classes',
    summary: 'Remove a learner from the class: their access ends at once and they are told',
    auth: 'user',
    who: 'its mentor or admin',
    responses: { 200: message },
    errors: [403],
  },
  {
    method: 'get',
    path: '/classes/:id/enrollment',
    tag: 'Classes',
    summary: 'Whether the caller is enrolled',
    ...signedIn,
    responses: { 200: r.enrolmentResponseSchema },
  },
  {
    method: 'post',
    path: '/classes/:id/live',
    tag: 'Classes',
    summary: 'Start the live session and tell enrolled learners',
    auth: 'user',
    who: 'its mentor',
    responses: { 200: r.liveRoomResponseSchema },
    errors: [403],
  },
  {
    method: 'get',
    path: '/classes/:id/live',
    tag: 'Classes',
    summary: 'The live session’s room URL and whether it is on',
    auth: 'user',
    who: 'enrolled, its mentor, admin',
    responses: { 200: r.liveResponseSchema },
    errors: [403],
  },
  {
    method: 'post',
    path: '/classes/:id/live/room',
    tag: 'Classes',
    summary: 'A new room link for the live session',
    auth: 'user',
    who: 'its mentor',
    responses: { 200: r.liveRoomResponseSchema },
    errors: [403],
  },
  {
    method: 'get',
    path: '/classes/:id/sessions',
    tag: 'Classes',
    summary: 'The upcoming scheduled sessions (not ended, not cancelled), soonest first',
    auth: 'user',
    who: 'enrolled, its mentor, admin',
    responses: { 200: r.classSessionsResponseSchema },
    errors: [403],
  },
  {
    method: 'post',
    path: '/classes/:id/sessions',
    tag: 'Classes',
    summary: 'Schedule a session (start in the future, 15–480 minutes); enrolled learners are told',
    auth: 'user',
    who: 'its mentor',
    body: q.classSessionRequestSchema,
    responses: { 201: r.classSessionSchema },
    errors: [403],
  },
  {
    method: 'put',
    path: '/classes/:id/sessions/:sid',
    tag: 'Classes',
    summary: 'Change a session; enrolled learners are told when it moves',
    auth: 'user',
    who: 'its mentor',
    body: q.classSessionRequestSchema,
    responses: { 200: r.classSessionSchema },
    errors: [403],
  },
  {
    method: 'delete',
    path: '/classes/:id/sessions/:sid',
    tag: 'Classes',
    summary: 'Cancel a session; enrolled learners are told',
    auth: 'user',
    who: 'its mentor',
    responses: { 200: message },
    errors: [403],
  },
  {
    method: 'get',
    path: '/classes/:id/sessions/:sid.ics',
    tag: 'Classes',
    summary: 'One session as an iCalendar file (RFC 5545, times in UTC); 404 once cancelled',
    auth: 'user',
    who: 'enrolled, its mentor, admin',
    responses: { 200: { contentType: 'text/calendar', description: 'A VCALENDAR with one VEVENT' } },
    errors: [403],
  },

  // ---------- calendar ----------
  {
    method: 'get',
    path: '/calendar/feed',
    tag: 'Calendar',
    summary: 'The caller’s private calendar feed URL (made on first ask) for calendar apps to subscribe to',
    ...signedIn,
    responses: { 200: r.calendarFeedResponseSchema },
  },
  {
    method: 'post',
    path: '/calendar/feed/reset',
    tag: 'Calendar',
    summary: 'A new calendar feed URL; the old one stops working',
    ...signedIn,
    responses: { 200: r.calendarFeedResponseSchema },
  },
  {
    method: 'get',
    path: '/calendar/:token.ics',
    tag: 'Calendar',
    summary:
      'The sessions of the token owner’s classes (enrolled or mentoring) as an iCalendar feed: upcoming ones and those of the last 30 days',
    auth: 'none',
    who: 'whoever holds the feed’s token',
    responses: { 200: { contentType: 'text/calendar', description: 'A VCALENDAR with a VEVENT per session' } },
  },

  // ---------- discussions ----------
  {
    method: 'get',
    path: '/discussions',
    tag: 'Discussions',
    summary: 'Discussions of the caller’s classes, newest first',
    ...signedIn,
    query: q.listDiscussionsQuerySchema,
    responses: { 200: z.array(r.discussionSchema) },
    errors: [403],
  },
  {
    method: 'get',
    path: '/discussions/all',
    tag: 'Discussions',
    summary: 'Every discussion',
    ...admin,
    query: q.listDiscussionsQuerySchema,
    responses: { 200: r.allDiscussionsResponseSchema },
  },
  {
    method: 'get',
    path: '/discussions/:id',
    tag: 'Discussions',
    summary: 'One discussion with its replies, oldest first',
    auth: 'user',
    who: 'member of its class, or admin',
    responses: { 200: r.discussionSchema },
    errors: [403],
  },
  {
    method: 'post',
    path: '/discussions',
    tag: 'Discussions',
    summary: 'Start a discussion in a class',
    auth: 'user',
    who: 'enrolled or the class’s mentor',
    body: q.createDiscussionRequestSchema,
    responses: { 201: r.discussionSchema },
    errors: [403],
  },
  {
    method: 'post',
    path: '/discussions/:id/replies',
    tag: 'Discussions',
    summary: 'Reply to a discussion',
    auth: 'user',
    who: 'enrolled, the class’s mentor, or admin',
    body: q.replyRequestSchema,
    responses: { 201: r.discussionSchema },
    errors: [403],
  },
  {
    method: 'delete',
    path: '/discussions/:id',
    tag: 'Discussions',
    summary: 'Delete a discussion',
    auth: 'user',
    who: 'author, the class’s mentor, or admin',
    responses: { 200: message },
    errors: [403],
  },

  // ---------- reviews ----------
  {
    method: 'post',
    path: '/reviews',
    tag: 'Reviews',
    summary: 'Review a class (a second review replaces the first)',
    auth: 'user',
    who: 'enrolled learner of that class',
    body: q.createReviewRequestSchema,
    responses: { 201: r.reviewSchema },
    errors: [403],
  },
  {
    method: 'get',
    path: '/reviews/:classId',
    tag: 'Reviews',
    summary: 'A class’s reviews, newest first',
    ...signedIn,
    responses: { 200: z.array(r.reviewSchema) },
  },
  {
    method: 'get',
    path: '/reviews/:classId/average',
    tag: 'Reviews',
    summary: 'A class’s average rating',
    ...signedIn,
    responses: { 200: r.averageRatingResponseSchema },
  },

  // ---------- search ----------
  {
    method: 'get',
    path: '/search',
    tag: 'Search',
    summary:
      'Classes, discussions of the caller’s classes, community posts and (admins) people matching q by word start or with a typo, best first, with match ranges',
    ...signedIn,
    query: q.searchQuerySchema,
    responses: { 200: r.searchResponseSchema },
  },

  // ---------- community ----------
  {
    method: 'get',
    path: '/community',
    tag: 'Community',
    summary: 'Community posts, newest first (paginated)',
    ...signedIn,
    query: q.listPostsQuerySchema,
    responses: { 200: z.array(r.communityPostSchema) },
  },
  {
    method: 'post',
    path: '/community',
    tag: 'Community',
    summary: 'Post to the community; 403 while silenced',
    ...signedIn,
    body: q.createPostRequestSchema,
    responses: { 201: r.communityPostSchema },
    errors: [403],
  },
  {
    method: 'post',
    path: '/community/:id/like',
    tag: 'Community',
    summary: 'Like a post, or unlike it when liked',
    ...signedIn,
    responses: { 200: r.communityPostSchema },
  },
  {
    method: 'post',
    path: '/community/:id/replies',
    tag: 'Community',
    summary: 'Reply to a post; 403 while silenced',
    ...signedIn,
    body: q.replyRequestSchema,
    responses: { 201: r.communityPostSchema },
    errors: [403],
  },
  {
    method: 'delete',
    path: '/community/:id',
    tag: 'Community',
    summary: 'Delete a post',
    auth: 'user',
    who: 'author or admin',
    responses: { 200: message },
    errors: [403],
  },

  // ---------- assistant ----------
  {
    method: 'get',
    path: '/gemini/status',
    tag: 'Assistant',
    summary: 'Which assistant answers: Gemini or the offline one',
    ...signedIn,
    responses: { 200: r.assistantStatusSchema },
  },
  {
    method: 'post',
    path: '/gemini/chat',
    tag: 'Assistant',
    summary: 'Ask the assistant',
    ...signedIn,
    body: q.chatRequestSchema,
    responses: { 200: r.chatResponseSchema },
    errors: [502, 504],
  },
  {
    method: 'post',
    path: '/gemini/chat/stream',
    tag: 'Assistant',
    summary: 'Ask the assistant, answered piece by piece',
    ...signedIn,
    body: q.chatRequestSchema,
    responses: {
      200: stream(
        '`data: {"delta"}` pieces, then `event: done` `{"response"}`, or `event: error` `{"message","status"}`',
      ),
    },
    errors: [502, 504],
  },
  {
    method: 'get',
    path: '/gemini/history',
    tag: 'Assistant',
    summary: 'The caller’s last messages with the assistant, oldest first',
    ...signedIn,
    responses: { 200: r.chatHistoryResponseSchema },
  },
  {
    method: 'delete',
    path: '/gemini/history',
    tag: 'Assistant',
    summary: 'Forget the caller’s conversation',
    ...signedIn,
    responses: { 200: message },
  },

  // ---------- moderation ----------
  {
    method: 'post',
    path: '/reports',
    tag: 'Moderation',
    summary: 'Report content or a profile (201; 200 when it updates the caller’s earlier report)',
    ...signedIn,
    body: q.createReportRequestSchema,
    responses: { 200: r.reportResponseSchema, 201: r.reportResponseSchema },
    errors: [403],
  },
  {
    method: 'get',
    path: '/moderation/queue',
    tag: 'Moderation',
    summary: 'The review queue: reported or flagged items, highest score first',
    ...admin,
    query: q.moderationQueueQuerySchema,
    responses: { 200: r.moderationQueueResponseSchema },
  },
  {
    method: 'get',
    path: '/moderation/stats',
    tag: 'Moderation',
    summary: 'The last 30 days of the queue: reports, automatic flags and decisions per day, median time to a decision',
    ...admin,
    responses: { 200: r.moderationStatsResponseSchema },
  },
  {
    method: 'post',
    path: '/moderation/queue/:id/resolve',
    tag: 'Moderation',
    summary: 'Resolve a queue entry: dismiss (keep), hide or delete the content',
    ...admin,
    body: q.resolveModerationRequestSchema,
    responses: { 200: r.moderationEntrySchema },
    errors: [403, 409],
  },

  // ---------- notifications and live events ----------
  {
    method: 'get',
    path: '/notifications',
    tag: 'Notifications',
    summary: 'The caller’s notifications, newest activity first, and the unread count',
    ...signedIn,
    query: q.listNotificationsQuerySchema,
    responses: { 200: r.notificationListResponseSchema },
  },
  {
    method: 'post',
    path: '/notifications/read',
    tag: 'Notifications',
    summary: 'Mark some notifications, or all, as read',
    ...signedIn,
    body: q.markNotificationsReadRequestSchema,
    responses: { 200: r.markNotificationsReadResponseSchema },
  },
  {
    method: 'get',
    path: '/notifications/preferences',
    tag: 'Notifications',
    summary: 'How each topic of notification reaches the caller: in the app, and by email (off, at once, daily digest)',
    ...signedIn,
    responses: { 200: r.notificationPreferencesResponseSchema },
  },
  {
    method: 'put',
    path: '/notifications/preferences',
    tag: 'Notifications',
    summary: 'Change how some topics reach the caller, and the time zone of the daily digest',
    ...signedIn,
    body: q.updateNotificationPreferencesRequestSchema,
    responses: { 200: r.notificationPreferencesResponseSchema },
  },
  {
    method: 'post',
    path: '/notifications/unsubscribe',
    tag: 'Notifications',
    summary:
      'Stop the emails of one topic, from the signed link of an email (RFC 8058 one-click: the token may come in the query)',
    auth: 'none',
    who: 'whoever holds the email’s link',
    query: q.unsubscribeRequestSchema.partial(),
    body: q.unsubscribeRequestSchema.partial(),
    responses: { 200: r.unsubscribeResponseSchema },
    errors: [400],
  },
  {
    method: 'get',
    path: '/events',
    tag: 'Notifications',
    summary: 'Live events (Server-Sent Events): notifications, replies, posts, likes',
    ...signedIn,
    query: eventsQuerySchema,
    responses: { 200: stream('Server-Sent Events; the names and data of each are LIVE_EVENT_NAMES in the contract') },
  },
];

/** "GET /api/classes/:id": how the server's route listing and its tests name a call. */
export const callName = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} /api${route.path}`;
