import { describe, expect, it } from 'vitest';
import { postRequestFrom } from './postDraft';

const draft = { title: ' My post ', content: ' Hello ', category: 'help', tags: '' };

describe('postRequestFrom', () => {
  it('splits tags at commas, trims them and drops empties', async () => {
    const result = await postRequestFrom({ ...draft, tags: ' react ,, career,  ,ux design , ' });
    expect(result).toEqual({
      ok: true,
      request: { title: 'My post', content: 'Hello', category: 'help', tags: ['react', 'career', 'ux design'] },
    });
  });

  it('sends no tags for an empty or comma-only field', async () => {
    for (const tags of ['', '   ', ',,', ' , , ']) {
      const result = await postRequestFrom({ ...draft, tags });
      expect(result.ok && result.request.tags).toEqual([]);
    }
  });

  it('requires title and content after trimming', async () => {
    expect(await postRequestFrom({ ...draft, title: '   ', content: '\n' })).toEqual({
      ok: false,
      errors: { title: 'Title is required', content: 'Content is required' },
    });
  });

  it('keeps to the contract limits for tags', async () => {
    const result = await postRequestFrom({ ...draft, tags: 'x'.repeat(41) });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.tags).toBe('Each tag must be at most 40 characters');
  });
});
