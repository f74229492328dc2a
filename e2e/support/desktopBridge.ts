// The desktop renderer in Chromium with its bridge injected. Electron cannot run here, so the preload's
// IPC is replaced by a Playwright binding, and behind it run the desktop app's real main-process modules
// (registerBridgeHandlers, SettingsStore, openExternalUrl, validateServerUrl, createAttention,
// createDownloads): only Electron's own pieces are fakes (the electron-store file, shell.openExternal and
// openPath, ipcMain, Notification, app.setBadgeCount, the session's will-download, fed from Chromium's
// own downloads as Playwright saves them).
import type { Page } from '@playwright/test';
import { createAttention } from '../../apps/desktop/src/main/attention';
import { createDownloads } from '../../apps/desktop/src/main/downloads';
import { openExternalUrl } from '../../apps/desktop/src/main/externalLinks';
import { registerBridgeHandlers } from '../../apps/desktop/src/main/ipcHandlers';
import { validateServerUrl } from '../../apps/desktop/src/main/serverAddress';
import { SettingsStore } from '../../apps/desktop/src/main/settingsStore';
import {
  CHANNELS,
  type DesktopBridge,
  type DownloadDone,
  type OpenDownloadResult,
  type StoredKey,
} from '../../apps/desktop/src/shared/bridge';
import {
  FakeBadgeApp,
  FakeDownloadItem,
  FakeDownloadSession,
  FakeIpcMain,
  FakeLog,
  FakeNotifications,
  FakeShell,
  MemoryStore,
} from '../../apps/desktop/test/fakeElectron';
import { DESKTOP_URL_VARIABLE } from './desktopRenderer';

export interface BridgeCall {
  channel: string;
  args: unknown[];
}

export interface DesktopHarness {
  /** The renderer's page URL (index.html). */
  url: string;
  store: SettingsStore;
  /** What shell.openExternal was asked to open. */
  shell: FakeShell;
  /** What the main-process modules logged (refusals). */
  log: FakeLog;
  /** Every bridge call the page made, in order. */
  calls: BridgeCall[];
  /** The OS notifications shown (the review queue's), and the app badge's counts. */
  notifications: FakeNotifications;
  badge: FakeBadgeApp;
  /** The downloads the main process saw saved and told the page about, with where Playwright saved each. */
  downloads: (DownloadDone & { savePath: string })[];
  /** Opens the renderer at an in-app path (the hash router's). */
  open(path?: string): Promise<void>;
  /** What the app menu's "Server Address…" does: the main process tells the page. */
  showServerAddressFromMenu(): Promise<void>;
}

export function desktopRendererUrl(): string {
  const url = process.env[DESKTOP_URL_VARIABLE];
  if (!url) {
    throw new Error('The desktop renderer is not built: run `pnpm build` at the repository root (e2e/run.mjs does)');
  }
  return url;
}

declare global {
  interface Window {
    mentora?: DesktopBridge;
    __mentoraIpc?: (channel: string, ...args: unknown[]) => Promise<unknown>;
    __mentoraMenu?: () => void;
    __mentoraDownloadDone?: (done: DownloadDone) => void;
  }
}

export async function injectDesktopBridge(
  page: Page,
  initial: { serverUrl?: string; stored?: Partial<Record<StoredKey, string>> } = {},
): Promise<DesktopHarness> {
  const url = desktopRendererUrl();
  const store = new SettingsStore(new MemoryStore());
  if (initial.serverUrl) store.setServerUrl(initial.serverUrl);
  for (const [key, value] of Object.entries(initial.stored ?? {})) store.setStored(key as StoredKey, value);
  const shell = new FakeShell();
  const log = new FakeLog();
  const ipc = new FakeIpcMain();
  const notifications = new FakeNotifications();
  const badge = new FakeBadgeApp();
  const downloads = createDownloads({ shell, log });
  const session = new FakeDownloadSession();
  downloads.watch(session, CHANNELS.downloadDone);
  const saved: (DownloadDone & { savePath: string })[] = [];
  // Chromium's download, once Playwright has written it, goes through will-download → done as in Electron.
  page.on('download', (download) => {
    void download.path().then((savePath) => {
      const item = new FakeDownloadItem(download.suggestedFilename(), download.url(), savePath);
      session.download(item, {
        isDestroyed: () => page.isClosed(),
        send: (_channel, done) => {
          saved.push({ ...(done as DownloadDone), savePath });
          void page.evaluate((value) => window.__mentoraDownloadDone?.(value), done as DownloadDone).catch(() => {});
        },
      });
      item.finish('completed');
    });
  });
  registerBridgeHandlers(
    ipc,
    {
      store,
      version: '0.0.0-e2e',
      openExternal: (target) => openExternalUrl(target, shell, log),
      validateServerUrl: (address) => validateServerUrl(address, fetch),
      attention: createAttention({ Notification: notifications.Class, app: badge, window: () => null, log }),
      downloads,
    },
    { appOrigins: [new URL(url).origin], log },
  );
  const calls: BridgeCall[] = [];
  await page.exposeBinding('__mentoraIpc', async (source, channel: string, ...args: unknown[]) => {
    calls.push({ channel, args });
    const frame = source.frame;
    return ipc.invoke(
      { url: frame.url(), parent: frame.parentFrame() ? { url: '', parent: null } : null },
      channel,
      ...args,
    );
  });
  // What the preload exposes (src/preload/index.ts), one IPC message a call, typed by the same contract.
  await page.addInitScript((channels: typeof CHANNELS) => {
    const ipc = (channel: string, ...args: unknown[]) => {
      if (!window.__mentoraIpc) throw new Error('no IPC binding');
      return window.__mentoraIpc(channel, ...args);
    };
    const listeners = new Set<() => void>();
    window.__mentoraMenu = () => {
      for (const listener of listeners) listener();
    };
    const downloadListeners = new Set<(done: DownloadDone) => void>();
    window.__mentoraDownloadDone = (done) => {
      for (const listener of downloadListeners) listener(done);
    };
    const bridge: DesktopBridge = {
      startup: () => ipc(channels.startup) as ReturnType<DesktopBridge['startup']>,
      setStored: (key, value) => ipc(channels.setStored, key, value) as Promise<void>,
      removeStored: (key) => ipc(channels.removeStored, key) as Promise<void>,
      openExternal: (target) => ipc(channels.openExternal, target) as Promise<boolean>,
      setServerUrl: (address) => ipc(channels.setServerUrl, address) as ReturnType<DesktopBridge['setServerUrl']>,
      notify: (title, body) => ipc(channels.notify, title, body) as Promise<void>,
      setBadgeCount: (count) => ipc(channels.setBadgeCount, count) as Promise<void>,
      onShowServerAddress: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onDownloadDone: (listener) => {
        downloadListeners.add(listener);
        return () => downloadListeners.delete(listener);
      },
      openDownload: (id) => ipc(channels.openDownload, id) as Promise<OpenDownloadResult>,
    };
    Object.defineProperty(window, 'mentora', { value: Object.freeze(bridge) });
  }, CHANNELS);
  return {
    url,
    store,
    shell,
    log,
    calls,
    notifications,
    badge,
    downloads: saved,
    open: async (path = '/') => {
      await page.goto(`${url}#${path}`);
    },
    showServerAddressFromMenu: () => page.evaluate(() => window.__mentoraMenu?.()),
  };
}
