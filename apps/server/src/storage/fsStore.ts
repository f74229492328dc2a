import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, checkRange } from './keys.js';
import type { ByteRange, FileStore } from './store.js';

// Files under one folder (DATA_DIR/files), a key's segments as subfolders. Each write goes to a
// temporary file beside its target and is renamed into place once complete, so a reader sees the old
// file or the new one, never half of one, and a crash or a failed upload leaves no file under the key.

/** The name of a temporary file `put` writes before renaming it into place. */
const PARTIAL = /^\..*\.partial$/;

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

export class FsStore implements FileStore {
  readonly kind = 'fs' as const;

  constructor(readonly rootDir: string) {}

  private pathOf(key: string): string {
    return path.join(this.rootDir, ...checkKey(key).split('/'));
  }

  async put(key: string, body: Readable, _contentType: string): Promise<void> {
    let file: string;
    try {
      file = this.pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
    } catch (error) {
      // Whoever handed us the body (a request) must not wait for a reader that never comes.
      body.destroy();
      throw error;
    }
    // A leading dot cannot begin a key segment, so a temporary name never collides with a key.
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.partial`);
    try {
      // flush: the bytes reach the disk before the rename makes them the file, or a power cut could
      // leave an empty file under the key.
      await pipeline(body, createWriteStream(temp, { flags: 'wx', flush: true }));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.pathOf(key);
    if (range) checkRange(range);
    // Opened here rather than by the stream, so a missing file is null now instead of an error event later.
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const stat = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stat.isFile()) {
      // A folder of longer keys ("materials" when "materials/<id>" exists) is not a file.
      await handle.close();
      return null;
    }
    return createReadStream(file, { fd: handle, ...(range ? { start: range.start, end: range.end } : {}) });
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /**
   * A process killed during `put` leaves its temporary file (often empty: the bytes had not come yet),
   * which no key names and nothing else would ever remove. STORAGE=fs belongs to one process, so at its
   * start every one of them is such a leftover.
   */
  async removeLeftovers(): Promise<number> {
    let entries: Dirent[];
    try {
      entries = await readdir(this.rootDir, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    const leftovers = entries.filter((entry) => entry.isFile() && PARTIAL.test(entry.name));
    for (const entry of leftovers) await rm(path.join(entry.parentPath, entry.name), { force: true });
    return leftovers.length;
  }

  async close(): Promise<void> {}
}
