import type { CreateClassRequest } from '@mentora/contract';
import { newLiveRoom } from '../../src/classes/rooms.js';
import { classSearchVector } from '../../src/classes/search.js';
import { type ClassRow, classes, enrolments, type ReviewRow, reviews } from '../../src/db/schema.js';
import type { TestServer } from '../harness.js';
import { makeLearner, makeVerifiedMentor, type TestUser } from './users.js';

let counter = 0;
let lastStamp = 0;

/**
 * Strictly increasing creation times, so rows a test makes one after another sort in that order even
 * within one millisecond (PGlite's clock resolution), instead of falling back to their random ids.
 */
function nextStamp(): Date {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp);
}

/** A class owned by the given mentor, inserted directly (the API path is tested in classes/). */
export async function makeClass(
  t: TestServer,
  mentor: TestUser,
  overrides: Partial<Omit<CreateClassRequest, 'startDate'>> & {
    startDate?: Date | null;
    status?: ClassRow['status'];
    createdAt?: Date;
  } = {},
): Promise<ClassRow> {
  counter += 1;
  const { tags, startDate, createdAt, ...rest } = overrides;
  const fields = {
    title: `Test class ${counter}`,
    description: `A class made by a test factory (${counter}).`,
    ...rest,
    tags: Array.isArray(tags) ? tags : [],
  };
  const [row] = await t.ctx.db
    .insert(classes)
    .values({
      mentorId: mentor.user.id,
      category: 'programming',
      // Live, the kind that has sessions to schedule, start and join; tests of the others say so.
      contentType: 'live',
      contentUrl: '',
      liveRoom: newLiveRoom(),
      ...fields,
      startDate: startDate ?? null,
      createdAt: createdAt ?? nextStamp(),
      // Searchable like a class made through the API.
      search: classSearchVector(fields),
    })
    .returning();
  if (!row) throw new Error('class insert returned nothing');
  // Written behind the server's back, in its process: it hears of it, but not before the next request.
  t.ctx.readCache.changed('classes');
  return row;
}

export async function enrol(t: TestServer, cls: ClassRow, learner: TestUser): Promise<void> {
  await t.ctx.db.insert(enrolments).values({ classId: cls.id, userId: learner.user.id });
  t.ctx.readCache.changed('enrolments');
}

/** A verified mentor with a class and two enrolled learners, in one call. */
export async function makeClassWithLearners(t: TestServer, learnerCount = 2) {
  const mentor = await makeVerifiedMentor(t);
  const cls = await makeClass(t, mentor);
  const learners: TestUser[] = [];
  for (let i = 0; i < learnerCount; i++) {
    const learner = await makeLearner(t);
    await enrol(t, cls, learner);
    learners.push(learner);
  }
  return { mentor, cls, learners };
}

/** A review of a class by a learner, inserted directly (the API path is tested in reviews/). */
export async function makeReview(
  t: TestServer,
  cls: ClassRow,
  learner: TestUser,
  rating = 5,
  comment = 'A helpful class.',
): Promise<ReviewRow> {
  const at = nextStamp();
  const [row] = await t.ctx.db
    .insert(reviews)
    .values({ classId: cls.id, userId: learner.user.id, rating, comment, createdAt: at, updatedAt: at })
    .returning();
  if (!row) throw new Error('review insert returned nothing');
  t.ctx.readCache.changed('reviews');
  return row;
}

/** A valid POST /api/classes body; overrides replace fields (undefined removes one). */
export function classRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const body: Record<string, unknown> = {
    title: `Requested class ${counter}`,
    description: 'A class created through the API by a test.',
    category: 'programming',
    contentType: 'video',
    contentUrl: 'https://videos.example.test/lesson-1',
    price: 0,
    isPaid: false,
    schedule: 'Mondays 18:00',
    maxStudents: 30,
    prerequisites: '',
    materials: '',
    tags: 'typescript, testing',
    ...overrides,
  };
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  return body;
}
