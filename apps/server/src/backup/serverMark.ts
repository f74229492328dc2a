import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The embedded database has one writer: backup and restore must not open it while a server does.
// A server on PGlite leaves its process id in DATA_DIR/server.pid while it runs; the commands check
// that this process is still alive (a file left by a crash names a process that is gone).

const markFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Marks DATA_DIR as in use by this process until it exits. */
export function markServerRunning(dataDir: string): void {
  const file = markFile(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  process.on('exit', () => {
    // Only our own mark: another process may have taken the folder over since.
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  });
}

/** The id of a live process (other than this one) that runs a server on DATA_DIR, if any. */
export function runningServerPid(dataDir: string): number | undefined {
  const file = markFile(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
