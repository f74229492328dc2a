import { describe, expect, it } from 'vitest';
import {
  cleanName,
  downloadName,
  fileDisplayName,
  hasControlCharacters,
  isAvatarPath,
  isHttpUrl,
  parseTags,
} from './text.js';

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

describe('downloadName', () => {
  it('keeps a name whose extension fits the type, and adds the type’s own to any other', () => {
    expect(downloadName('Week 1.pdf', 'application/pdf')).toBe('Week 1.pdf');
    expect(downloadName('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(downloadName('notes.bat', 'text/plain')).toBe('notes.bat.txt');
    expect(downloadName('setup.msi', 'application/x-cfb')).toBe('setup.msi.doc');
    expect(downloadName('slides', 'application/vnd.oasis.opendocument.presentation')).toBe('slides.odp');
    expect(downloadName('README.md', 'text/markdown')).toBe('README.md');
    expect(downloadName('odd', 'application/x-unknown')).toBe('odd.bin');
  });
});

describe('isAvatarPath', () => {
  it('is the server’s own picture path only', () => {
    expect(isAvatarPath('/api/avatars/0b6f2c1e-2d3a-4c5b-8e9f-001122334455')).toBe(true);
    for (const other of [
      '/api/avatars/x',
      'https://x.test/api/avatars/0b6f2c1e-2d3a-4c5b-8e9f-001122334455',
      '/api/users',
    ]) {
      expect(isAvatarPath(other), other).toBe(false);
    }
  });
});

describe('names (issue #35)', () => {
  it('lose bidirectional controls and zero-width characters, so a name cannot read as another', () => {
    expect(cleanName('inv\u202Eexe.txt')).toBe('invexe.txt');
    expect(cleanName(' A\u200Bda\u200C \u200D\u2060Love\uFEFFlace\u2066\u2069\u200E\u200F\u061C ')).toBe(
      'Ada Lovelace',
    );
    expect(cleanName('Zoë 李 🎓')).toBe('Zoë 李 🎓');
  });
  it('find control characters, line separators included', () => {
    for (const bad of ['a\nb', 'a\rb', 'a\u0000b', 'a\u0085b', 'a\u2028b', 'a\u2029b', 'a\u007Fb', 'a\tb']) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
    expect(hasControlCharacters('Ada Lovelace, née Byron')).toBe(false);
  });
  it('of files keep the last path segment only, without control or invisible characters', () => {
    expect(fileDisplayName('..\\..\\x.bat')).toBe('x.bat');
    expect(fileDisplayName('../../etc/passwd')).toBe('passwd');
    expect(fileDisplayName('inv\u202Eexe.txt')).toBe('invexe.txt');
    expect(fileDisplayName('a\nb.txt')).toBe('ab.txt');
    expect(fileDisplayName('dir/')).toBe('');
    expect(Array.from(fileDisplayName('🎓'.repeat(300)))).toHaveLength(200);
  });
});
