import { describe, expect, it } from 'vitest';
import type { DesktopBridge, DownloadDone, OpenDownloadResult, ServerUrlResult, StoredKey } from '../../shared/bridge';
import { createDesktopPlatform, StorageMirror } from './desktopPlatform';

/** A bridge that records calls, as the preload's would reach the main process. */
function recordingBridge(openAnswer = true, openDownloadAnswer: OpenDownloadResult = { ok: true }) {
  const calls: unknown[][] = [];
  const downloadListeners = new Set<(done: DownloadDone) => void>();
  const bridge: DesktopBridge = {
    startup: async () => ({ serverUrl: null, stored: {}, version: '0' }),
    setStored: async (key: StoredKey, value: string) => void calls.push(['setStored', key, value]),
    removeStored: async (key: StoredKey) => void calls.push(['removeStored', key]),
    openExternal: async (url: string) => {
      calls.push(['openExternal', url]);
      return openAnswer;
    },
    setServerUrl: async (): Promise<ServerUrlResult> => ({ ok: false, message: '' }),
    notify: async (title: string, body: string) => void calls.push(['notify', title, body]),
    setBadgeCount: async (count: number) => void calls.push(['setBadgeCount', count]),
    onShowServerAddress: () => () => undefined,
    onDownloadDone: (listener: (done: DownloadDone) => void) => {
      downloadListeners.add(listener);
      return () => downloadListeners.delete(listener);
    },
    openDownload: async (id: string): Promise<OpenDownloadResult> => {
      calls.push(['openDownload', id]);
      return openDownloadAnswer;
    },
  };
  return { bridge, calls, downloadListeners };
}

function quietLog() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (message: string) => warnings.push(message), error: () => undefined } };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('StorageMirror', () => {
  it('answers from what the startup read, at once', () => {
    const { bridge } = recordingBridge();
    const mirror = new StorageMirror(bridge, { token: 'abc', theme: 'dark' });
    expect(mirror.get('token')).toBe('abc');
    expect(mirror.get('theme')).toBe('dark');
    expect(mirror.get('other')).toBeNull();
  });

  it('writes the token and theme through to the bridge', async () => {
    const { bridge, calls } = recordingBridge();
    const mirror = new StorageMirror(bridge, {});
    mirror.set('token', 'abc.def');
    mirror.set('theme', 'light');
    mirror.remove('token');
    expect(mirror.get('token')).toBeNull();
    expect(calls).toEqual([
      ['setStored', 'token', 'abc.def'],
      ['setStored', 'theme', 'light'],
      ['removeStored', 'token'],
    ]);
  });

  it('keeps other keys and invalid values for this run only', () => {
    const { bridge, calls } = recordingBridge();
    const { log, warnings } = quietLog();
    const mirror = new StorageMirror(bridge, {}, log);
    mirror.set('draft', 'hello');
    mirror.set('theme', 'neon');
    mirror.remove('draft');
    expect(mirror.get('theme')).toBe('neon');
    expect(calls).toEqual([]);
    expect(warnings).toEqual(['Not saving an invalid theme']);
  });
});

describe('createDesktopPlatform', () => {
  function platform(openAnswer = true) {
    const { bridge, calls } = recordingBridge(openAnswer);
    const { log, warnings } = quietLog();
    const value = createDesktopPlatform({
      bridge,
      serverUrl: 'https://mentora.example.com',
      storage: new StorageMirror(bridge, {}, log),
      changeServer: async () => ({ ok: true }),
      log,
    });
    return { value, calls, warnings };
  }

  it('talks to the saved server’s API and reads live updates with the bearer token', () => {
    const { value } = platform();
    expect(value.kind).toBe('desktop');
    expect(value.apiBaseUrl).toBe('https://mentora.example.com/api');
    expect(value.liveTransport).toBeTypeOf('function');
    expect(value.serverAddress?.current).toBe('https://mentora.example.com');
  });

  it('hands http(s) links to the bridge', async () => {
    const { value, calls } = platform();
    value.openExternal('https://meet.jit.si/room');
    await flush();
    expect(calls).toEqual([['openExternal', 'https://meet.jit.si/room']]);
  });

  it('opens a URL known only later in the system browser once it comes, and nothing when cancelled', async () => {
    const { value, calls } = platform();
    const later = value.openExternalLater();
    await flush();
    expect(calls).toEqual([]);
    later.go('https://meet.jit.si/room');
    value.openExternalLater().cancel();
    await flush();
    expect(calls).toEqual([['openExternal', 'https://meet.jit.si/room']]);
  });

  it('keeps a later URL to http(s) as well', async () => {
    const { value, calls, warnings } = platform();
    value.openExternalLater().go('javascript:alert(1)');
    await flush();
    expect(calls).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('never forwards a javascript: or file: URL', async () => {
    const { value, calls, warnings } = platform();
    value.openExternal('javascript:alert(1)');
    value.openExternal('file:///etc/passwd');
    await flush();
    expect(calls).toEqual([]);
    expect(warnings).toHaveLength(2);
  });

  it('notes a refusal from the main process', async () => {
    const { value, warnings } = platform(false);
    value.openExternal('https://example.com');
    await flush();
    expect(warnings).toEqual(['The system browser did not open https://example.com']);
  });

  it('sends the review queue’s notification and badge through the bridge', async () => {
    const { value, calls } = platform();
    value.attention?.notify('Mentora', '2 reports waiting');
    value.attention?.setBadgeCount(2);
    value.attention?.setBadgeCount(0);
    await flush();
    expect(calls).toEqual([
      ['notify', 'Mentora', '2 reports waiting'],
      ['setBadgeCount', 2],
      ['setBadgeCount', 0],
    ]);
  });

  it('passes saved downloads on and opens them by id, rejecting with the system’s reason', async () => {
    const ok = recordingBridge();
    const failing = recordingBridge(true, { ok: false, message: 'No application is set to open this file' });
    const make = (bridge: DesktopBridge) =>
      createDesktopPlatform({
        bridge,
        serverUrl: 'https://mentora.example.com',
        storage: new StorageMirror(bridge, {}),
        changeServer: async () => ({ ok: true }),
        log: quietLog().log,
      });
    const seen: unknown[] = [];
    const unsubscribe = make(ok.bridge).downloads?.onSaved((download) => seen.push(download));
    const done = { id: 'd1', fileName: 'notes.md', url: 'blob:app://mentora/x' };
    for (const listener of ok.downloadListeners) listener(done);
    expect(seen).toEqual([done]);
    unsubscribe?.();
    expect(ok.downloadListeners.size).toBe(0);

    await make(ok.bridge).downloads?.open('d1');
    expect(ok.calls).toEqual([['openDownload', 'd1']]);
    await expect(make(failing.bridge).downloads?.open('d1')).rejects.toThrow('No application is set to open this file');
  });
});
