import type { CommunityPost } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { HIDDEN_NOTICE, maskedList, maskedPost } from './visibility.js';

const post = (id: string, authorId: string, hidden?: true): CommunityPost =>
  ({
    _id: id,
    title: `Post ${id}`,
    content: `Content ${id}`,
    tags: ['a'],
    author: { _id: authorId, name: 'Someone', profilePicture: '' },
    replies: [],
    moderation: { flagged: false, reason: null },
    ...(hidden ? { hidden } : {}),
  }) as unknown as CommunityPost;

describe('maskedList', () => {
  const viewer = { id: 'viewer', role: 'learner' as const };

  it('answers the very same array when nothing in it is hidden from the viewer (a kept page stays kept)', () => {
    const items = [post('1', 'a'), post('2', 'b')];
    expect(maskedList(items, (p) => maskedPost(viewer, p))).toBe(items);
    // Their own hidden post reads as written: nothing changes for them either.
    const own = [post('3', 'viewer', true)];
    expect(maskedList(own, (p) => maskedPost(viewer, p))).toBe(own);
  });

  it('answers a new array with the notice in place of what is hidden from the viewer', () => {
    const items = [post('1', 'a'), post('2', 'b', true)];
    const shown = maskedList(items, (p) => maskedPost(viewer, p));
    expect(shown).not.toBe(items);
    expect(shown[0]).toBe(items[0]);
    expect(shown[1]).toMatchObject({ title: HIDDEN_NOTICE, content: HIDDEN_NOTICE, hidden: true });
    expect(items[1]?.title).toBe('Post 2');
  });
});
