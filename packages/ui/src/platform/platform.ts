// The Platform seam of DESIGN.md: the only place web and desktop differ. packages/ui never touches
// window.localStorage, window.open or Electron itself; each shell hands the App one of these.
import type { LiveTransport } from '../live/transport';

export interface PlatformStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface Platform {
  kind: 'web' | 'desktop';
  apiBaseUrl: string;
  storage: PlatformStorage;
  openExternal(url: string): void;
  /**
   * For a URL the app learns only after a click (the live room, from the API): called in the click itself,
   * so the web can open a blank tab while the browser still counts the click (Safari's and Firefox's popup
   * blockers refuse a window.open made after an await), and point it at the URL once it is known.
   */
  openExternalLater(): PendingExternal;
  /** How live updates are read; the web's EventSource (session cookie) when absent. */
  liveTransport?: LiveTransport;
  /** The desktop app's server address, which Settings lets the person change. Absent on the web. */
  serverAddress?: ServerAddressSetting;
  /**
   * The desktop app's ways to ask for attention: an OS notification and the app badge (the admins' review
   * queue, issue #24). Absent on the web, where the tab has neither: nothing is shown there.
   */
  attention?: PlatformAttention;
  /**
   * The desktop app's saved downloads, which it can open with the system's viewer (issue #26). Absent on
   * the web, where the browser's own download list does that.
   */
  downloads?: PlatformDownloads;
}

/** A download the shell saw saved; `url` is the one the page downloaded (the blob: URL it made). */
export interface SavedDownload {
  id: string;
  fileName: string;
  url: string;
}

export interface PlatformDownloads {
  /** Calls `listener` for each download saved from now on; returns the unsubscribe. */
  onSaved(listener: (download: SavedDownload) => void): () => void;
  /** Opens a saved download with the system's viewer; rejects with the system's reason when it cannot. */
  open(id: string): Promise<void>;
}

export interface PlatformAttention {
  notify(title: string, body: string): void;
  /** 0 clears the badge. */
  setBadgeCount(count: number): void;
}

/** A tab (or, on the desktop, nothing yet) waiting for its URL: `go` once it is known, or `cancel`. */
export interface PendingExternal {
  go(url: string): void;
  cancel(): void;
}

/** A server address change: accepted (the shell then restarts the UI against it) or why not. */
export type ServerAddressChange = { ok: true } | { ok: false; message: string };

export interface ServerAddressSetting {
  current: string;
  /** Checks the address (GET /api/health) and saves it only when that succeeds. */
  change(url: string): Promise<ServerAddressChange>;
}
