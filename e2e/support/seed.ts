import type { APIRequestContext } from '@playwright/test';
import { type Account, newAccount, registerViaApi } from './accounts';
import { ADMIN } from './env';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function expectOk(response: import('@playwright/test').APIResponse, what: string): Promise<unknown> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const body = (await expectOk(
    await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } }),
    'admin login',
  )) as { token: string };
  return body.token;
}

export async function profileId(request: APIRequestContext, token: string): Promise<string> {
  const body = (await expectOk(await request.get('/api/auth/profile', { headers: bearer(token) }), 'profile')) as {
    _id: string;
  };
  return body._id;
}

export async function verifyMentor(request: APIRequestContext, mentorToken: string): Promise<void> {
  const id = await profileId(request, mentorToken);
  const admin = await adminToken(request);
  await expectOk(await request.put(`/api/admin/verify-mentor/${id}`, { headers: bearer(admin) }), 'verify mentor');
}

export interface Classroom {
  classId: string;
  mentor: Account;
  mentorToken: string;
  learner: Account;
  learnerToken: string;
  classTitle: string;
  discussionTitle: string;
}

/** A verified mentor with one class, and a learner enrolled in it who started a discussion there. */
export async function seedClassroom(request: APIRequestContext, learnerName = 'Ada Lovelace'): Promise<Classroom> {
  const mentor = newAccount('mentor', 'Marie Curie');
  const mentorToken = await registerViaApi(request, mentor);
  await verifyMentor(request, mentorToken);

  const classTitle = 'Radioactivity for beginners';
  const created = (await expectOk(
    await request.post('/api/classes', {
      headers: bearer(mentorToken),
      data: {
        title: classTitle,
        description: 'What decays, how fast, and how we measure it.',
        category: 'programming',
        contentType: 'live',
        contentUrl: '',
        price: 0,
        isPaid: false,
        schedule: 'Mondays 18:00',
        maxStudents: 20,
        prerequisites: '',
        materials: '',
        tags: ['physics'],
      },
    }),
    'create class',
  )) as { _id: string };

  const learner = newAccount('learner', learnerName);
  const learnerToken = await registerViaApi(request, learner);
  await expectOk(await request.post(`/api/classes/${created._id}/enroll`, { headers: bearer(learnerToken) }), 'enrol');
  const discussionTitle = 'Half-life questions';
  await expectOk(
    await request.post('/api/discussions', {
      headers: bearer(learnerToken),
      data: { title: discussionTitle, content: 'How do we measure a half-life in class?', classId: created._id },
    }),
    'start discussion',
  );
  return { classId: created._id, mentor, mentorToken, learner, learnerToken, classTitle, discussionTitle };
}

export interface SeededClass {
  classId: string;
  classTitle: string;
  mentorToken: string;
  learner: Account;
  learnerToken: string;
}

/** A verified mentor's class and one enrolled learner, with no discussions yet. */
export async function seedClass(
  request: APIRequestContext,
  classTitle = 'Discussion skills 101',
  learnerName = 'Grace Hopper',
): Promise<SeededClass> {
  const mentorToken = await registerViaApi(request, newAccount('mentor', 'Marie Curie'));
  await verifyMentor(request, mentorToken);
  const created = (await expectOk(
    await request.post('/api/classes', {
      headers: bearer(mentorToken),
      data: { title: classTitle, description: 'Talking things through.', category: 'other', contentType: 'live' },
    }),
    'create class',
  )) as { _id: string };
  const learner = newAccount('learner', learnerName);
  const learnerToken = await registerViaApi(request, learner);
  await expectOk(await request.post(`/api/classes/${created._id}/enroll`, { headers: bearer(learnerToken) }), 'enrol');
  return { classId: created._id, classTitle, mentorToken, learner, learnerToken };
}

/** Enrols the token's user in a class, or unenrols them when `enrolled` is false. */
export async function setEnrolment(
  request: APIRequestContext,
  token: string,
  classId: string,
  enrolled: boolean,
): Promise<void> {
  const action = enrolled ? 'enroll' : 'unenroll';
  await expectOk(await request.post(`/api/classes/${classId}/${action}`, { headers: bearer(token) }), action);
}

/** Starts a discussion through the API and returns it. */
export async function startDiscussion(
  request: APIRequestContext,
  token: string,
  data: { classId: string; title: string; content: string },
): Promise<{ _id: string; moderation: { flagged: boolean; reason: string | null } }> {
  return (await expectOk(
    await request.post('/api/discussions', { headers: bearer(token), data }),
    'start discussion',
  )) as { _id: string; moderation: { flagged: boolean; reason: string | null } };
}

/** Publishes a community post through the API and returns it. */
export async function createPost(
  request: APIRequestContext,
  token: string,
  data: { title: string; content: string; category?: string; tags?: string[] },
): Promise<{ _id: string }> {
  return (await expectOk(await request.post('/api/community', { headers: bearer(token), data }), 'create post')) as {
    _id: string;
  };
}

/** Replies to a discussion through the API. */
export async function replyToDiscussion(
  request: APIRequestContext,
  token: string,
  discussionId: string,
  content: string,
): Promise<void> {
  await expectOk(
    await request.post(`/api/discussions/${discussionId}/replies`, { headers: bearer(token), data: { content } }),
    'reply',
  );
}

/** A new mentor account, verified by the e2e admin, and its token. */
export async function verifiedMentor(
  request: APIRequestContext,
  name = 'Marie Curie',
): Promise<{ account: Account; token: string }> {
  const account = newAccount('mentor', name);
  const token = await registerViaApi(request, account);
  await verifyMentor(request, token);
  return { account, token };
}

/** Creates a class as the given (verified) mentor: a free live class unless `data` says otherwise. */
export async function createClassViaApi(
  request: APIRequestContext,
  mentorToken: string,
  data: Record<string, unknown> & { title: string },
): Promise<{ _id: string; title: string }> {
  return (await expectOk(
    await request.post('/api/classes', {
      headers: bearer(mentorToken),
      data: { description: 'A class made for a journey.', category: 'other', contentType: 'live', ...data },
    }),
    'create class',
  )) as { _id: string; title: string };
}

/** Writes (or replaces) the token's user's review of a class. */
export async function reviewViaApi(
  request: APIRequestContext,
  token: string,
  data: { classId: string; rating: number; comment?: string },
): Promise<void> {
  await expectOk(await request.post('/api/reviews', { headers: bearer(token), data }), 'review');
}

/** A mentor who has asked to be verified (through the API). */
export async function pendingMentor(request: APIRequestContext, name: string): Promise<{ token: string; id: string }> {
  const token = await registerViaApi(request, newAccount('mentor', name));
  await expectOk(
    await request.post('/api/users/request-verification', { headers: bearer(token) }),
    'request verification',
  );
  return { token, id: await profileId(request, token) };
}
