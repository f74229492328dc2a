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
  return { mentor, mentorToken, learner, learnerToken, classTitle, discussionTitle };
}
