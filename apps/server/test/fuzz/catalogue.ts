import * as c from '@mentora/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { scheduleSession } from '../../src/classes/sessions.js';
import { moderationEntries } from '../../src/db/schema.js';
import { unsubscribeToken } from '../../src/notifications/unsubscribe.js';
import { imposeSanction } from '../../src/sanctions/service.js';
import type { World } from '../authorization/world.js';
import {
  DEFAULT_PASSWORD,
  enrol,
  feedToken,
  makeAvatar,
  makeClass,
  makeDiscussion,
  makeLearner,
  makeMaterial,
  makeMentor,
  makePost,
  type TestUser,
} from '../factories/index.js';
import { TEST_ENV, type TestServer } from '../harness.js';
import { farDate, type Hints, timeZoneString } from './arbitraries.js';

// What the fuzz tests send to each API call beyond its row in the contract (which gives its body, query
// and answer, run.ts): who calls it (someone allowed, so
// that input gets past the permission check to validation and the service), the real id its path
// takes, and hints for fields a schema cannot fill with something that works.

type Target = string | Record<string, string>;

/**
 * What a 2xx answer must match; 'stream' for Server-Sent Events, 'html' for a web page, 'calendar' for
 * .ics, 'file' for a stored file (sent with nosniff).
 */
export type FuzzResponse = z.ZodType | 'stream' | 'html' | 'calendar' | 'file';

export interface FuzzTarget {
  call: string;
  /** Who calls: someone allowed to (a fresh account where a valid call would end the session). */
  caller: (t: TestServer, w: World) => TestUser | undefined | Promise<TestUser | undefined>;
  /**
   * The real id the path's parameter takes when the fuzzer does not spoil it (fresh where a call deletes
   * it); for a path of several parameters, the id of each by name.
   */
  target?: (t: TestServer, w: World) => Target | Promise<Target>;
  /** The contract's row gives the body, query, upload and answer of the call; these say otherwise. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** An upload: sends a multipart file (field `file`, sometimes another) most of the time instead of a JSON body. */
  upload?: true;
  response?: FuzzResponse;
  hints?: (w: World) => Hints;
}

const u = (name: keyof World['users']) => (_t: TestServer, w: World) => w.users[name];
const signedOut = () => undefined;
const freshLearner = (t: TestServer) => makeLearner(t);
const passwordHint = (key: string) => () => ({ [key]: fc.oneof(fc.constant(DEFAULT_PASSWORD), fc.string()) });
const classIdHint = (w: World) => ({ classId: fc.oneof(fc.constant(w.cls.id), fc.string(), fc.uuid()) });
/** The discussion lists' filters: a real class, and ?mine= both as the contract allows and spoiled. */
const discussionListHint = (w: World) => ({
  ...classIdHint(w),
  mine: fc.oneof(fc.constantFrom(...c.DISCUSSION_MINE), fc.string()),
});

/** A material of the world's class, uploaded for one call (each may rename or delete it). */
async function freshMaterial(t: TestServer, w: World): Promise<string> {
  return (await makeMaterial(t, w.users.classMentor, w.cls))._id;
}

/** A session of the world's class, a day ahead, scheduled for one call (each may move or cancel it). */
async function freshSession(t: TestServer, w: World): Promise<string> {
  const session = await scheduleSession(t.ctx, w.users.classMentor.user, w.cls.id, {
    title: 'Fuzzed session',
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    durationMinutes: 60,
  });
  return session._id;
}
/** A start that works (tomorrow) as often as one that does not, and durations around the bounds. */
const sessionHints = () => ({
  startsAt: fc.oneof(
    fc.constant(new Date(Date.now() + 86_400_000).toISOString()),
    fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'not a date' : d.toISOString())),
    farDate,
    fc.string(),
  ),
  durationMinutes: fc.oneof(fc.integer({ min: 15, max: 480 }), fc.integer(), fc.double()),
});

/** A fresh open review queue entry (a new learner's post, queued): each resolve resolves one. */
async function openEntry(t: TestServer): Promise<string> {
  const post = await makePost(t, await makeLearner(t));
  // The factory's text may trip the automatic check, which has opened the post's entry already.
  const [queued] = await t.ctx.db
    .select({ id: moderationEntries.id })
    .from(moderationEntries)
    .where(and(eq(moderationEntries.targetId, post._id), eq(moderationEntries.status, 'open')));
  if (queued) return String(queued.id);
  const [entry] = await t.ctx.db
    .insert(moderationEntries)
    .values({ targetType: 'post', targetId: post._id, authorId: post.author._id })
    .returning({ id: moderationEntries.id });
  return String(entry?.id);
}

