import { existsSync, rmSync } from 'node:fs';
import type { Config, StorageConfig } from '../config.js';
import { describeCounts } from './contents.js';
import { BackupError } from './errors.js';
import { backupKindOf } from './files.js';
import { backupPglite, restorePglite } from './pglite.js';
import { backupPostgres, restorePostgres } from './postgres.js';
import {
  backupStoredFiles,
  describeFiles,
  filesArchiveOf,
  isFilesArchive,
  type StagedFiles,
  stageStoredFiles,
} from './storedFiles.js';

// `pnpm backup` and `pnpm restore` as functions of a configuration, returning the lines they print,
// so the tests run what the commands run: the database (PostgreSQL or the embedded one) and, with
// STORAGE=fs, the uploaded files beside it.

/** A bucket is not ours to copy (it may be huge, and the provider does it better): say how. */
function bucketNote(storage: Extract<StorageConfig, { kind: 's3' }>): string {
  const endpoint = storage.endpoint ? ` --endpoint-url ${storage.endpoint}` : '';
  return `Uploaded files are in the S3 bucket ${storage.bucket}, which this backup does not include: copy it with your provider's tools (e.g. aws s3 sync s3://${storage.bucket} <folder>${endpoint}) or turn on its versioning`;
}

export async function backupAll(config: Config, file: string, force = false): Promise<string[]> {
  const storage = config.storage;
  const archive = storage.kind === 'fs' ? filesArchiveOf(file) : undefined;
  // Checked before the database is dumped, which can take a while.
  if (archive && existsSync(archive) && !force) {
    throw new BackupError(`${archive} already exists: choose another name, or pass --force to replace it`);
  }
  // The database first: on a live PostgreSQL set-up, files uploaded meanwhile are then extra files no
  // row names, rather than rows naming files the backup lacks.
  const result = config.databaseUrl
    ? await backupPostgres(config.databaseUrl, file, force)
    : await backupPglite(config.dataDir, file, force);
  const source = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  const lines = [`Backed up ${source} to ${result.file}`, `(${describeCounts(result.counts)})`];
  if (storage.kind === 's3' || !archive) {
    if (storage.kind === 's3') lines.push(bucketNote(storage));
    return lines;
  }
  try {
    const count = await backupStoredFiles(storage.dir, archive, force);
    lines.push(`Backed up the uploaded files in ${storage.dir} to ${archive}`, `(${describeFiles(count)})`);
  } catch (error) {
    // A database backup without its files would look whole and restore broken links.
    rmSync(file, { force: true });
    throw error;
  }
  return lines;
}

export async function restoreAll(config: Config, file: string, force = false): Promise<string[]> {
  if (isFilesArchive(file)) {
    throw new BackupError(
      `${file} holds the uploaded files of a backup: restore the database backup beside it, and they come along`,
    );
  }
  const kind = backupKindOf(file);
  if (kind === 'postgres' && !config.databaseUrl) {
    throw new BackupError(`${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into`);
  }
  if (kind === 'pglite' && config.databaseUrl) {
    throw new BackupError(
      `${file} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR`,
    );
  }
  const storage = config.storage;
  const archive = filesArchiveOf(file);
  const hasArchive = archive !== file && existsSync(archive);
  // Unpacked before the database is touched: a damaged archive stops the restore while nothing changed.
  const staged: StagedFiles | undefined =
    hasArchive && storage.kind === 'fs' ? await stageStoredFiles(storage.dir, archive) : undefined;

  const lines: string[] = [];
  try {
    if (config.databaseUrl) {
      const result = await restorePostgres(config.databaseUrl, file, force);
      lines.push(`Restored ${file} into PostgreSQL (DATABASE_URL)`, `(${describeCounts(result.counts)})`);
    } else {
      const result = await restorePglite(config.dataDir, file, force);
      lines.push(
        `Restored ${file} into the embedded database in ${config.dataDir}`,
        `(${describeCounts(result.counts)})`,
      );
      if (result.keptAs) {
        lines.push(`The database it replaced is kept in ${result.keptAs}: delete it when you no longer need it`);
      }
    }
  } catch (error) {
    staged?.discard();
    throw error;
  }

  if (staged && storage.kind === 'fs') {
    const { keptAs } = staged.commit();
    lines.push(`Restored the uploaded files from ${archive} into ${storage.dir}`, `(${describeFiles(staged)})`);
    if (keptAs) lines.push(`The files they replaced are kept in ${keptAs}: delete them when you no longer need them`);
  } else if (storage.kind === 's3') {
    lines.push(
      hasArchive
        ? `${archive} holds uploaded files, but STORAGE=s3: they were not restored (unpack it and copy them into the bucket, e.g. aws s3 sync <folder> s3://${storage.bucket})`
        : `Uploaded files are in the S3 bucket ${storage.bucket}, which a restore does not touch: restore it with your provider's tools if needed`,
    );
  } else {
    lines.push(
      `There is no files archive beside the backup (${archive}): the files in ${storage.dir} were left as they are`,
    );
  }
  return lines;
}
