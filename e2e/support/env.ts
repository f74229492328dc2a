// What the global setup and the journeys share: where things are, and the administrator it creates.
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The built server; E2E_SERVER_MAIN points at another build (e.g. one per helper sharing a worktree). */
export const SERVER_MAIN = process.env.E2E_SERVER_MAIN
  ? path.resolve(process.env.E2E_SERVER_MAIN)
  : path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
/** The built web app; E2E_WEB_DIST_DIR points at another build (e.g. one per parallel worktree). */
export const WEB_DIST = process.env.E2E_WEB_DIST_DIR
  ? path.resolve(process.env.E2E_WEB_DIST_DIR)
  : path.join(REPO_ROOT, 'apps', 'web', 'dist');
export const WEB_INDEX = path.join(WEB_DIST, 'index.html');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const ADMIN = { email: 'admin@e2e.mentora.test', password: 'e2e-admin-password', name: 'E2E Admin' } as const;

/** Set by the global setup once the server answers; read by the config in every worker. */
export const BASE_URL_VARIABLE = 'E2E_BASE_URL';
/** Set by the global setup: the file where the server's logged mail lands (see support/mail.ts). */
export const MAILBOX_VARIABLE = 'E2E_MAILBOX_FILE';
