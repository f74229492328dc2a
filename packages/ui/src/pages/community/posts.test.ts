import { describe, expect, it } from 'vitest';
import { makePost } from '../../test/fixtures';
import { CATEGORY_FILTERS, withLikeToggled } from './posts';

describe('CATEGORY_FILTERS', () => {
  it('offers all plus the four categories as filters', () => {
    expect(CATEGORY_FILTERS.map((f) => f.value)).toEqual(['all', 'general', 'question', 'announcement', 'help']);
  });
});

describe('withLikeToggled', () => {
  it('adds the like when absent and removes it when present', () => {
    const post = makePost({ _id: 'p1', likes: ['a'] });
    expect(withLikeToggled(post, 'me').likes).toEqual(['a', 'me']);
    expect(withLikeToggled(withLikeToggled(post, 'me'), 'me').likes).toEqual(['a']);
    expect(post.likes).toEqual(['a']);
  });
});
