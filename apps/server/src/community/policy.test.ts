import { ROLES } from '@mentora/contract';
import { describe, expect, it } from 'vitest';
import { canDeletePost, canLikePost, canReplyToPost, deletesPostAsModerator } from './policy.js';

const post = { authorId: 'author' };

describe('community policy', () => {
  it('lets anyone signed in, whatever their role, like a post and reply to it', () => {
    for (const role of ROLES) {
      expect(canLikePost({ id: 'someone', role })).toBe(true);
      expect(canReplyToPost({ id: 'someone', role })).toBe(true);
    }
  });

  it('lets its author or an admin delete a post', () => {
    expect(canDeletePost({ id: 'author', role: 'learner' }, post)).toBe(true);
    expect(canDeletePost({ id: 'someone', role: 'admin' }, post)).toBe(true);
    expect(canDeletePost({ id: 'someone', role: 'mentor' }, post)).toBe(false);
    expect(canDeletePost({ id: 'someone', role: 'both' }, post)).toBe(false);
  });

  it("counts an admin deleting someone else's post as moderating, not their own", () => {
    expect(deletesPostAsModerator({ id: 'someone', role: 'admin' }, post)).toBe(true);
    expect(deletesPostAsModerator({ id: 'author', role: 'admin' }, post)).toBe(false);
    expect(deletesPostAsModerator({ id: 'author', role: 'learner' }, post)).toBe(false);
  });
});
