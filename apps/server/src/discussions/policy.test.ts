import { describe, expect, it } from 'vitest';
import { canDeleteDiscussion } from './policy.js';

const discussion = { authorId: 'author', classMentorId: 'creator' };

describe('discussion policy', () => {
  it("lets its author, its class's mentor or an admin delete a discussion", () => {
    expect(canDeleteDiscussion({ id: 'author', role: 'learner' }, discussion)).toBe(true);
    expect(canDeleteDiscussion({ id: 'creator', role: 'mentor' }, discussion)).toBe(true);
    expect(canDeleteDiscussion({ id: 'creator', role: 'both' }, discussion)).toBe(true);
    expect(canDeleteDiscussion({ id: 'someone', role: 'admin' }, discussion)).toBe(true);
    expect(canDeleteDiscussion({ id: 'someone', role: 'mentor' }, discussion)).toBe(false);
  });

  it('does not let the creator of the class moderate it once they are no longer a mentor', () => {
    expect(canDeleteDiscussion({ id: 'creator', role: 'learner' }, discussion)).toBe(false);
  });
});
