import { describe, expect, it } from 'vitest';
import {
  type ClassFormValues,
  EMPTY_CLASS_FORM,
  serverFieldErrors,
  toCreateClassRequest,
  validateClassForm,
} from './classForm';

const valid: ClassFormValues = {
  ...EMPTY_CLASS_FORM,
  title: 'Intro to TypeScript',
  description: 'Types for people who like JavaScript.',
  category: 'programming',
  contentType: 'video',
  contentUrl: 'https://videos.example.com/ts-101',
};

describe('tags', () => {
  it('are split on commas, trimmed, with empties dropped', () => {
    expect(toCreateClassRequest({ ...valid, tags: ' typescript,  web ,,beginner , ' }).tags).toEqual([
      'typescript',
      'web',
      'beginner',
    ]);
    expect(toCreateClassRequest({ ...valid, tags: '' }).tags).toEqual([]);
    expect(toCreateClassRequest({ ...valid, tags: ' , ,' }).tags).toEqual([]);
  });

  it('are limited by the contract: at most 20, each at most 40 characters', () => {
    const many = Array.from({ length: 21 }, (_, i) => `tag${i}`).join(',');
    expect(validateClassForm({ ...valid, tags: many })).toMatchObject({
      ok: false,
      errors: { tags: 'At most 20 tags' },
    });
    const long = validateClassForm({ ...valid, tags: `ok, ${'x'.repeat(41)}` });
    expect(long).toMatchObject({ ok: false, errors: { tags: 'Each tag must be at most 40 characters' } });
  });
});

describe('validateClassForm', () => {
  it('accepts a complete form and builds the request', () => {
    const result = validateClassForm({
      ...valid,
      isPaid: true,
      price: '19.99',
      maxStudents: '25',
      startDate: '2026-05-01T18:00',
      tags: 'ts, web',
    });
    expect(result.ok).toBe(true);
    expect(result.request).toMatchObject({ price: 19.99, isPaid: true, maxStudents: 25, tags: ['ts', 'web'] });
    expect(result.request.startDate).toBe(new Date('2026-05-01T18:00').toISOString());
  });

  it('requires title, description, category and content type', () => {
    const result = validateClassForm(EMPTY_CLASS_FORM);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      category: 'Please choose a category',
      contentType: 'Please choose a content type',
    });
  });

  it('requires a content URL for a video class only: live ones meet in their room, uploadable ones hold their files', () => {
    expect(validateClassForm({ ...valid, contentType: 'video', contentUrl: '' })).toMatchObject({
      ok: false,
      errors: { contentUrl: 'Content URL is required' },
    });
    expect(validateClassForm({ ...valid, contentType: 'live', contentUrl: '' }).ok).toBe(true);
    expect(validateClassForm({ ...valid, contentType: 'uploadable', contentUrl: '' }).ok).toBe(true);
  });

  it('wants an http(s) URL whenever one is given, live or not', () => {
    for (const contentType of ['video', 'live'] as const) {
      expect(validateClassForm({ ...valid, contentType, contentUrl: 'not a url' })).toMatchObject({
        ok: false,
        errors: { contentUrl: 'Content URL must be a valid URL (http or https)' },
      });
      expect(validateClassForm({ ...valid, contentType, contentUrl: 'javascript:alert(1)' }).ok).toBe(false);
    }
  });

  it('reports the content URL together with the other problems', () => {
    const result = validateClassForm({ ...valid, title: '', contentUrl: '' });
    expect(result).toMatchObject({
      ok: false,
      errors: { title: 'Title is required', contentUrl: 'Content URL is required' },
    });
  });

  it('checks price (at least 0, steps of 0.01) only for paid classes', () => {
    expect(validateClassForm({ ...valid, isPaid: true, price: '-1' })).toMatchObject({
      errors: { price: 'Price must be at least 0' },
    });
    expect(validateClassForm({ ...valid, isPaid: true, price: '1.005' })).toMatchObject({
      errors: { price: 'Price must be in steps of 0.01' },
    });
    expect(validateClassForm({ ...valid, isPaid: true, price: '' })).toMatchObject({
      errors: { price: 'Price must be a number' },
    });
    const free = validateClassForm({ ...valid, isPaid: false, price: 'whatever' });
    expect(free.ok).toBe(true);
    expect(free.request.price).toBe(0);
  });

  it('takes an empty max students as no limit, and wants at least 1 otherwise', () => {
    expect(validateClassForm({ ...valid, maxStudents: '' }).request.maxStudents).toBeNull();
    expect(validateClassForm({ ...valid, maxStudents: '0' })).toMatchObject({
      errors: { maxStudents: 'Max students must be at least 1' },
    });
    expect(validateClassForm({ ...valid, maxStudents: '2.5' })).toMatchObject({
      errors: { maxStudents: 'Max students must be a whole number' },
    });
  });

  it('leaves the start date out when empty', () => {
    expect(validateClassForm({ ...valid, startDate: '' }).request.startDate).toBeNull();
  });
});

describe('serverFieldErrors', () => {
  it("puts the server's field problems beside their fields", () => {
    expect(
      serverFieldErrors([
        { path: 'contentUrl', message: 'Content URL is required' },
        { path: 'tags.3', message: 'Each tag must be at most 40 characters' },
        { path: 'mentor', message: 'Something else' },
      ]),
    ).toEqual({
      byField: { contentUrl: 'Content URL is required', tags: 'Each tag must be at most 40 characters' },
      other: ['Something else'],
    });
  });
});
