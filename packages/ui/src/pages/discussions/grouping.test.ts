import { describe, expect, it } from 'vitest';
import { makeDiscussion } from '../../test/fixtures';
import { TEST_USER } from '../../test/renderWithAuth';
import { groupByClass, isDiscussionFilter, mineOf } from './grouping';

const css = { _id: 'c-css', title: 'CSS layouts' };
const js = { _id: 'c-js', title: 'JavaScript basics' };

// Newest first, as the server sends them.
const list = [
  makeDiscussion({ _id: 'd1', classId: js, author: { _id: TEST_USER._id, name: TEST_USER.name } }),
  makeDiscussion({ _id: 'd2', classId: css, repliedByMe: true }),
  makeDiscussion({ _id: 'd3', classId: js, repliedByMe: true, author: { _id: TEST_USER._id, name: TEST_USER.name } }),
  makeDiscussion({ _id: 'd4', classId: css }),
];

describe('groupByClass', () => {
  it('puts discussions in one section per class, sections in order of their newest discussion', () => {
    const groups = groupByClass(list);
    expect(groups.map((g) => [g.classId, g.classTitle, g.discussions.map((d) => d._id)])).toEqual([
      ['c-js', 'JavaScript basics', ['d1', 'd3']],
      ['c-css', 'CSS layouts', ['d2', 'd4']],
    ]);
  });

  it('shows a discussion once even when two pages both held it', () => {
    const groups = groupByClass([...list, makeDiscussion({ _id: 'd4', classId: css })]);
    expect(groups[1]?.discussions.map((d) => d._id)).toEqual(['d2', 'd4']);
  });

  it('has no sections for no discussions', () => {
    expect(groupByClass([])).toEqual([]);
  });
});

describe('mineOf', () => {
  it("asks the server for the caller's posts or replies, and for everything with no ?mine=", () => {
    expect(mineOf('my-posts')).toBe('posts');
    expect(mineOf('my-replies')).toBe('replies');
    expect(mineOf('all')).toBeUndefined();
  });

  it('knows the filters of SPEC.md section 9', () => {
    expect(['all', 'my-posts', 'my-replies'].every(isDiscussionFilter)).toBe(true);
    expect(isDiscussionFilter('mine')).toBe(false);
    expect(isDiscussionFilter(null)).toBe(false);
  });
});
