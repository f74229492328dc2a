// Downloads the window saved, so the renderer can have one opened with the system's viewer (issue #26).
// The renderer only ever holds an id: the path stays here, and only a path this module recorded from a
// completed download is opened, so a compromised page cannot open arbitrary files by naming them.
import { randomUUID } from 'node:crypto';
import type { DownloadDone, OpenDownloadResult } from '../shared/bridge';

/** The part of Electron's DownloadItem used here. */
export interface DownloadItemLike {
  getFilename(): string;
  getURL(): string;
  getSavePath(): string;
  once(event: 'done', listener: (event: unknown, state: 'completed' | 'cancelled' | 'interrupted') => void): unknown;
}

/** The part of Electron's Session used here. */
export interface DownloadSessionLike {
  on(event: 'will-download', listener: (event: unknown, item: DownloadItemLike, contents: SenderLike) => void): unknown;
}

/** The part of a WebContents told about a finished download. */
export interface SenderLike {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

/** shell.openPath: resolves to an error message, '' when the file was opened. */
export interface OpenPathShell {
  openPath(path: string): Promise<string>;
}

/** How many finished downloads stay openable: the oldest are forgotten, so a long run cannot grow this. */
export const MAX_REMEMBERED_DOWNLOADS = 200;

export interface DownloadsOptions {
  shell: OpenPathShell;
  log: { warn(message: string): void };
  newId?: () => string;
}

export function createDownloads({ shell, log, newId = randomUUID }: DownloadsOptions) {
  const saved = new Map<string, string>();

  const track = (item: DownloadItemLike, notify: (done: DownloadDone) => void) => {
    item.once('done', (_event, state) => {
      // A cancelled or interrupted download left no file worth opening (or only part of one).
      if (state !== 'completed') return;
      const savePath = item.getSavePath();
      if (!savePath) return;
      const id = newId();
      saved.set(id, savePath);
      if (saved.size > MAX_REMEMBERED_DOWNLOADS) saved.delete(saved.keys().next().value as string);
      notify({ id, fileName: item.getFilename(), url: item.getURL() });
    });
  };

  return {
    track,
    /** Tracks every download of `session` and tells the page that started it when one is saved. */
    watch(session: DownloadSessionLike, channel: string): void {
      session.on('will-download', (_event, item, contents) => {
        track(item, (done) => {
          if (!contents.isDestroyed()) contents.send(channel, done);
        });
      });
    },
    /** Opens a recorded download; null when the id is not one this module gave out. */
    async open(id: string): Promise<OpenDownloadResult | null> {
      const savePath = saved.get(id);
      if (savePath === undefined) return null;
      const problem = await shell.openPath(savePath);
      if (problem) {
        log.warn(`Opening a download failed: ${problem}`);
        return { ok: false, message: problem };
      }
      return { ok: true };
    },
  };
}

export type Downloads = ReturnType<typeof createDownloads>;
