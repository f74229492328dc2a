import { describe, expect, it } from 'vitest';
import { linkTarget, parseInline, parseMarkdown, plainText } from './markdown';

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

describe('parseInline', () => {
  it('finds links among text', () => {
    expect(parseInline('See [TypeScript 101](/classes/abc), rated 4.5.')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'TypeScript 101', target: { kind: 'internal', path: '/classes/abc' } },
      { type: 'text', text: ', rated 4.5.' },
    ]);
  });

  it('keeps the words of a refused link as text and drops its target', () => {
    expect(parseInline('[click me](javascript:alert(document.cookie)) now')).toEqual([
      { type: 'text', text: 'click me now' },
    ]);
  });

  it('reads escaped brackets in link text, as the server writes them', () => {
    expect(parseInline('[Arrays \\[advanced\\]](/classes/9)')).toEqual([
      { type: 'link', text: 'Arrays [advanced]', target: { kind: 'internal', path: '/classes/9' } },
    ]);
  });

  it('leaves brackets that are not links alone', () => {
    expect(parseInline('an [aside] and a (note) and [open')).toEqual([
      { type: 'text', text: 'an [aside] and a (note) and [open' },
    ]);
  });

  it('keeps HTML as the text it is', () => {
    expect(parseInline('<img src=x onerror="alert(1)"> [<b>x</b>](/classes/1)')).toEqual([
      { type: 'text', text: '<img src=x onerror="alert(1)"> ' },
      { type: 'link', text: '<b>x</b>', target: { kind: 'internal', path: '/classes/1' } },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('splits paragraphs on blank lines, keeps line breaks, and groups bullets into lists', () => {
    const source =
      'Classes about "typescript", best match first:\n' +
      '- [TS 101](/classes/1): programming\n' +
      '* [TS 201](/classes/2)\n' +
      '\n\n' +
      'Line one\r\nLine two\n' +
      '1. numbered lines stay text';
    expect(parseMarkdown(source)).toEqual([
      { type: 'paragraph', lines: [[{ type: 'text', text: 'Classes about "typescript", best match first:' }]] },
      {
        type: 'list',
        items: [
          [
            { type: 'link', text: 'TS 101', target: { kind: 'internal', path: '/classes/1' } },
            { type: 'text', text: ': programming' },
          ],
          [{ type: 'link', text: 'TS 201', target: { kind: 'internal', path: '/classes/2' } }],
        ],
      },
      {
        type: 'paragraph',
        lines: [
          [{ type: 'text', text: 'Line one' }],
          [{ type: 'text', text: 'Line two' }],
          [{ type: 'text', text: '1. numbered lines stay text' }],
        ],
      },
    ]);
  });

  it('does not take emphasis for a bullet', () => {
    expect(parseMarkdown('**bold** start')[0]).toMatchObject({ type: 'paragraph' });
  });

  it('gives nothing for an empty answer', () => {
    expect(parseMarkdown('')).toEqual([]);
    expect(parseMarkdown('\n \n')).toEqual([]);
  });
});

describe('plainText', () => {
  it('keeps the words and drops the targets', () => {
    expect(plainText(parseMarkdown('Found:\n- [A](/classes/1)\n- [B](https://b.example)\n\nBye'))).toBe(
      'Found:\n\nA\nB\n\nBye',
    );
  });
});
