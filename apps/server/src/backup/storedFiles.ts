import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, type Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { BackupError } from './errors.js';
import { writeAtomically } from './files.js';

// The fs file store (DATA_DIR/files) is backed up as a gzipped tar beside the database's backup:
// `mentora-pglite-<time>.tar.gz` goes with `mentora-pglite-<time>.files.tar.gz`. A second file, not one
// bundle, so that a database backup stays what it was (pg_dump's SQL, PGlite's dump) and restores of
// older backups work as before. Files are keyed by ids the database holds, so the two belong together.

const FILES_SUFFIX = '.files.tar.gz';

/** The files archive that goes with a database backup file. */
export function filesArchiveOf(backupFile: string): string {
  const base = backupFile.replace(/(\.tar\.gz|\.tgz|\.sql)$/, '');
  return `${base}${FILES_SUFFIX}`;
}

export const isFilesArchive = (file: string) => file.endsWith(FILES_SUFFIX);

export interface FilesCount {
  files: number;
  bytes: number;
}

/** "12 files, 3.4 MB". */
export function describeFiles({ files, bytes }: FilesCount): string {
  const size = bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${files} file${files === 1 ? '' : 's'}, ${size}`;
}

/**
 * Packs every file under `filesDir` into `archive` (an empty archive when there is no folder yet, so
 * a restore knows the store was empty). Names beginning with a dot are uploads still being written
 * (fsStore's temporary files) and are left out.
 */
export async function backupStoredFiles(filesDir: string, archive: string, force = false): Promise<FilesCount> {
  const count: FilesCount = { files: 0, bytes: 0 };
  const empty = existsSync(filesDir) ? undefined : mkdtempSync(path.join(os.tmpdir(), 'mentora-no-files-'));
  try {
    await writeAtomically(archive, force, (partial) =>
      tar.create(
        {
          gzip: true,
          file: partial,
          cwd: empty ?? filesDir,
          portable: true,
          filter: (entryPath: string, stat: Stats | tar.ReadEntry) => {
            if (path.basename(entryPath).startsWith('.') && entryPath !== '.') return false;
            const s = stat as Stats;
            if (s.isFile()) {
              count.files += 1;
              count.bytes += s.size;
              return true;
            }
            return s.isDirectory();
          },
        },
        ['.'],
      ),
    );
  } finally {
    if (empty) rmSync(empty, { recursive: true, force: true });
  }
  return count;
}

export interface StagedFiles extends FilesCount {
  /** Puts the unpacked files in place of `filesDir`; what was there is kept aside (returned) when it held files. */
  commit(): { keptAs: string | undefined };
  /** Removes the unpacked files (the restore of the database failed). */
  discard(): void;
}

const holdsFiles = (dir: string) =>
  existsSync(dir) && readdirSync(dir, { recursive: true, withFileTypes: true }).some((entry) => entry.isFile());

/**
 * Unpacks `archive` beside `filesDir` without touching it, so a damaged archive is found before the
 * database is replaced, and the swap afterwards is two renames. Only plain files and folders are
 * taken, and tar itself refuses absolute paths and `..`: an archive cannot write outside.
 */
export async function stageStoredFiles(filesDir: string, archive: string): Promise<StagedFiles> {
  mkdirSync(path.dirname(filesDir), { recursive: true });
  const staging = mkdtempSync(`${filesDir}.restoring-`);
  const count: FilesCount = { files: 0, bytes: 0 };
  try {
    await tar.extract({
      file: archive,
      cwd: staging,
      strict: true,
      filter: (_entryPath: string, entry: Stats | tar.ReadEntry) => {
        const e = entry as tar.ReadEntry;
        if (e.type === 'File') {
          count.files += 1;
          count.bytes += e.size;
          return true;
        }
        return e.type === 'Directory';
      },
    });
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new BackupError(`${archive} cannot be unpacked: ${(error as Error).message}`);
  }
  return {
    ...count,
    commit: () => {
      let keptAs: string | undefined;
      if (holdsFiles(filesDir)) {
        keptAs = `${filesDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(filesDir, keptAs);
      } else {
        rmSync(filesDir, { recursive: true, force: true });
      }
      renameSync(staging, filesDir);
      return { keptAs };
    },
    discard: () => rmSync(staging, { recursive: true, force: true }),
  };
}
