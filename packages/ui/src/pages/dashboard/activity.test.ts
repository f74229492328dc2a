import type { ClassItem, Discussion } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { completedCount, recentActivity } from './activity';

const ME = 'user-1';

function cls(id: string, createdAt: string, status: ClassItem['status'] = 'upcoming'): ClassItem {
  return {
    _id: id,
    title: `Class ${id}`,
    description: '',
    category: 'programming',
    contentType: 'live',
    contentUrl: '',
    price: 0,
    currency: 'USD',
    isPaid: false,
    schedule: '',
    maxStudents: null,
    prerequisites: '',
    materials: '',
    tags: [],
    mentor: { _id: 'mentor-1', name: 'Mentor' },
    studentCount: 1,
    startDate: null,
    status,
    live: false,
    rating: null,
    reviewCount: 0,
    createdAt,
  };
}

function discussion(id: string, authorId: string, createdAt: string): Discussion {
  const neutral = { label: 'NEUTRAL' as const, polarity: 0 };
  return {
    _id: id,
    title: `Topic ${id}`,
    content: '',
    classId: { _id: 'c1', title: 'Class c1' },
    author: { _id: authorId, name: 'Someone' },
    replies: [],
    replyCount: 0,
    createdAt,
    sentiment: neutral,
    moderation: { flagged: false, reason: null },
  };
}

describe('recentActivity', () => {
  it('mixes enrolments and own discussions, newest first, labelled as SPEC.md says', () => {
    const items = recentActivity(
      [cls('c1', '2026-01-01T10:00:00Z'), cls('c2', '2026-03-01T10:00:00Z')],
      [discussion('d1', ME, '2026-02-01T10:00:00Z')],
      ME,
    );
    expect(items.map((i) => [i.label, i.to])).toEqual([
      ['Enrolled in a class', '/classes/c2'],
      ['Participated in a class', '/discussions/d1'],
      ['Enrolled in a class', '/classes/c1'],
    ]);
    expect(items[1]?.title).toBe('Topic d1 · Class c1');
  });

  it('dates an enrolment by when the person enrolled, not when the class was made', () => {
    const old = { ...cls('old', '2025-06-01T00:00:00Z'), enrolledAt: '2026-04-01T08:00:00.000Z' };
    const items = recentActivity([old], [discussion('d1', ME, '2026-02-01T10:00:00Z')], ME);
    expect(items.map((i) => [i.to, i.date])).toEqual([
      ['/classes/old', '2026-04-01T08:00:00.000Z'],
      ['/discussions/d1', '2026-02-01T10:00:00Z'],
    ]);
  });

  it("leaves out other people's discussions", () => {
    const items = recentActivity([], [discussion('d1', 'someone-else', '2026-02-01T10:00:00Z')], ME);
    expect(items).toEqual([]);
  });

  it('keeps at most five items', () => {
    const classes = Array.from({ length: 8 }, (_, i) => cls(`c${i}`, `2026-01-0${i + 1}T00:00:00Z`));
    const items = recentActivity(classes, [], ME);
    expect(items).toHaveLength(5);
    expect(items[0]?.to).toBe('/classes/c7');
  });

  it('puts items with unreadable dates last instead of failing', () => {
    const items = recentActivity([cls('bad', 'not a date'), cls('ok', '2026-01-01T00:00:00Z')], [], ME);
    expect(items.map((i) => i.to)).toEqual(['/classes/ok', '/classes/bad']);
  });
});

describe('completedCount', () => {
  it('counts completed classes once across lists', () => {
    const done = cls('c1', '2026-01-01T00:00:00Z', 'completed');
    expect(completedCount([done, cls('c2', '2026-01-01T00:00:00Z')], [done, cls('c3', '', 'completed')])).toBe(2);
    expect(completedCount([])).toBe(0);
  });
});
