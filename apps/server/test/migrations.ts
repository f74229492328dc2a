import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { migrationsFolder } from '../src/db/migrate.js';

// Shared by the upgrade tests of each migration (src/db/*Migration.test.ts).

/** Each upgrade test runs every migration from an empty database, twice: slow on PGlite on a busy machine. */
export const MIGRATION_TEST_TIMEOUT = 120_000;

/** A copy of the migrations folder that ends just before `tag`: the release before that migration. */
export function folderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-migrations-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
