import { randomBytes } from 'node:crypto';
import { type ApiRoute, callName } from '@mentora/contract/api';
import { hashResetToken } from '../../src/auth/passwordReset.js';
import { scheduleSession } from '../../src/classes/sessions.js';
import { moderationEntries, passwordResets } from '../../src/db/schema.js';
import { unsubscribeToken } from '../../src/notifications/unsubscribe.js';
import { imposeSanction } from '../../src/sanctions/service.js';
import {
  classRequest,
  DEFAULT_PASSWORD,
  enrol,
  feedToken,
  makeAvatar,
  makeLearner,
  makeMaterial,
  makeMentor,
  makePost,
  PDF_BYTES,
  PNG_BYTES,
  type TestUser,
} from '../factories/index.js';
import { TEST_ENV, type TestServer } from '../harness.js';
import type { World } from './world.js';

// The authorization matrix: who may call what, as the status each caller gets. matrix.test.ts calls
// every cell of every call in the contract's route table on a real server. A call whose row says it
// is for anyone, for any signed-in caller or for admins gets its statuses from that (statusesOf); the
// table below holds every other call, and fails the test where it says otherwise than the row.
// Columns (test/authorization/world.ts):
//   out       signed out (no token)
//   learner   a learner in no class
//   enrolled  a learner enrolled in the class (author of its discussion and of the community post)
//   mentor    an unverified mentor
//   own       the class's own mentor (verified)
//   verified  a verified mentor of no class
//   both      role both, verified, in no class
//   admin     an administrator
// Each request is valid, so a status says what the caller may do, not what was wrong with the input.
// The 400s are rules, not permissions: already enrolled, not enrolled, already verified.

// biome-ignore format: a table reads best aligned
export const MATRIX = {
  //                                      out  learner enrolled mentor own verified both admin


  'POST /api/users/request-verification':[401, 403,    403,     200,   400, 400,     400, 403],

  'POST /api/classes':                   [401, 403,    403,     403,   201, 201,     201, 403],
  'GET /api/classes/created':            [401, 403,    403,     200,   200, 200,     200, 403],
  'GET /api/dashboard/mentor':           [401, 403,    403,     200,   200, 200,     200, 403],
  'PUT /api/classes/:id':                [401, 403,    403,     403,   200, 403,     403, 403],
  'DELETE /api/classes/:id':             [401, 403,    403,     403,   200, 403,     403, 200],
  'POST /api/classes/:id/enroll':        [401, 200,    400,     200,   403, 200,     200, 200],
  'POST /api/classes/:id/unenroll':      [401, 400,    200,     400,   400, 400,     400, 400],
  'GET /api/classes/:id/materials':      [401, 403,    200,     403,   200, 403,     403, 200],
  'POST /api/classes/:id/materials':     [401, 403,    403,     403,   201, 403,     403, 403],
  'PATCH /api/materials/:id':            [401, 403,    403,     403,   200, 403,     403, 403],
  'DELETE /api/materials/:id':           [401, 403,    403,     403,   200, 403,     403, 200],
  'GET /api/materials/:id/download':     [401, 403,    200,     403,   200, 403,     403, 200],
  'GET /api/classes/:id/sessions':       [401, 403,    200,     403,   200, 403,     403, 200],
  'POST /api/classes/:id/sessions':      [401, 403,    403,     403,   201, 403,     403, 403],
  // Each cell moves, cancels or downloads a session of its own, scheduled for it.
  'PUT /api/classes/:id/sessions/:sid':  [401, 403,    403,     403,   200, 403,     403, 403],
  'DELETE /api/classes/:id/sessions/:sid':[401, 403,   403,     403,   200, 403,     403, 403],
  'GET /api/classes/:id/sessions/:sid.ics':[401, 403,  200,     403,   200, 403,     403, 200],
  // Whoever holds a feed's token (a calendar app, signed out) reads it; the token is the learner's.
  'GET /api/calendar/:token.ics':        [200, 200,    200,     200,   200, 200,     200, 200],
  'GET /api/classes/:id/roster':         [401, 403,    403,     403,   200, 403,     403, 200],
  'GET /api/classes/:id/insight':        [401, 403,    403,     403,   200, 403,     403, 200],
  // Each cell removes a learner of its own, enrolled for it.
  'DELETE /api/classes/:id/roster/:userId':[401, 403,  403,     403,   200, 403,     403, 200],
  'POST /api/classes/:id/live':          [401, 403,    403,     403,   200, 403,     403, 403],
  'GET /api/classes/:id/live':           [401, 403,    200,     403,   200, 403,     403, 200],
  'POST /api/classes/:id/live/room':     [401, 403,    403,     403,   200, 403,     403, 403],

  'GET /api/discussions':                [401, 403,    200,     403,   200, 403,     403, 200],
  'GET /api/discussions/:id':            [401, 403,    200,     403,   200, 403,     403, 200],
  'POST /api/discussions':               [401, 403,    201,     403,   201, 403,     403, 403],
  'POST /api/discussions/:id/replies':   [401, 403,    201,     403,   201, 403,     403, 201],
  'DELETE /api/discussions/:id':         [401, 403,    200,     403,   200, 403,     403, 200],

  'POST /api/reviews':                   [401, 403,    201,     403,   403, 403,     403, 403],

  'DELETE /api/community/:id':           [401, 403,    200,     403,   403, 403,     403, 200],



  // An email's signed link is all it takes: no session, whoever sends it.
  'POST /api/notifications/unsubscribe': [200, 200,    200,     200,   200, 200,     200, 200],

  // Reporting the world's post, which `enrolled` wrote: one's own content cannot be reported.
  'POST /api/reports':                   [401, 201,    403,     201,   201, 201,     201, 201],
} as const satisfies Record<string, readonly number[]>;

