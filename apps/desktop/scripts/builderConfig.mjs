// What the dist scripts (scripts/dist.mjs) hand electron-builder: electron-builder.yml at the repository
// root, with auto-update on or off by one variable. The yml's `publish` is a generic server at
// ${env.MENTORA_UPDATE_URL}; electron-builder then writes app-update.yml into the app (its updater reads
// it) and latest*.yml beside the installers (upload all of dist/ to that URL). When the variable is unset
// electron-builder would stop on the missing variable, so publish is switched off instead: no
// app-update.yml, and the packaged app never looks for updates (src/main/autoUpdate.ts).
import path from 'node:path';

export const UPDATE_URL_VARIABLE = 'MENTORA_UPDATE_URL';
export const CONFIG_PATH = path.resolve(import.meta.dirname, '../../../electron-builder.yml');
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The update URL from `env`, or null when unset or blank. It must be https (http only on this computer,
 * to try an update server locally): the updater downloads and runs what this URL serves.
 * @param {Record<string, string | undefined>} env
 * @returns {string | null}
 */
export function updateUrlFrom(env) {
  const raw = env[UPDATE_URL_VARIABLE]?.trim();
  if (!raw) return null;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${UPDATE_URL_VARIABLE} is not a URL: ${raw}`);
  }
  const local = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    throw new Error(`${UPDATE_URL_VARIABLE} must be an https:// URL (http:// only for localhost): ${raw}`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error(`${UPDATE_URL_VARIABLE} must be a plain folder URL, without credentials, query or fragment`);
  }
  return raw;
}

/**
 * electron-builder's `config` option: the yml, and publish off when there is no update URL.
 * @param {Record<string, string | undefined>} env
 * @returns {{ extends: string, publish?: null }}
 */
export function builderConfig(env) {
  return updateUrlFrom(env) ? { extends: CONFIG_PATH } : { extends: CONFIG_PATH, publish: null };
}
