import { describe, expect, it } from 'vitest';
import { makeDiscussion } from '../../test/fixtures';
import { TEST_USER } from '../../test/renderWithAuth';
import { filterDiscussions, groupByClass, isDiscussionFilter } from './grouping';

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

describe('filterDiscussions', () => {
  it('all keeps everything, in order', () => {
    expect(filterDiscussions(list, 'all', TEST_USER._id).map((d) => d._id)).toEqual(['d1', 'd2', 'd3', 'd4']);
  });

  it('my-posts keeps the ones I started', () => {
    expect(filterDiscussions(list, 'my-posts', TEST_USER._id).map((d) => d._id)).toEqual(['d1', 'd3']);
    expect(filterDiscussions(list, 'my-posts', undefined)).toEqual([]);
  });

  it('my-replies keeps the ones I replied to, whoever started them', () => {
    expect(filterDiscussions(list, 'my-replies', TEST_USER._id).map((d) => d._id)).toEqual(['d2', 'd3']);
  });

  it('filters then groups', () => {
    const groups = groupByClass(filterDiscussions(list, 'my-replies', TEST_USER._id));
    expect(groups.map((g) => g.discussions.map((d) => d._id))).toEqual([['d2'], ['d3']]);
  });

  it('knows the filters of SPEC.md section 9', () => {
    expect(['all', 'my-posts', 'my-replies'].every(isDiscussionFilter)).toBe(true);
    expect(isDiscussionFilter('mine')).toBe(false);
    expect(isDiscussionFilter(null)).toBe(false);
  });
});
