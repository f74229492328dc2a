import { describe, expect, it } from 'vitest';
import { FakeIpcMain, FakeLog, FakeShell, frameAt, MemoryStore } from '../../test/fakeElectron';
import { CHANNELS, type ServerUrlResult } from '../shared/bridge';
import { APP_ORIGIN } from './appOrigin';
import { openExternalUrl } from './externalLinks';
import { registerBridgeHandlers } from './ipcHandlers';
import { SettingsStore } from './settingsStore';

const APP_PAGE = frameAt('app://mentora/index.html#/login');
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

function setUp(serverAnswer: ServerUrlResult = { ok: true, serverUrl: 'https://mentora.example.com' }) {
  const ipc = new FakeIpcMain();
  const store = new SettingsStore(new MemoryStore());
  const shell = new FakeShell();
  const log = new FakeLog();
  const checked: unknown[] = [];
  const notified: [string, string][] = [];
  const badges: number[] = [];
  registerBridgeHandlers(
    ipc,
    {
      store,
      version: '1.2.3',
      openExternal: (url) => openExternalUrl(url, shell, log),
      validateServerUrl: async (url) => {
        checked.push(url);
        return serverAnswer;
      },
      attention: {
        notify: (title, body) => notified.push([title, body]),
        setBadgeCount: (count) => badges.push(count),
      },
      downloads: { open: async () => null },
    },
    { appOrigins: [APP_ORIGIN], log },
  );
  return { ipc, store, shell, log, checked, notified, badges };
}

