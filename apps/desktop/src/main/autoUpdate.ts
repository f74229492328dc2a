// Auto-update with electron-updater, on only in a packaged app that was built with an update URL:
// electron-builder writes resources/app-update.yml (the generic server's URL) only when
// MENTORA_UPDATE_URL was set at package time (scripts/builderConfig.mjs). In development, in tests
// (which run the unpackaged app) and in a build without that URL it never loads the updater at all.

/** The part of electron-updater's autoUpdater used here. */
export interface Updater {
  checkForUpdatesAndNotify(): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface AutoUpdateOptions {
  /** app.isPackaged: false under electron-vite dev and in the test launches. */
  isPackaged: boolean;
  /** Whether resources/app-update.yml exists. */
  hasUpdateConfig: () => boolean;
  /** Loads electron-updater (only when it will be used). */
  loadUpdater: () => Promise<Updater>;
  log: { warn(message: string): void };
  /** Checks again this often while the app runs. */
  intervalMs?: number;
  setInterval?: (callback: () => void, ms: number) => { unref?(): unknown };
}

export type AutoUpdateState = 'off: not packaged' | 'off: no update URL' | 'on';

export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

export async function startAutoUpdate(options: AutoUpdateOptions): Promise<AutoUpdateState> {
  if (!options.isPackaged) return 'off: not packaged';
  if (!options.hasUpdateConfig()) return 'off: no update URL';
  const updater = await options.loadUpdater();
  // Without a listener an 'error' event (no network, server down) would be thrown in the main process.
  updater.on('error', (error) => options.log.warn(`Update check failed: ${error.message}`));
  const check = () => {
    updater.checkForUpdatesAndNotify().catch((error: unknown) => {
      options.log.warn(`Update check failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
  check();
  const every = options.setInterval ?? setInterval;
  every(check, options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS).unref?.();
  return 'on';
}
