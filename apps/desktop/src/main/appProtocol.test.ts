import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, resolveAppFile } from './appProtocol';

let root: string;

beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mentora-desktop-'));
  root = path.join(dir, 'renderer');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(path.join(dir, 'secret.txt'), 'outside the renderer folder');
});

afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }));

describe('resolveAppFile', () => {
  it('maps app://mentora/ paths to files in the renderer folder', () => {
    expect(resolveAppFile(root, 'app://mentora/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://mentora/index.html?x#/login')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://mentora/assets/index-abc.js')).toBe(path.join(root, 'assets', 'index-abc.js'));
  });

  it.each([
    'app://mentora/../secret.txt',
    'app://mentora/%2e%2e/secret.txt',
    'app://mentora/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://mentora/..%5csecret.txt',
    'app://mentora/%00index.html',
    'app://mentora/%E0%A4%A',
    'app://other/index.html',
    'not a url',
  ])('never leaves the renderer folder for %s', (url) => {
    const file = resolveAppFile(root, url);
    expect(file === null || file.startsWith(`${root}${path.sep}`)).toBe(true);
  });
});

describe('createAppProtocolHandler', () => {
  const handler = () => createAppProtocolHandler({ rootDir: root, contentSecurityPolicy: () => "script-src 'self'" });

  it('serves the page with its type and the Content-Security-Policy header', async () => {
    const response = await handler()({ url: 'app://mentora/index.html', method: 'GET' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Content-Security-Policy')).toBe("script-src 'self'");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await response.text()).toContain('id="root"');
  });

  it('serves scripts and styles with their types', async () => {
    const script = await handler()({ url: 'app://mentora/assets/index-abc.js', method: 'GET' });
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    const style = await handler()({ url: 'app://mentora/assets/index-abc.css', method: 'GET' });
    expect(style.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
  });

  it('answers 404 for missing files and anything outside the folder, 405 for writes', async () => {
    expect((await handler()({ url: 'app://mentora/nope.js', method: 'GET' })).status).toBe(404);
    for (const url of [
      'app://mentora/%2e%2e/secret.txt',
      'app://mentora/../secret.txt',
      'app://mentora/..%2fsecret.txt',
    ]) {
      expect((await handler()({ url, method: 'GET' })).status).toBe(404);
    }
    expect((await handler()({ url: 'app://mentora/assets', method: 'GET' })).status).toBe(404);
    expect((await handler()({ url: 'app://mentora/index.html', method: 'POST' })).status).toBe(405);
  });
});