describe('registerBridgeHandlers', () => {
  it('handles every channel of the bridge contract', () => {
    const { ipc } = setUp();
    expect(ipc.channels().sort()).toEqual(
      Object.values(CHANNELS)
        .filter((channel) => channel !== CHANNELS.showServerAddress && channel !== CHANNELS.downloadDone)
        .sort(),
    );
  });

  it('answers the app’s page with the startup state', async () => {
    const { ipc, store } = setUp();
    store.setServerUrl('http://localhost:3000');
    store.setStored('theme', 'dark');
    expect(await ipc.invoke(APP_PAGE, CHANNELS.startup)).toEqual({
      serverUrl: 'http://localhost:3000',
      stored: { theme: 'dark' },
      version: '1.2.3',
    });
  });

  describe.each([
    ['another origin', frameAt('https://evil.example/')],
    ['a look-alike host', frameAt('app://mentora.evil/index.html')],
    ['a file: page', frameAt('file:///tmp/index.html')],
    ['a subframe of the app', frameAt('app://mentora/index.html', 'app://mentora/index.html')],
    ['a frame that is gone', null],
  ])('refuses %s', (_name, frame) => {
    it.each([
      [CHANNELS.startup, []],
      [CHANNELS.setStored, ['token', TOKEN]],
      [CHANNELS.removeStored, ['token']],
      [CHANNELS.openExternal, ['https://example.com']],
      [CHANNELS.setServerUrl, ['https://mentora.example.com']],
      [CHANNELS.notify, ['Mentora', '2 reports waiting']],
      [CHANNELS.setBadgeCount, [2]],
      [CHANNELS.openDownload, ['00000000-0000-4000-8000-000000000000']],
    ] as const)('on %s', async (channel, args) => {
      const { ipc, store, shell, log, checked, notified, badges } = setUp();
      await expect(ipc.invoke(frame, channel, ...args)).rejects.toThrow(/untrusted sender/);
      expect(store.stored()).toEqual({});
      expect(shell.opened).toEqual([]);
      expect(checked).toEqual([]);
      expect(notified).toEqual([]);
      expect(badges).toEqual([]);
      expect(log.warnings[0]).toMatch(/^Refused/);
    });
  });

  it('stores the token and theme for the app, and refuses unknown keys and invalid values', async () => {
    const { ipc, store } = setUp();
    await ipc.invoke(APP_PAGE, CHANNELS.setStored, 'token', TOKEN);
    await ipc.invoke(APP_PAGE, CHANNELS.setStored, 'theme', 'light');
    expect(store.stored()).toEqual({ token: TOKEN, theme: 'light' });

    for (const args of [
      ['serverUrl', 'https://evil.example'],
      ['__proto__', 'x'],
      ['theme', 'neon'],
      ['token', ''],
      ['token', 'a b'],
      ['token', { toString: () => TOKEN }],
      ['token'],
      [],
    ]) {
      await expect(ipc.invoke(APP_PAGE, CHANNELS.setStored, ...args)).rejects.toThrow(/invalid arguments/);
    }
    expect(store.stored()).toEqual({ token: TOKEN, theme: 'light' });
    expect(store.serverUrl()).toBeNull();
  });

  it('removes a stored key, and refuses unknown ones', async () => {
    const { ipc, store } = setUp();
    store.setStored('token', TOKEN);
    await ipc.invoke(APP_PAGE, CHANNELS.removeStored, 'token');
    expect(store.stored()).toEqual({});
    await expect(ipc.invoke(APP_PAGE, CHANNELS.removeStored, 'serverUrl')).rejects.toThrow(/invalid arguments/);
  });

  it('opens http(s) links and refuses javascript: and file: ones', async () => {
    const { ipc, shell, log } = setUp();
    expect(await ipc.invoke(APP_PAGE, CHANNELS.openExternal, 'https://meet.jit.si/room-1')).toBe(true);
    expect(await ipc.invoke(APP_PAGE, CHANNELS.openExternal, 'javascript:alert(1)')).toBe(false);
    expect(await ipc.invoke(APP_PAGE, CHANNELS.openExternal, 'file:///etc/passwd')).toBe(false);
    expect(await ipc.invoke(APP_PAGE, CHANNELS.openExternal, 42)).toBe(false);
    expect(shell.opened).toEqual(['https://meet.jit.si/room-1']);
    expect(log.warnings).toHaveLength(3);
  });

  it('saves a server address only when its check passed', async () => {
    const passing = setUp();
    expect(await passing.ipc.invoke(APP_PAGE, CHANNELS.setServerUrl, 'https://mentora.example.com/')).toEqual({
      ok: true,
      serverUrl: 'https://mentora.example.com',
    });
    expect(passing.checked).toEqual(['https://mentora.example.com/']);
    expect(passing.store.serverUrl()).toBe('https://mentora.example.com');

    const failing = setUp({ ok: false, message: 'Could not reach it.' });
    expect(await failing.ipc.invoke(APP_PAGE, CHANNELS.setServerUrl, 'https://down.example')).toEqual({
      ok: false,
      message: 'Could not reach it.',
    });
    expect(failing.store.serverUrl()).toBeNull();
  });

  it('accepts the dev server’s page in development', async () => {
    const ipc = new FakeIpcMain();
    registerBridgeHandlers(
      ipc,
      {
        store: new SettingsStore(new MemoryStore()),
        version: '0',
        openExternal: async () => false,
        validateServerUrl: async () => ({ ok: false, message: '' }),
        attention: { notify: () => {}, setBadgeCount: () => {} },
        downloads: { open: async () => null },
      },
      { appOrigins: [APP_ORIGIN, 'http://localhost:5173'], log: new FakeLog() },
    );
    await expect(ipc.invoke(frameAt('http://localhost:5173/'), CHANNELS.startup)).resolves.toMatchObject({
      version: '0',
    });
  });

  it('shows the app’s notifications and refuses anything but bounded text', async () => {
    const { ipc, notified } = setUp();
    await ipc.invoke(APP_PAGE, CHANNELS.notify, 'Mentora', '2 reports waiting');
    expect(notified).toEqual([['Mentora', '2 reports waiting']]);
    for (const args of [
      [' ', 'x'],
      ['Mentora', 42],
      [{}, 'x'],
      ['x'.repeat(201), 'x'],
      ['Mentora', 'x'.repeat(1001)],
    ]) {
      await expect(ipc.invoke(APP_PAGE, CHANNELS.notify, ...args)).rejects.toThrow(/invalid arguments/);
    }
    expect(notified).toHaveLength(1);
  });

  it('sets the badge to a whole count from 0, and refuses anything else', async () => {
    const { ipc, badges } = setUp();
    await ipc.invoke(APP_PAGE, CHANNELS.setBadgeCount, 3);
    await ipc.invoke(APP_PAGE, CHANNELS.setBadgeCount, 0);
    expect(badges).toEqual([3, 0]);
    for (const count of [-1, 1.5, '3', Number.NaN, 100_000, null]) {
      await expect(ipc.invoke(APP_PAGE, CHANNELS.setBadgeCount, count)).rejects.toThrow(/invalid arguments/);
    }
    expect(badges).toEqual([3, 0]);
  });
});
