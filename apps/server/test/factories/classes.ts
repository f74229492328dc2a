import type { CreateClassRequest } from '@mentora/contract';
import { newLiveRoom } from '../../src/classes/rooms.js';
import { type ClassRow, classes, enrollments } from '../../src/db/schema.js';
import type { TestServer } from '../harness.js';
import { makeLearner, makeVerifiedMentor, type TestUser } from './users.js';

let counter = 0;

/** A class owned by the given mentor, inserted directly (the API path is tested in classes/). */
export async function makeClass(
  t: TestServer,
  mentor: TestUser,
  overrides: Partial<Omit<CreateClassRequest, 'startDate'>> & {
    startDate?: Date | null;
    status?: ClassRow['status'];
  } = {},
): Promise<ClassRow> {
  counter += 1;
  const { tags, startDate, ...rest } = overrides;
  const [row] = await t.ctx.db
    .insert(classes)
    .values({
      mentorId: mentor.user.id,
      title: `Test class ${counter}`,
      description: `A class made by a test factory (${counter}).`,
      category: 'programming',
      contentType: 'video',
      contentUrl: 'https://videos.example.test/intro',
      liveRoom: newLiveRoom(),
      ...rest,
      tags: Array.isArray(tags) ? tags : [],
      startDate: startDate ?? null,
    })
    .returning();
  if (!row) throw new Error('class insert returned nothing');
  return row;
}

export async function enrol(t: TestServer, cls: ClassRow, learner: TestUser): Promise<void> {
  await t.ctx.db.insert(enrollments).values({ classId: cls.id, userId: learner.user.id });
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
