// The one contract between the renderer and the main process. The preload implements DesktopBridge over
// IPC (typed `satisfies DesktopBridge`), the renderer uses it through window.mentora, and the main process
// handles the channels below: a change to one side that the others do not follow fails typecheck.

/** What the first run offers: a server on this computer, as `pnpm start` runs it. */
export const DEFAULT_SERVER_URL = 'http://localhost:3000';

/** The name under which the preload exposes the bridge: window.mentora. */
export const BRIDGE_GLOBAL = 'mentora';

/** IPC channels, one per bridge call. */
export const CHANNELS = {
  startup: 'mentora:startup',
  setStored: 'mentora:stored:set',
  removeStored: 'mentora:stored:remove',
  openExternal: 'mentora:open-external',
  setServerUrl: 'mentora:server-url:set',
  /** An OS notification (the review queue grew, issue #24). */
  notify: 'mentora:attention:notify',
  /** The app's badge: the review queue's open count, 0 clears it. */
  setBadgeCount: 'mentora:attention:badge',
  /** Main to renderer: the app menu's "Server address…" was chosen. */
  showServerAddress: 'mentora:server-address:show',
  /** Main to renderer: a download finished and was saved (DownloadDone). */
  downloadDone: 'mentora:download:done',
  /** Opens a finished download, by the id the main process gave it, with the system's viewer. */
  openDownload: 'mentora:download:open',
} as const;

/**
 * What the renderer may keep in electron-store: the UI's STORAGE_KEYS (packages/contract), and nothing
 * else. The renderer keeps any other key in memory only.
 */
export const STORED_KEYS = ['token', 'theme'] as const;
export type StoredKey = (typeof STORED_KEYS)[number];

/** Read once before the UI mounts; the renderer then keeps a synchronous mirror of `stored`. */
export interface DesktopStartup {
  /** The checked server address (`http(s)://host[:port][/path]`, no trailing slash), null before the first run. */
  serverUrl: string | null;
  stored: Partial<Record<StoredKey, string>>;
  version: string;
}

export type ServerUrlResult = { ok: true; serverUrl: string } | { ok: false; message: string };

/**
 * A download the main process saw finish. `url` is the one the page downloaded (the blob: URL it made),
 * so the page can tell which of its downloads this is; the save path stays in the main process.
 */
export interface DownloadDone {
  id: string;
  fileName: string;
  url: string;
}

/** Opening a download: done, or the system's reason why not. */
export type OpenDownloadResult = { ok: true } | { ok: false; message: string };

export interface DesktopBridge {
  startup(): Promise<DesktopStartup>;
  setStored(key: StoredKey, value: string): Promise<void>;
  removeStored(key: StoredKey): Promise<void>;
  /** Opens an http(s) URL in the system browser; false when it was refused (any other scheme) or failed. */
  openExternal(url: string): Promise<boolean>;
  /** Checks GET {url}/api/health and saves the address only when that answers 200 from a Mentora server. */
  setServerUrl(url: string): Promise<ServerUrlResult>;
  /** Shows an OS notification (plain text: the main process shows nothing else); clicking it brings the window up. */
  notify(title: string, body: string): Promise<void>;
  /** Sets the app's badge count (dock, taskbar, launcher); 0 clears it. */
  setBadgeCount(count: number): Promise<void>;
  /** Calls `listener` when the app menu asks for the server address screen; returns the unsubscribe. */
  onShowServerAddress(listener: () => void): () => void;
  /** Calls `listener` for each download the window finished saving; returns the unsubscribe. */
  onDownloadDone(listener: (done: DownloadDone) => void): () => void;
  /** Opens a finished download with the system's viewer; only ids from onDownloadDone are accepted. */
  openDownload(id: string): Promise<OpenDownloadResult>;
}

/** Longest token the store accepts (a JWT is a few hundred characters). */
export const MAX_TOKEN_LENGTH = 4096;

function isStoredKey(value: unknown): value is StoredKey {
  return typeof value === 'string' && (STORED_KEYS as readonly string[]).includes(value);
}

/** The value rule of each stored key, shared by the IPC handlers and the store's reads. */
export function isValidStoredValue(key: StoredKey, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (key === 'theme') return value === 'light' || value === 'dark';
  // A JWT: printable ASCII without spaces, so nothing odd can reach a header or the store file.
  return value.length > 0 && value.length <= MAX_TOKEN_LENGTH && /^[\x21-\x7e]+$/.test(value);
}

/** The arguments of setStored, checked: a known key and a value its rule accepts. */
export function parseStoredEntry(key: unknown, value: unknown): { key: StoredKey; value: string } | null {
  if (!isStoredKey(key) || !isValidStoredValue(key, value)) return null;
  return { key, value };
}

export function parseStoredKey(key: unknown): StoredKey | null {
  return isStoredKey(key) ? key : null;
}

/** Longest notification title and body the main process shows (longer ones are refused, not cut). */
export const MAX_NOTIFICATION_TITLE = 200;
export const MAX_NOTIFICATION_BODY = 1000;
/** The largest badge count shown; the queue's open count is far below it. */
export const MAX_BADGE_COUNT = 99_999;

/** The arguments of notify, checked: two strings of bounded length, the title not blank. */
export function parseNotification(title: unknown, body: unknown): { title: string; body: string } | null {
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  if (title.trim() === '' || title.length > MAX_NOTIFICATION_TITLE || body.length > MAX_NOTIFICATION_BODY) return null;
  return { title, body };
}

/** The argument of setBadgeCount, checked: a whole number from 0 to MAX_BADGE_COUNT. */
export function parseBadgeCount(count: unknown): number | null {
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= MAX_BADGE_COUNT ? count : null;
}

/** A download id as the main process makes them (crypto.randomUUID), or null. */
export function parseDownloadId(id: unknown): string | null {
  return typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)
    ? id
    : null;
}

/** What the main process sent on CHANNELS.downloadDone, checked before it reaches the page. */
export function parseDownloadDone(value: unknown): DownloadDone | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, fileName, url } = value as Record<string, unknown>;
  if (parseDownloadId(id) === null || typeof fileName !== 'string' || typeof url !== 'string') return null;
  return { id: id as string, fileName, url };
}
