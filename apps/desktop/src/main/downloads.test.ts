import { describe, expect, it } from 'vitest';
import {
  FakeDownloadItem,
  FakeDownloadSession,
  FakeIpcMain,
  FakeLog,
  FakeSender,
  FakeShell,
  frameAt,
  MemoryStore,
} from '../../test/fakeElectron';
import { CHANNELS } from '../shared/bridge';
import { APP_ORIGIN } from './appOrigin';
import { createDownloads, MAX_REMEMBERED_DOWNLOADS } from './downloads';
import { registerBridgeHandlers } from './ipcHandlers';
import { SettingsStore } from './settingsStore';

const APP_PAGE = frameAt('app://mentora/index.html#/classes/c1');
const BLOB_URL = 'blob:app://mentora/6f1c2c1e-8a51-4b1e-9d0e-1f2a3b4c5d6e';

function setUp() {
  const shell = new FakeShell();
  const log = new FakeLog();
  let next = 0;
  const downloads = createDownloads({
    shell,
    log,
    newId: () => `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`,
  });
  const session = new FakeDownloadSession();
  downloads.watch(session, CHANNELS.downloadDone);
  const ipc = new FakeIpcMain();
  registerBridgeHandlers(
    ipc,
    {
      store: new SettingsStore(new MemoryStore()),
      version: '0',
      openExternal: async () => false,
      validateServerUrl: async () => ({ ok: false, message: '' }),
      attention: { notify: () => {}, setBadgeCount: () => {} },
      downloads,
    },
    { appOrigins: [APP_ORIGIN], log },
  );
  const page = new FakeSender();
  return { shell, log, session, ipc, page };
}

describe('downloads', () => {
  it('tells the page a completed download’s id, and opens the recorded path for that id', async () => {
    const { shell, session, ipc, page } = setUp();
    session
      .download(new FakeDownloadItem('notes.md', BLOB_URL, '/home/ada/Downloads/notes.md'), page)
      .finish('completed');
    const done = { id: '00000000-0000-4000-8000-000000000000', fileName: 'notes.md', url: BLOB_URL };
    expect(page.sent).toEqual([[CHANNELS.downloadDone, done]]);

    expect(await ipc.invoke(APP_PAGE, CHANNELS.openDownload, done.id)).toEqual({ ok: true });
    expect(shell.openedPaths).toEqual(['/home/ada/Downloads/notes.md']);
  });

  it('refuses an id it never gave out, and anything that is not an id (a path above all)', async () => {
    const { shell, session, ipc, page } = setUp();
    session.download(new FakeDownloadItem('a.pdf', BLOB_URL, '/tmp/a.pdf'), page).finish('completed');
    for (const id of ['00000000-0000-4000-8000-000000000009', '/etc/passwd', '/tmp/a.pdf', 42, null]) {
      await expect(ipc.invoke(APP_PAGE, CHANNELS.openDownload, id)).rejects.toThrow(/invalid arguments/);
    }
    expect(shell.openedPaths).toEqual([]);
  });

  it('refuses a frame other than the app’s page', async () => {
    const { shell, session, ipc, page } = setUp();
    session.download(new FakeDownloadItem('a.pdf', BLOB_URL, '/tmp/a.pdf'), page).finish('completed');
    await expect(
      ipc.invoke(frameAt('https://evil.example/'), CHANNELS.openDownload, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toThrow(/untrusted sender/);
    expect(shell.openedPaths).toEqual([]);
  });

  it.each(['cancelled', 'interrupted'] as const)('records nothing for a %s download', async (state) => {
    const { shell, session, ipc, page } = setUp();
    session.download(new FakeDownloadItem('a.pdf', BLOB_URL, '/tmp/a.pdf'), page).finish(state);
    expect(page.sent).toEqual([]);
    await expect(ipc.invoke(APP_PAGE, CHANNELS.openDownload, '00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      /invalid arguments/,
    );
    expect(shell.openedPaths).toEqual([]);
  });

  it('hands the system’s error back to the page', async () => {
    const { shell, log, session, ipc, page } = setUp();
    shell.openPathError = 'No application knows how to open this file';
    session.download(new FakeDownloadItem('a.xyz', BLOB_URL, '/tmp/a.xyz'), page).finish('completed');
    expect(await ipc.invoke(APP_PAGE, CHANNELS.openDownload, '00000000-0000-4000-8000-000000000000')).toEqual({
      ok: false,
      message: 'No application knows how to open this file',
    });
    expect(log.warnings).toEqual(['Opening a download failed: No application knows how to open this file']);
  });

  it('does not send to a page that is gone, and forgets the oldest downloads past the limit', async () => {
    const { shell, session, ipc, page } = setUp();
    page.destroyed = true;
    for (let i = 0; i <= MAX_REMEMBERED_DOWNLOADS; i++) {
      session.download(new FakeDownloadItem(`${i}.txt`, BLOB_URL, `/tmp/${i}.txt`), page).finish('completed');
    }
    expect(page.sent).toEqual([]);
    await expect(ipc.invoke(APP_PAGE, CHANNELS.openDownload, '00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      /invalid arguments/,
    );
    const last = `00000000-0000-4000-8000-${String(MAX_REMEMBERED_DOWNLOADS).padStart(12, '0')}`;
    expect(await ipc.invoke(APP_PAGE, CHANNELS.openDownload, last)).toEqual({ ok: true });
    expect(shell.openedPaths).toEqual([`/tmp/${MAX_REMEMBERED_DOWNLOADS}.txt`]);
  });
});
