import { describe, expect, it } from 'vitest';
import { FakeLog, FakeWebContents } from '../../test/fakeElectron';
import { APP_ORIGIN } from './appOrigin';
import { guardNavigation } from './navigationGuard';

function guarded(appOrigins: string[] = [APP_ORIGIN]) {
  const contents = new FakeWebContents();
  const opened: string[] = [];
  const log = new FakeLog();
  guardNavigation(contents, { appOrigins, openExternal: (url) => opened.push(url), log });
  return { contents, opened, log };
}

describe('guardNavigation', () => {
  it('lets the app navigate within itself (reload, its own pages)', () => {
    const { contents, opened } = guarded();
    expect(contents.emit('will-frame-navigate', 'app://mentora/index.html')).toBe(false);
    expect(contents.emit('will-frame-navigate', 'APP://MENTORA/index.html#/classes')).toBe(false);
    expect(contents.emit('will-redirect', 'app://mentora/index.html')).toBe(false);
    expect(opened).toEqual([]);
  });

  it('keeps the window on the app when a link points at a web page, and opens it in the browser', () => {
    const { contents, opened } = guarded();
    expect(contents.emit('will-frame-navigate', 'https://meet.jit.si/room')).toBe(true);
    expect(opened).toEqual(['https://meet.jit.si/room']);
  });

  it('blocks other schemes and look-alike origins without opening anything', () => {
    const { contents, opened, log } = guarded();
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://mentora.evil.example/index.html',
      'app://evil/index.html',
      'data:text/html,hi',
    ]) {
      expect(contents.emit('will-frame-navigate', url)).toBe(true);
    }
    expect(opened).toEqual([]);
    expect(log.warnings).toHaveLength(5);
  });

  it('does not open the browser for a subframe navigation (only a click in the page means "show me")', () => {
    const { contents, opened } = guarded();
    expect(contents.emit('will-frame-navigate', 'https://ads.example/frame', false)).toBe(true);
    expect(opened).toEqual([]);
  });

  it('blocks redirects away from the app', () => {
    const { contents, opened } = guarded();
    expect(contents.emit('will-redirect', 'https://evil.example/')).toBe(true);
    expect(opened).toEqual([]);
  });

  it('never opens a new app window; web pages go to the browser instead', () => {
    const { contents, opened } = guarded();
    expect(contents.openWindow('https://example.com/docs')).toEqual({ action: 'deny' });
    expect(contents.openWindow('app://mentora/index.html')).toEqual({ action: 'deny' });
    expect(contents.openWindow('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(contents.openWindow('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/docs']);
  });

  it('refuses <webview> tags', () => {
    const { contents } = guarded();
    expect(contents.emit('will-attach-webview', 'about:blank')).toBe(true);
  });

  it('accepts the dev server as the app in development', () => {
    const { contents, opened } = guarded([APP_ORIGIN, 'http://localhost:5173']);
    expect(contents.emit('will-frame-navigate', 'http://localhost:5173/#/login')).toBe(false);
    expect(contents.emit('will-frame-navigate', 'http://localhost:5174/')).toBe(true);
    expect(opened).toEqual(['http://localhost:5174/']);
  });
});
