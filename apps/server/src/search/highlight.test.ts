import { describe, expect, it } from 'vitest';
import { isTypoOf, matchRanges, snippet } from './highlight.js';

const marked = (text: string, query: string) => matchRanges(text, query).map((r) => text.slice(r.start, r.end));

describe('matchRanges', () => {
  it('marks word starts of the whole query, else of each word, ignoring case', () => {
    expect(marked('Modern JavaScript and Java', 'java')).toEqual(['Java', 'Java']);
    expect(marked('Lava and java', 'ava')).toEqual([]);
    expect(marked('Tomatoes on a sunny balcony', 'tomato balcony')).toEqual(['Tomato', 'balcony']);
  });

  it('marks the whole word for a typo: a swap, a missing letter, or the start of a word typed with one', () => {
    expect(marked('Learn Python today', 'pyhton')).toEqual(['Python']);
    expect(marked('Learn Python today', 'pythn')).toEqual(['Python']);
    expect(marked('Mentora 101', 'mentr')).toEqual(['Mentora']);
    expect(marked('Radioactivity for beginners', 'radoi')).toEqual(['Radioactivity']);
    expect(marked('Pylon bridges', 'pyhton')).toEqual([]);
  });

  it('takes punctuation literally and finds nothing for punctuation alone', () => {
    expect(marked('C++ and C#', '%')).toEqual([]);
    expect(marked('a.b.c', '.*')).toEqual([]);
  });
});

describe('isTypoOf', () => {
  it('is one edit, or two letters swapped', () => {
    expect(isTypoOf('python', 'pyhton')).toBe(true);
    expect(isTypoOf('python', 'pythno')).toBe(true);
    expect(isTypoOf('python', 'pylon')).toBe(false);
  });
});

describe('snippet', () => {
  it('cuts a long text around its first match, with ranges into what it returns', () => {
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(20)}Here is Python at last. ${'More words follow here. '.repeat(20)}`;
    const cut = snippet(long, 'python');
    expect(cut.text.length).toBeLessThanOrEqual(162);
    expect(cut.text.startsWith('…')).toBe(true);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(cut.matches.map((r) => cut.text.slice(r.start, r.end))).toEqual(['Python']);
  });
});
