import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import type { SessionCache } from './sessionCache.js';

// What the database announces on this channel (migration 0005_auth_changes): "user:<id>" when a user
// row is updated or deleted, "session:<id>" when a session ends. NOTIFY is sent at commit, to every
// process listening, whichever process or tool made the change.
export const AUTH_CHANNEL = 'mentora_auth';
/** The listening connection's application_name, to find it in pg_stat_activity. */
export const AUTH_LISTENER_NAME = 'mentora-auth-listener';

export function applyAuthChange(cache: SessionCache, payload: string | undefined): void {
  const [kind, id] = (payload ?? '').split(':');
  if (kind === 'user' && id) cache.forgetUser(id);
  else if (kind === 'session' && id) cache.forgetSession(id);
  // Anything else is not ours to read: forget everything rather than keep something stale.
  else cache.clear();
}

export interface AuthChangesOptions {
  databaseUrl?: string | undefined;
  logger: Logger;
  /** Waits between attempts to listen again after the connection dropped. */
  retryMs?: number;
}

/**
 * Keeps the session cache listening: on PGlite through its own listen(), on PostgreSQL on a connection
 * of its own, opened again after it drops (the cache stays unused until it is back). Resolves once
 * the first attempt is over, listening or not; the returned function stops listening.
 */
export async function listenForAuthChanges(
  database: Database,
  cache: SessionCache,
  options: AuthChangesOptions,
): Promise<() => Promise<void>> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(AUTH_CHANNEL, (payload) => applyAuthChange(cache, payload));
    cache.setListening(true);
    return async () => {
      cache.setListening(false);
      await unlisten();
    };
  }
  if (!options.databaseUrl) throw new Error('listening for auth changes needs the database URL');
  const databaseUrl = options.databaseUrl;
  const retryMs = options.retryMs ?? 1_000;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retry.unref();
  };

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5_000,
      application_name: AUTH_LISTENER_NAME,
    });
    // An error on this connection is followed by 'end'; without a listener it would end the process.
    candidate.on('error', () => {});
    candidate.on('notification', (message) => {
      if (message.channel === AUTH_CHANNEL) applyAuthChange(cache, message.payload);
    });
    candidate.on('end', () => {
      if (client !== candidate) return;
      client = undefined;
      cache.setListening(false);
      if (!stopped) {
        options.logger.warn('lost the database connection that hears session changes; sessions are read each time');
        scheduleRetry();
      }
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${AUTH_CHANNEL}`);
    } catch {
      await candidate.end().catch(() => {});
      scheduleRetry();
      return;
    }
    if (stopped) {
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    cache.setListening(true);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    cache.setListening(false);
    const open = client;
    client = undefined;
    await open?.end().catch(() => {});
  };
}
