import { describe, expect, it } from 'vitest';
import { isHttpUrl, parseTags } from './text.js';

describe('parseTags', () => {
  it('splits on commas, trims and drops empties', () => {
    expect(parseTags(' react, ,typescript ,,  web dev ')).toEqual(['react', 'typescript', 'web dev']);
  });
  it('gives no tags for blank input', () => {
    expect(parseTags('  , ,')).toEqual([]);
  });
});

describe('isHttpUrl', () => {
  it('accepts absolute http and https URLs', () => {
    expect(isHttpUrl('https://example.com/a?b=c')).toBe(true);
    expect(isHttpUrl('http://localhost:3000')).toBe(true);
  });
  it('refuses other schemes, relative and malformed URLs', () => {
    for (const bad of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,x',
      '/relative',
      'example.com',
      '',
    ]) {
      expect(isHttpUrl(bad)).toBe(false);
    }
  });
});