export const TARGETS: FuzzTarget[] = [
  { call: 'GET /api/health', caller: signedOut },
  { call: 'GET /api/health/live', caller: signedOut },
  { call: 'GET /api/openapi.json', caller: signedOut, response: z.looseObject({ openapi: z.literal('3.1.0') }) },
  { call: 'GET /api/docs', caller: signedOut },

  // ---------- auth ----------
  { call: 'POST /api/auth/register', caller: signedOut },
  {
    call: 'POST /api/auth/login',
    caller: signedOut,
    hints: (w) => ({
      email: fc.constantFrom(w.users.learner.user.email, 'nobody@example.test'),
      ...passwordHint('password')(),
    }),
  },
  { call: 'POST /api/auth/logout', caller: freshLearner },
  { call: 'POST /api/auth/logout-all', caller: freshLearner },
  { call: 'GET /api/auth/profile', caller: u('learner') },
  {
    call: 'PUT /api/auth/profile',
    caller: freshLearner,
    hints: (w) => ({
      email: fc.oneof(fc.emailAddress(), fc.constant(w.users.admin.user.email)),
      ...passwordHint('currentPassword')(),
    }),
  },
  {
    call: 'PUT /api/auth/password',
    caller: freshLearner,
    hints: passwordHint('currentPassword'),
  },
  {
    call: 'DELETE /api/auth/account',
    caller: freshLearner,
    hints: passwordHint('password'),
  },
  {
    call: 'POST /api/auth/forgot-password',
    caller: signedOut,
    hints: (w) => ({ email: fc.oneof(fc.emailAddress(), fc.constant(w.users.learner.user.email)) }),
  },
  { call: 'POST /api/auth/reset-password', caller: signedOut },

  // ---------- users and administration ----------
  { call: 'POST /api/users/request-verification', caller: (t) => makeMentor(t) },
  { call: 'GET /api/users/mentors', caller: u('admin') },
  { call: 'GET /api/users/learners', caller: u('admin') },
  { call: 'GET /api/users/admins', caller: u('admin') },
  {
    call: 'GET /api/users/:id/sanctions',
    caller: u('admin'),
    target: (_t, w) => w.users.learner.user.id,
  },
  {
    call: 'POST /api/users/:id/sanctions',
    caller: u('admin'),
    target: async (t) => (await makeLearner(t)).user.id,
    hints: () => ({ days: fc.oneof(fc.integer({ min: 1, max: 365 }), fc.integer(), fc.double()) }),
  },
  {
    call: 'DELETE /api/users/:id/sanctions/:sid',
    caller: u('admin'),
    target: async (t, w) => {
      const person = await makeLearner(t);
      const s = await imposeSanction(t.ctx, {
        userId: person.user.id,
        kind: 'silence',
        days: 1,
        reason: 'Fuzzing',
        by: w.users.admin.user,
      });
      return { id: person.user.id, sid: s._id };
    },
  },
  {
    call: 'DELETE /api/users/mentor/:id',
    caller: u('admin'),
    target: async (t) => (await makeMentor(t)).user.id,
  },
  {
    call: 'DELETE /api/users/learner/:id',
    caller: u('admin'),
    target: async (t) => (await makeLearner(t)).user.id,
  },
  {
    call: 'PUT /api/admin/verify-mentor/:id',
    caller: u('admin'),
    target: async (t) => (await makeMentor(t)).user.id,
  },
  {
    call: 'PUT /api/admin/users/:id/role',
    caller: u('admin'),
    target: async (t) => (await makeLearner(t)).user.id,
  },
  {
    call: 'GET /api/admin/audit-log',
    caller: u('admin'),
  },

  // ---------- classes and reviews ----------
  {
    call: 'GET /api/classes',
    caller: u('classMentor'),
  },
  { call: 'POST /api/classes', caller: u('classMentor') },
  { call: 'GET /api/classes/enrolled', caller: u('enrolled') },
  { call: 'GET /api/classes/created', caller: u('classMentor') },
  { call: 'GET /api/dashboard/mentor', caller: u('classMentor') },
  { call: 'GET /api/classes/:id', caller: u('learner'), target: (_t, w) => w.cls.id },
  {
    call: 'PUT /api/classes/:id',
    caller: u('classMentor'),
    // A class of its own: an accepted edit may complete or shrink it, and later calls use the world's.
    target: async (t, w) => (await makeClass(t, w.users.classMentor)).id,
  },
  {
    call: 'DELETE /api/classes/:id',
    caller: u('classMentor'),
    target: async (t, w) => (await makeClass(t, w.users.classMentor)).id,
  },
  {
    call: 'POST /api/classes/:id/enroll',
    caller: freshLearner,
    // A class of its own: the world's class may have been filled or completed by the calls before.
    target: async (t, w) => (await makeClass(t, w.users.classMentor)).id,
  },
  {
    call: 'POST /api/classes/:id/unenroll',
    // A learner of its own: the world's enrolled learner must stay enrolled for the calls after this one.
    caller: async (t, w) => {
      const learner = await makeLearner(t);
      await enrol(t, w.cls, learner);
      return learner;
    },
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'PUT /api/auth/profile/picture',
    caller: freshLearner,
  },
  { call: 'DELETE /api/auth/profile/picture', caller: freshLearner },
  {
    call: 'GET /api/avatars/:id',
    caller: signedOut,
    target: async (t) => makeAvatar(t, await makeLearner(t)),
  },
  {
    call: 'GET /api/classes/:id/materials',
    caller: u('enrolled'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'POST /api/classes/:id/materials',
    caller: u('classMentor'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'PATCH /api/materials/:id',
    caller: u('classMentor'),
    target: (t, w) => freshMaterial(t, w),
  },
  {
    call: 'DELETE /api/materials/:id',
    caller: u('classMentor'),
    target: (t, w) => freshMaterial(t, w),
  },
  {
    call: 'GET /api/materials/:id/download',
    caller: u('enrolled'),
    target: (t, w) => freshMaterial(t, w),
  },
  {
    call: 'GET /api/classes/:id/sessions',
    caller: u('enrolled'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'POST /api/classes/:id/sessions',
    caller: u('classMentor'),
    target: (_t, w) => w.cls.id,
    hints: sessionHints,
  },
  {
    call: 'PUT /api/classes/:id/sessions/:sid',
    caller: u('classMentor'),
    target: async (t, w) => ({ id: w.cls.id, sid: await freshSession(t, w) }),
    hints: sessionHints,
  },
  {
    call: 'DELETE /api/classes/:id/sessions/:sid',
    caller: u('classMentor'),
    target: async (t, w) => ({ id: w.cls.id, sid: await freshSession(t, w) }),
  },
  {
    call: 'GET /api/classes/:id/sessions/:sid.ics',
    caller: u('enrolled'),
    target: async (t, w) => ({ id: w.cls.id, sid: await freshSession(t, w) }),
  },
  {
    call: 'GET /api/calendar/feed',
    caller: u('enrolled'),
  },
  { call: 'POST /api/calendar/feed/reset', caller: freshLearner },
  {
    call: 'GET /api/calendar/:token.ics',
    // Calendar apps come without a session: the token is the credential.
    caller: signedOut,
    target: async (t, w) => ({ token: await feedToken(t, w.users.enrolled) }),
  },
  {
    call: 'GET /api/classes/:id/roster',
    caller: u('classMentor'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'GET /api/classes/:id/insight',
    caller: u('classMentor'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'DELETE /api/classes/:id/roster/:userId',
    caller: u('classMentor'),
    // A learner of its own to remove: the world's enrolled learner must stay for the calls after this one.
    target: async (t, w) => {
      const learner = await makeLearner(t);
      await enrol(t, w.cls, learner);
      return { id: w.cls.id, userId: learner.user.id };
    },
  },
  {
    call: 'GET /api/classes/:id/enrollment',
    caller: u('learner'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'POST /api/classes/:id/live',
    caller: u('classMentor'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'POST /api/classes/:id/live/room',
    caller: u('classMentor'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'GET /api/classes/:id/live',
    caller: u('admin'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'POST /api/reviews',
    caller: u('enrolled'),
    hints: classIdHint,
  },
  {
    call: 'GET /api/reviews/:classId',
    caller: u('learner'),
    target: (_t, w) => w.cls.id,
  },
  {
    call: 'GET /api/reviews/:classId/average',
    caller: u('learner'),
    target: (_t, w) => w.cls.id,
  },

  // ---------- discussions and community ----------
  {
    call: 'GET /api/discussions',
    caller: u('enrolled'),
    hints: discussionListHint,
  },
  {
    call: 'GET /api/discussions/all',
    caller: u('admin'),
    hints: discussionListHint,
  },
  {
    call: 'GET /api/discussions/:id',
    caller: u('enrolled'),
    target: (_t, w) => w.discussion._id,
  },
  {
    call: 'POST /api/discussions',
    caller: u('enrolled'),
    hints: classIdHint,
  },
  {
    call: 'POST /api/discussions/:id/replies',
    caller: u('enrolled'),
    target: (_t, w) => w.discussion._id,
  },
  {
    call: 'DELETE /api/discussions/:id',
    caller: u('admin'),
    target: async (t, w) => (await makeDiscussion(t, w.users.enrolled, w.cls))._id,
  },
  {
    call: 'GET /api/community',
    caller: u('learner'),
  },
  {
    call: 'POST /api/community',
    caller: u('learner'),
  },
  {
    call: 'POST /api/community/:id/like',
    caller: u('learner'),
    target: (_t, w) => w.post._id,
  },
  {
    call: 'POST /api/community/:id/replies',
    caller: u('learner'),
    target: (_t, w) => w.post._id,
  },
  {
    call: 'DELETE /api/community/:id',
    caller: u('admin'),
    target: async (t, w) => (await makePost(t, w.users.enrolled))._id,
  },
  {
    call: 'GET /api/search',
    caller: u('learner'),
  },

  // ---------- assistant, notifications, live events ----------
  { call: 'GET /api/gemini/status', caller: u('learner') },
  {
    call: 'POST /api/gemini/chat',
    caller: u('learner'),
    hints: () => ({ timeZone: timeZoneString }),
  },
  {
    call: 'POST /api/gemini/chat/stream',
    caller: u('learner'),
    hints: () => ({ timeZone: timeZoneString }),
  },
  { call: 'GET /api/gemini/history', caller: u('learner') },
  { call: 'DELETE /api/gemini/history', caller: u('learner') },
  {
    call: 'GET /api/notifications',
    caller: u('classMentor'),
  },
  {
    call: 'POST /api/notifications/read',
    caller: u('classMentor'),
  },
  {
    call: 'GET /api/notifications/preferences',
    caller: u('learner'),
  },
  {
    call: 'PUT /api/notifications/preferences',
    caller: freshLearner,
    hints: () => ({
      timeZone: fc.oneof(fc.constantFrom('Europe/Paris', 'Asia/Kolkata', 'UTC', null), timeZoneString),
    }),
  },
  {
    call: 'POST /api/notifications/unsubscribe',
    caller: signedOut,
    body: c.unsubscribeRequestSchema,
    query: c.unsubscribeRequestSchema,
    // A link as an email carries it, as often as a spoiled one.
    hints: (w) => ({
      token: fc.oneof(
        fc.constantFrom(
          ...(['likes', 'replies', 'digest'] as const).map((scope) =>
            unsubscribeToken(TEST_ENV.JWT_SECRET as string, w.users.learner.user.id, scope),
          ),
        ),
        fc.string(),
      ),
    }),
  },
  {
    call: 'GET /api/events',
    caller: freshLearner,
    query: z.object({ lastEventId: z.string().max(20).optional() }),
  },

  // ---------- moderation ----------
  {
    call: 'POST /api/reports',
    // A fresh reporter each time: the per-user report limit is off in tests, but one person's report is one row.
    caller: freshLearner,
    hints: (w) => ({
      targetId: fc.oneof(
        fc.constantFrom(w.post._id, w.discussion._id, w.users.enrolled.user.id, w.material._id),
        fc.uuid(),
        fc.string(),
      ),
    }),
  },
  {
    call: 'GET /api/moderation/queue',
    caller: u('admin'),
  },
  {
    call: 'GET /api/moderation/stats',
    caller: u('admin'),
  },
  {
    call: 'POST /api/moderation/queue/:id/resolve',
    caller: u('admin'),
    target: (t) => openEntry(t),
  },
];
