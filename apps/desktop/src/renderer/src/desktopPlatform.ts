import type { Platform, PlatformStorage, ServerAddressChange } from '@mentora/ui';
import { createFetchTransport } from '@mentora/ui/shell';
import { type DesktopBridge, parseStoredEntry, parseStoredKey, type StoredKey } from '../../shared/bridge';
import { parseExternalUrl } from '../../shared/externalUrl';

// The desktop Platform (DESIGN.md "Platform seam"). The UI reads storage synchronously, the bridge is
// asynchronous IPC: the stored values are read once before the UI mounts (DesktopStartup.stored), then
// this mirror answers reads at once and writes through to electron-store in the background. Only the
// renderer writes these keys, so the mirror cannot go stale.

type Log = Pick<Console, 'warn' | 'error'>;

export class StorageMirror implements PlatformStorage {
  private readonly values = new Map<string, string>();

  constructor(
    private readonly bridge: DesktopBridge,
    initial: Partial<Record<StoredKey, string>>,
    private readonly log: Log = console,
  ) {
    for (const [key, value] of Object.entries(initial)) if (typeof value === 'string') this.values.set(key, value);
  }

  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  set(key: string, value: string): void {
    this.values.set(key, value);
    const entry = parseStoredEntry(key, value);
    // Other keys (none today) live for this run only: the bridge keeps just the token and the theme.
    if (!entry) {
      if (parseStoredKey(key)) this.log.warn(`Not saving an invalid ${key}`);
      return;
    }
    this.bridge
      .setStored(entry.key, entry.value)
      .catch((error: unknown) => this.log.error(`Saving ${key} failed`, error));
  }

  remove(key: string): void {
    this.values.delete(key);
    const stored = parseStoredKey(key);
    if (stored) {
      this.bridge.removeStored(stored).catch((error: unknown) => this.log.error(`Removing ${key} failed`, error));
    }
  }

  /** Forgets a value here only: the main process already removed it (the token, when the server changes). */
  forget(key: StoredKey): void {
    this.values.delete(key);
  }
}

export interface DesktopPlatformOptions {
  bridge: DesktopBridge;
  serverUrl: string;
  storage: StorageMirror;
  changeServer(url: string): Promise<ServerAddressChange>;
  log?: Log;
}

export function createDesktopPlatform({
  bridge,
  serverUrl,
  storage,
  changeServer,
  log = console,
}: DesktopPlatformOptions): Platform {
  const platform: Platform = {
    kind: 'desktop',
    apiBaseUrl: `${serverUrl}/api`,
    storage,
    openExternal(url) {
      // The main process refuses anything but http(s) too; asking it for a javascript: or file: URL
      // would only mean this page had been given one.
      if (!parseExternalUrl(url)) {
        log.warn(`Refused to open a non-http(s) URL: ${JSON.stringify(String(url).slice(0, 200))}`);
        return;
      }
      bridge
        .openExternal(url)
        .then((opened) => {
          if (!opened) log.warn(`The system browser did not open ${url}`);
        })
        .catch((error: unknown) => log.error('Opening a link failed', error));
    },
    // shell.openExternal knows no popup blocker: nothing has to open in the click, the URL goes out when known.
    openExternalLater: () => ({ go: (url) => platform.openExternal(url), cancel: () => {} }),
    // No cookie crosses from app://mentora to the server: live updates are read with the bearer token.
    liveTransport: createFetchTransport({ getToken: () => storage.get('token') }),
    serverAddress: { current: serverUrl, change: changeServer },
    // The review queue's notification and badge (issue #24); a failure is logged, the page goes on.
    attention: {
      notify(title, body) {
        bridge.notify(title, body).catch((error: unknown) => log.error('Showing a notification failed', error));
      },
      setBadgeCount(count) {
        bridge.setBadgeCount(count).catch((error: unknown) => log.error('Setting the badge failed', error));
      },
    },
    downloads: {
      onSaved: (listener) => bridge.onDownloadDone(listener),
      async open(id) {
        const result = await bridge.openDownload(id);
        if (!result.ok) throw new Error(result.message);
      },
    },
  };
  return platform;
}
