// Content for the page tests (*.test.tsx only).
import type { ClassItem, CommunityPost, Discussion } from '@mentora/contract';

/** Page tests type and wait for answers: a few seconds on a busy machine. */
export const PAGE_TEST_TIMEOUT_MS = 20_000;

const neutral = { label: 'NEUTRAL' as const, polarity: 0 };
const clean = { flagged: false, reason: null };

export function makeDiscussion(overrides: Partial<Discussion> & { _id: string }): Discussion {
  return {
    title: `Topic ${overrides._id}`,
    content: 'Some content',
    classId: { _id: 'class-1', title: 'Class one' },
    author: { _id: 'someone', name: 'Someone Else' },
    replies: [],
    replyCount: 0,
    repliedByMe: false,
    createdAt: '2026-02-01T10:00:00.000Z',
    sentiment: neutral,
    moderation: clean,
    ...overrides,
  };
}

export function makePost(overrides: Partial<CommunityPost> & { _id: string }): CommunityPost {
  return {
    title: `Post ${overrides._id}`,
    content: 'Hello everyone',
    category: 'general',
    tags: [],
    author: { _id: 'someone', name: 'Someone Else' },
    likes: [],
    replies: [],
    sentiment: neutral,
    moderation: clean,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeClass(overrides: Partial<ClassItem> & { _id: string }): ClassItem {
  return {
    title: `Class ${overrides._id}`,
    description: 'What the class is about',
    category: 'programming',
    contentType: 'live',
    contentUrl: '',
    price: 0,
    currency: 'USD',
    isPaid: false,
    schedule: 'Mondays, 18:00',
    maxStudents: 20,
    prerequisites: '',
    materials: '',
    tags: [],
    mentor: { _id: 'mentor-1', name: 'Grace Hopper' },
    enrolledStudents: [],
    studentCount: 3,
    startDate: null,
    status: 'upcoming',
    live: false,
    rating: null,
    reviewCount: 0,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}
