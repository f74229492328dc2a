import { describe, expect, it } from 'vitest';
import { linkTarget, plainText } from './markdown';

describe('linkTarget', () => {
  it('keeps app paths in the app and sends http(s) URLs out', () => {
    expect(linkTarget('/classes/42')).toEqual({ kind: 'internal', path: '/classes/42' });
    expect(linkTarget('/community#post-7')).toEqual({ kind: 'internal', path: '/community#post-7' });
    expect(linkTarget('https://example.com/a?b=1')).toEqual({ kind: 'external', url: 'https://example.com/a?b=1' });
    expect(linkTarget('HTTP://Example.com')).toEqual({ kind: 'external', url: 'http://example.com/' });
  });

  it('refuses every other scheme and every trick', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'mailto:a@b.c',
      '//evil.example/path',
      '/\\evil.example',
      'classes/1',
      '',
      'https://',
      '/classes/1 onclick=x',
    ]) {
      expect(linkTarget(href), href).toBeNull();
    }
  });
});

describe('plainText', () => {
  it('keeps the words and drops the targets, a list item per line and a blank line between blocks', () => {
    expect(plainText('Found:\n\n- [A](/classes/1)\n- [B](https://b.example)\n\nBye')).toBe('Found:\n\nA\nB\n\nBye');
  });

  it('reads escapes and keeps HTML as the text it is', () => {
    expect(plainText('[Arrays \\[advanced\\]](/classes/9) <b>x</b>')).toBe('Arrays [advanced] <b>x</b>');
  });

  it('gives nothing for an empty answer', () => {
    expect(plainText('')).toBe('');
    expect(plainText('\n \n')).toBe('');
  });
});