/** "GET /api/classes/:id": a call as the route table names it (callName). */
export type Call = string;

/**
 * The status each caller (the columns above) gets from a call: the table's row, or what its row in
 * the contract says of who may call it. A call that neither covers has no statuses: that is a test failure.
 */
export function statusesOf(route: ApiRoute): readonly number[] | undefined {
  const explicit = (MATRIX as Record<string, readonly number[]>)[callName(route)];
  if (explicit) return explicit;
  const ok = route.responses[201] ? 201 : 200;
  if (route.who === 'anyone') return [ok, ok, ok, ok, ok, ok, ok, ok];
  if (route.who === 'signed in') return [401, ok, ok, ok, ok, ok, ok, ok];
  if (route.who === 'admin') return [401, 403, 403, 403, 403, 403, 403, ok];
  return undefined;
}

export interface CellRequest {
  /** Values of the route's :params. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body (uploads) instead of a JSON one. */
  form?: FormData;
}

/** What one cell sends, given its world and caller (undefined: signed out). Calls without an entry send nothing. */
export type RequestOf = (w: World, t: TestServer, caller: TestUser | undefined) => CellRequest | Promise<CellRequest>;

let counter = 0;
const unique = () => `${++counter}-${randomBytes(3).toString('hex')}`;

/** A pending password reset link of a new account, as the mail would carry it. */
async function resetToken(t: TestServer): Promise<string> {
  const owner = await makeLearner(t);
  const token = randomBytes(32).toString('base64url');
  await t.ctx.db.insert(passwordResets).values({
    userId: owner.user.id,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

const classParam = (w: World) => ({ params: { id: w.cls.id } });

/** An open review queue entry of its own (a new post of a new learner, reported), for one cell. */
async function openEntry(t: TestServer): Promise<string> {
  const post = await makePost(t, await makeLearner(t));
  const [entry] = await t.ctx.db
    .insert(moderationEntries)
    .values({ targetType: 'post', targetId: post._id, authorId: post.author._id })
    .returning({ id: moderationEntries.id });
  return String(entry?.id);
}

/** A valid session: tomorrow, an hour. */
const sessionRequest = (o: Record<string, unknown> = {}) => ({
  title: 'Office hours',
  startsAt: new Date(Date.now() + 86_400_000).toISOString(),
  durationMinutes: 60,
  ...o,
});
/** A picture to upload as a profile picture. */
function pictureForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), 'me.png');
  return form;
}

