import { describe, expect, it } from 'vitest';
import { FakeLog, FakeShell } from '../../test/fakeElectron';
import { openExternalUrl } from './externalLinks';

describe('openExternalUrl', () => {
  it.each(['https://meet.jit.si/mentora-3f9c2a', 'http://localhost:3000/classes', 'HTTPS://Example.com/a?b=c#d'])(
    'opens %s in the system browser',
    async (url) => {
      const shell = new FakeShell();
      const log = new FakeLog();
      expect(await openExternalUrl(url, shell, log)).toBe(true);
      expect(shell.opened).toEqual([new URL(url).href]);
      expect(log.warnings).toEqual([]);
    },
  );

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(document.cookie)',
    'java\tscript:alert(1)',
    'file:///etc/passwd',
    'FILE://C:/Windows/System32/calc.exe',
    'data:text/html,<script>alert(1)</script>',
    'smb://attacker.example/share',
    'ms-settings:',
    'vbscript:msgbox(1)',
    'app://mentora/index.html',
    '//evil.example/path',
    '/classes/1',
    'https://',
    '',
  ])('refuses %j and logs it', async (url) => {
    const shell = new FakeShell();
    const log = new FakeLog();
    expect(await openExternalUrl(url, shell, log)).toBe(false);
    expect(shell.opened).toEqual([]);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toMatch(/^Refused to open/);
  });

  it.each([null, undefined, 42, { href: 'https://example.com' }, ['https://example.com']])(
    'refuses a non-string argument (%j)',
    async (value) => {
      const shell = new FakeShell();
      expect(await openExternalUrl(value, shell, new FakeLog())).toBe(false);
      expect(shell.opened).toEqual([]);
    },
  );

  it('refuses an absurdly long URL', async () => {
    const shell = new FakeShell();
    expect(await openExternalUrl(`https://example.com/${'a'.repeat(9000)}`, shell, new FakeLog())).toBe(false);
  });

  it('answers false and logs when the operating system cannot open it', async () => {
    const shell = new FakeShell();
    shell.failWith = new Error('no browser');
    const log = new FakeLog();
    expect(await openExternalUrl('https://example.com', shell, log)).toBe(false);
    expect(log.warnings[0]).toContain('no browser');
  });
});
