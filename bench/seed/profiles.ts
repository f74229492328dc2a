// The sizes of the two seeded data sets, and the numbering rules both the seed (bench/seed/seed.ts) and
// the API benchmark (bench/api/run.ts) follow: ids are derived from row numbers (md5 of kind and
// number), so the benchmark knows which learner to sign in as and which discussion has 1,000 replies
// without searching 2M rows for them.

import { createHash } from 'node:crypto';

export type ProfileName = 'large' | 'small';

export interface Profile {
  users: number;
  verifiedMentors: number;
  classes: number;
  enrolments: number;
  discussions: number;
  replies: number;
  posts: number;
  likes: number;
  postReplies: number;
  reviews: number;
}

// The small profile is the large one divided by 100 (1k classes), except that one discussion keeps
// its 1,000 replies in both, so GET /discussions/{id} reads the same amount in each.
export const PROFILES: Record<ProfileName, Profile> = {
  large: {
    users: 10_000,
    verifiedMentors: 1_000,
    classes: 100_000,
    enrolments: 1_000_000,
    discussions: 200_000,
    replies: 2_000_000,
    posts: 200_000,
    likes: 1_000_000,
    postReplies: 400_000,
    reviews: 300_000,
  },
  small: {
    users: 100,
    verifiedMentors: 10,
    classes: 1_000,
    enrolments: 10_000,
    discussions: 2_000,
    replies: 20_000,
    posts: 2_000,
    likes: 10_000,
    postReplies: 4_000,
    reviews: 3_000,
  },
};

export const DEFAULT_DATABASE: Record<ProfileName, string> = { large: 'mentora_bench', small: 'mentora_bench_small' };
export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432';

/** Every seeded account has this password (one precomputed bcrypt hash, cost 12 as the server's default). */
export const SEED_PASSWORD = 'bench-password-2026';
export const BCRYPT_COST = 12;

/** Enrolled learners per class, and likes per post: both profiles keep these ratios. */
export const ENROLMENTS_PER_CLASS = 10;
export const LIKES_PER_POST = 5;
/** The discussion with exactly this many replies is number 1, in class 1. */
export const BIG_DISCUSSION_REPLIES = 1_000;

/** The id of row `n` of a kind ('user', 'class', 'discussion', 'post'): the seed computes the same in SQL. */
export function seedId(kind: string, n: number): string {
  const hex = createHash('md5').update(`${kind}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Users are numbered 1..users: verified mentors first, then unverified mentors (a tenth as many),
 * then learners, and the last one is an admin.
 */
export function userRanges(p: Profile) {
  const unverifiedMentors = Math.max(1, Math.floor(p.verifiedMentors / 10));
  const firstLearner = p.verifiedMentors + unverifiedMentors + 1;
  const learners = p.users - firstLearner; // the last user (the admin) is not one
  return { unverifiedMentors, firstLearner, learners, admin: p.users };
}

/** The user number of the j-th learner enrolled in class c (j < ENROLMENTS_PER_CLASS): distinct per class. */
export function enrollee(p: Profile, c: number, j: number): number {
  const { firstLearner, learners } = userRanges(p);
  return firstLearner + ((c * 37 + j * 997) % learners);
}

/** The learner the API benchmark signs in as: enrolled in class 1, where the 1,000-reply discussion is. */
export function benchLearner(p: Profile): { n: number; email: string } {
  const n = enrollee(p, 1, 0);
  return { n, email: emailOf(n) };
}

/** How many learners the reply scenario writes as, each in the discussions of their own classes. */
export const REPLYING_LEARNERS = 20;

/**
 * The learners the API benchmark's reply scenario writes as: the bench learner, then one learner of
 * each of classes spread over the hot ones (hotClasses; on the large profile classes 1, 101, 201, ...),
 * whose discussions overlap little: about 5,000 in all on the large profile, so that a run's replies
 * (about 20,000) leave each discussion near its seeded size instead of growing a few hundred of them
 * several times over while the run measures them.
 */
export function replyingLearners(p: Profile): { n: number; email: string }[] {
  const step = Math.max(1, Math.floor(hotClasses(p) / REPLYING_LEARNERS));
  const numbers = new Set<number>();
  for (let i = 0; numbers.size < REPLYING_LEARNERS && i < p.classes; i++) numbers.add(enrollee(p, 1 + i * step, 0));
  return [...numbers].map((n) => ({ n, email: emailOf(n) }));
}

export function emailOf(n: number): string {
  return `user${n}@bench.mentora.test`;
}

/** Discussions are concentrated on the first 2% of classes (about 50 each), the rest spread evenly. */
export function hotClasses(p: Profile): number {
  return Math.max(1, Math.floor(p.classes / 50));
}
