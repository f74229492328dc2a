import { closeSync, existsSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BackupError } from './errors.js';

export type BackupKind = 'pglite' | 'postgres';

/** `mentora-<kind>-2026-11-23T04-22-10Z.<ext>`: sorts by time, and says which database it restores into. */
export function defaultBackupName(kind: BackupKind, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `mentora-${kind}-${stamp}${kind === 'pglite' ? '.tar.gz' : '.sql'}`;
}

/** Which database a backup file is of, from its first bytes: PGlite's dump is a (gzipped) tar, pg_dump's SQL text. */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const head = Buffer.alloc(512);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (read >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  if (head.subarray(0, read).toString('utf8').includes('PostgreSQL database dump')) return 'postgres';
  throw new BackupError(`${file} is not a Mentora backup (neither an embedded database dump nor a pg_dump SQL file)`);
}

/**
 * Writes a backup through a temporary name and renames it when complete, so a failed or interrupted
 * backup never leaves a file that looks like a good one. An existing file is kept unless `force`.
 */
export async function writeAtomically(file: string, force: boolean, write: (partial: string) => Promise<void>) {
  if (existsSync(file) && !force) {
    throw new BackupError(`${file} already exists: choose another name, or pass --force to replace it`);
  }
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
  try {
    await write(partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}
