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

export function emailOf(n: number): string {
  return `user${n}@bench.mentora.test`;
}

/** Discussions are concentrated on the first 2% of classes (about 50 each), the rest spread evenly. */
export function hotClasses(p: Profile): number {
  return Math.max(1, Math.floor(p.classes / 50));
}
