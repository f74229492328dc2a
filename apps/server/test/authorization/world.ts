import type { ClassMaterial, CommunityPost, Discussion } from '@mentora/contract';
import type { ClassRow } from '../../src/db/schema.js';
import {
  enrol,
  makeAdmin,
  makeBoth,
  makeClass,
  makeDiscussion,
  makeLearner,
  makeMaterial,
  makeMentor,
  makePost,
  makeVerifiedMentor,
  type TestUser,
} from '../factories/index.js';
import type { TestServer } from '../harness.js';

// The people and content every cell of the authorization matrix is asked about.

/** The callers of the matrix, in its column order. */
export const CALLERS = [
  'signedOut',
  'learner',
  'enrolled',
  'mentor',
  'classMentor',
  'verifiedMentor',
  'both',
  'admin',
] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, 'signedOut'>;

export interface World {
  users: Record<SignedInCaller, TestUser>;
  /** A second admin, so that the first one may delete their own account (the last admin cannot). */
  spareAdmin: TestUser;
  /** classMentor's class; `enrolled` is its only learner. */
  cls: ClassRow;
  /** A discussion of `cls` started by `enrolled`. */
  discussion: Discussion;
  /** A community post by `enrolled`. */
  post: CommunityPost;
  /** A file of `cls`, uploaded by classMentor. */
  material: ClassMaterial;
}

/**
 * learner: a learner in no class. enrolled: a learner enrolled in `cls`. mentor: an unverified mentor.
 * classMentor: the verified mentor who owns `cls`. verifiedMentor: a verified mentor of no class.
 * both: role both, verified, in no class. admin: an administrator.
 */
export async function buildWorld(t: TestServer): Promise<World> {
  const classMentor = await makeVerifiedMentor(t);
  const enrolled = await makeLearner(t);
  const cls = await makeClass(t, classMentor);
  await enrol(t, cls, enrolled);
  return {
    users: {
      learner: await makeLearner(t),
      enrolled,
      mentor: await makeMentor(t),
      classMentor,
      verifiedMentor: await makeVerifiedMentor(t),
      both: await makeBoth(t, { verified: true }),
      admin: await makeAdmin(t),
    },
    spareAdmin: await makeAdmin(t),
    cls,
    discussion: await makeDiscussion(t, enrolled, cls),
    post: await makePost(t, enrolled),
    material: await makeMaterial(t, classMentor, cls),
  };
}