/** A PDF to upload, as a browser's form sends it. */
function materialForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([PDF_BYTES], { type: 'application/pdf' }), 'handout.pdf');
  return form;
}
/** A material of the world's class, uploaded by its mentor for one cell. */
async function materialOf(w: World, t: TestServer): Promise<string> {
  return (await makeMaterial(t, w.users.classMentor, w.cls))._id;
}

/** A session of the world's class, scheduled by its mentor for one cell. */
async function sessionOf(w: World, t: TestServer): Promise<string> {
  const input = sessionRequest() as { title: string; startsAt: string; durationMinutes: number };
  return (await scheduleSession(t.ctx, w.users.classMentor.user, w.cls.id, input))._id;
}

export const REQUESTS: Partial<Record<Call, RequestOf>> = {
  'POST /api/auth/register': () => ({
    body: { name: 'New Person', email: `new-${unique()}@example.test`, password: DEFAULT_PASSWORD, role: 'learner' },
  }),
  'POST /api/auth/login': (w) => ({ body: { email: w.users.learner.user.email, password: DEFAULT_PASSWORD } }),
  'PUT /api/auth/profile': () => ({
    body: { name: 'Renamed', email: `renamed-${unique()}@example.test`, bio: 'Hi.', currentPassword: DEFAULT_PASSWORD },
  }),
  'PUT /api/auth/profile/picture': () => ({ form: pictureForm() }),
  'GET /api/avatars/:id': async (_w, t) => ({ params: { id: await makeAvatar(t, await makeLearner(t)) } }),
  'PUT /api/auth/password': () => ({
    body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'a brand new password' },
  }),
  'DELETE /api/auth/account': () => ({ body: { password: DEFAULT_PASSWORD } }),
  'POST /api/auth/forgot-password': (w) => ({ body: { email: w.users.learner.user.email } }),
  'POST /api/auth/reset-password': async (_w, t) => ({
    body: { token: await resetToken(t), password: 'a brand new password' },
  }),

  'DELETE /api/users/mentor/:id': async (_w, t) => ({ params: { id: (await makeMentor(t)).user.id } }),
  'DELETE /api/users/learner/:id': async (_w, t) => ({ params: { id: (await makeLearner(t)).user.id } }),
  'GET /api/users/:id/sanctions': (w) => ({ params: { id: w.users.learner.user.id } }),
  'POST /api/users/:id/sanctions': async (_w, t) => ({
    params: { id: (await makeLearner(t)).user.id },
    body: { kind: 'silence', days: 3, reason: 'Rude replies' },
  }),
  'DELETE /api/users/:id/sanctions/:sid': async (w, t) => {
    const person = await makeLearner(t);
    const s = await imposeSanction(t.ctx, {
      userId: person.user.id,
      kind: 'suspend',
      days: 1,
      reason: 'Spam',
      by: w.spareAdmin.user,
    });
    return { params: { id: person.user.id, sid: s._id }, body: { reason: 'Appeal granted' } };
  },
  'PUT /api/admin/verify-mentor/:id': async (_w, t) => ({ params: { id: (await makeMentor(t)).user.id } }),
  'PUT /api/admin/users/:id/role': async (_w, t) => ({
    params: { id: (await makeLearner(t)).user.id },
    body: { role: 'mentor' },
  }),

  'POST /api/classes': () => ({ body: classRequest() }),
  'GET /api/classes/:id': classParam,
  'PUT /api/classes/:id': (w) => ({ ...classParam(w), body: classRequest({ title: 'Renamed class' }) }),
  'DELETE /api/classes/:id': classParam,
  'POST /api/classes/:id/enroll': classParam,
  'POST /api/classes/:id/unenroll': classParam,
  'GET /api/classes/:id/enrollment': classParam,
  'GET /api/classes/:id/materials': classParam,
  'POST /api/classes/:id/materials': (w) => ({ ...classParam(w), form: materialForm() }),
  'PATCH /api/materials/:id': async (w, t) => ({
    params: { id: await materialOf(w, t) },
    body: { name: 'Renamed.pdf' },
  }),
  'DELETE /api/materials/:id': async (w, t) => ({ params: { id: await materialOf(w, t) } }),
  'GET /api/materials/:id/download': async (w, t) => ({ params: { id: await materialOf(w, t) } }),
  'GET /api/classes/:id/sessions': classParam,
  'POST /api/classes/:id/sessions': (w) => ({ ...classParam(w), body: sessionRequest() }),
  'PUT /api/classes/:id/sessions/:sid': async (w, t) => ({
    params: { id: w.cls.id, sid: await sessionOf(w, t) },
    body: sessionRequest({ title: 'Moved' }),
  }),
  'DELETE /api/classes/:id/sessions/:sid': async (w, t) => ({ params: { id: w.cls.id, sid: await sessionOf(w, t) } }),
  'GET /api/classes/:id/sessions/:sid.ics': async (w, t) => ({ params: { id: w.cls.id, sid: await sessionOf(w, t) } }),
  'GET /api/calendar/:token.ics': async (w, t) => ({ params: { token: await feedToken(t, w.users.learner) } }),
  'GET /api/classes/:id/roster': classParam,
  'GET /api/classes/:id/insight': classParam,
  'DELETE /api/classes/:id/roster/:userId': async (w, t) => {
    const learner = await makeLearner(t);
    await enrol(t, w.cls, learner);
    return { params: { id: w.cls.id, userId: learner.user.id } };
  },
  'POST /api/classes/:id/live': classParam,
  'GET /api/classes/:id/live': classParam,
  'POST /api/classes/:id/live/room': classParam,

  'GET /api/discussions/:id': (w) => ({ params: { id: w.discussion._id } }),
  'POST /api/discussions': (w) => ({
    body: { title: 'A question', content: 'How does this work?', classId: w.cls.id },
  }),
  'POST /api/discussions/:id/replies': (w) => ({ params: { id: w.discussion._id }, body: { content: 'An answer.' } }),
  'DELETE /api/discussions/:id': (w) => ({ params: { id: w.discussion._id } }),

  'POST /api/reviews': (w) => ({ body: { rating: 4, comment: 'Useful.', classId: w.cls.id } }),
  'GET /api/reviews/:classId': (w) => ({ params: { classId: w.cls.id } }),
  'GET /api/reviews/:classId/average': (w) => ({ params: { classId: w.cls.id } }),

  'POST /api/community': () => ({ body: { title: 'Hello', content: 'Glad to be here.', category: 'general' } }),
  'POST /api/community/:id/like': (w) => ({ params: { id: w.post._id } }),
  'POST /api/community/:id/replies': (w) => ({ params: { id: w.post._id }, body: { content: 'Welcome!' } }),
  'DELETE /api/community/:id': (w) => ({ params: { id: w.post._id } }),

  'GET /api/search': () => ({ query: { q: 'hello' } }),

  'POST /api/gemini/chat': () => ({ body: { message: 'Which classes teach TypeScript?' } }),
  'POST /api/gemini/chat/stream': () => ({ body: { message: 'Which classes teach TypeScript?' } }),
  'POST /api/notifications/read': () => ({ body: { all: true } }),
  'POST /api/notifications/unsubscribe': (w) => ({
    body: { token: unsubscribeToken(TEST_ENV.JWT_SECRET as string, w.users.learner.user.id, 'likes') },
  }),

  'POST /api/reports': (w) => ({ body: { targetType: 'post', targetId: w.post._id, reason: 'spam' } }),
  'POST /api/moderation/queue/:id/resolve': async (_w, t) => ({
    params: { id: await openEntry(t) },
    body: { action: 'dismiss', reason: 'Fine' },
  }),
};
