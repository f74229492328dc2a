import {
  CHANNELS,
  type DesktopStartup,
  type OpenDownloadResult,
  parseBadgeCount,
  parseDownloadId,
  parseNotification,
  parseStoredEntry,
  parseStoredKey,
  type ServerUrlResult,
} from '../shared/bridge';
import { isAppUrl } from './appOrigin';
import type { SettingsStore } from './settingsStore';

// The main-process side of the bridge (src/shared/bridge.ts). Each handler first checks who is asking
// (the app's own top-level page, not an iframe or another origin), then checks its arguments.

/** The part of an IpcMainInvokeEvent the sender check reads. */
export interface IpcSenderEvent {
  senderFrame: { url: string; parent: unknown } | null;
}

/** The part of ipcMain used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEvent, ...args: unknown[]) => unknown): void;
}

export interface BridgeServices {
  store: SettingsStore;
  version: string;
  /** openExternalUrl bound to shell.openExternal: it parses and refuses non-http(s) URLs itself. */
  openExternal(url: unknown): Promise<boolean>;
  /** normalizeServerUrl + the /api/health check. */
  validateServerUrl(url: unknown): Promise<ServerUrlResult>;
  /** The OS notification and the app badge (attention.ts); their arguments are checked here first. */
  attention: { notify(title: string, body: string): void; setBadgeCount(count: number): void };
  /** The window's finished downloads (downloads.ts): null for an id it never gave out. */
  downloads: { open(id: string): Promise<OpenDownloadResult | null> };
}

export interface BridgeHandlerOptions {
  appOrigins: readonly string[];
  log: { warn(message: string): void };
}

export class IpcRefusedError extends Error {
  override name = 'IpcRefusedError';
}

/** The app's own page in the window's top frame; nothing else may use the bridge. */
export function isTrustedSender(event: IpcSenderEvent, appOrigins: readonly string[]): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && isAppUrl(frame.url, appOrigins);
}

export function registerBridgeHandlers(
  ipcMain: IpcMainLike,
  services: BridgeServices,
  { appOrigins, log }: BridgeHandlerOptions,
): void {
  const handle = (channel: string, handler: (...args: unknown[]) => unknown) => {
    ipcMain.handle(channel, (event, ...args) => {
      if (!isTrustedSender(event, appOrigins)) {
        log.warn(`Refused ${channel} from ${JSON.stringify(event.senderFrame?.url ?? 'an unknown frame')}`);
        throw new IpcRefusedError(`${channel}: untrusted sender`);
      }
      return handler(...args);
    });
  };
  const invalid = (channel: string) => {
    log.warn(`Refused ${channel}: invalid arguments`);
    return new IpcRefusedError(`${channel}: invalid arguments`);
  };

  handle(
    CHANNELS.startup,
    (): DesktopStartup => ({
      serverUrl: services.store.serverUrl(),
      stored: services.store.stored(),
      version: services.version,
    }),
  );

  handle(CHANNELS.setStored, (key, value) => {
    const entry = parseStoredEntry(key, value);
    if (!entry) throw invalid(CHANNELS.setStored);
    services.store.setStored(entry.key, entry.value);
  });

  handle(CHANNELS.removeStored, (key) => {
    const parsed = parseStoredKey(key);
    if (!parsed) throw invalid(CHANNELS.removeStored);
    services.store.removeStored(parsed);
  });

  handle(CHANNELS.openExternal, (url) => services.openExternal(url));

  handle(CHANNELS.notify, (title, body) => {
    const notification = parseNotification(title, body);
    if (!notification) throw invalid(CHANNELS.notify);
    services.attention.notify(notification.title, notification.body);
  });

  handle(CHANNELS.setBadgeCount, (count) => {
    const parsed = parseBadgeCount(count);
    if (parsed === null) throw invalid(CHANNELS.setBadgeCount);
    services.attention.setBadgeCount(parsed);
  });

  handle(CHANNELS.openDownload, async (id): Promise<OpenDownloadResult> => {
    const parsed = parseDownloadId(id);
    const result = parsed === null ? null : await services.downloads.open(parsed);
    // Only the ids handed out on CHANNELS.downloadDone: never a path, nor a guess at another id.
    if (result === null) throw invalid(CHANNELS.openDownload);
    return result;
  });

  handle(CHANNELS.setServerUrl, async (url): Promise<ServerUrlResult> => {
    const result = await services.validateServerUrl(url);
    if (result.ok) services.store.setServerUrl(result.serverUrl);
    return result;
  });
}
