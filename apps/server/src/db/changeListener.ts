import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './client.js';

// Caches in this process (sessions, shared reads) may only answer while they hear of every change the
// database announces. One connection of its own listens on every channel; while it is down, each cache
// is told so (it empties and stays unused) and the connection is opened again.

/** The listening connection's application_name, to find it in pg_stat_activity. */
export const CHANGE_LISTENER_NAME = 'mentora-change-listener';

/** One channel and the cache it keeps right (several may share a channel). */
export interface ChangeSubscription {
  channel: string;
  onChange(payload: string | undefined): void;
  /** Told true once the channel is heard, false when it no longer is (and at stop). */
  setListening(listening: boolean): void;
}

export interface ChangeListenerOptions {
  databaseUrl?: string | undefined;
  logger: Logger;
  /** Waits between attempts to listen again after the connection dropped. */
  retryMs?: number;
}

/**
 * Keeps the subscriptions listening: on PGlite through its own listen(), on PostgreSQL on a connection
 * of its own, opened again after it drops. Resolves once the first attempt is over, listening or not;
 * the returned function stops listening.
 */
export async function listenForChanges(
  database: Database,
  subscriptions: readonly ChangeSubscription[],
  options: ChangeListenerOptions,
): Promise<() => Promise<void>> {
  const setListening = (listening: boolean) => {
    for (const subscription of subscriptions) subscription.setListening(listening);
  };
  if (database.pglite) {
    const pglite = database.pglite;
    const unlisten = await Promise.all(subscriptions.map((s) => pglite.listen(s.channel, (p) => s.onChange(p))));
    setListening(true);
    return async () => {
      setListening(false);
      for (const stop of unlisten) await stop();
    };
  }
  if (!options.databaseUrl) throw new Error('listening for changes needs the database URL');
  const databaseUrl = options.databaseUrl;
  const retryMs = options.retryMs ?? 1_000;
  const byChannel = new Map<string, ChangeSubscription[]>();
  for (const s of subscriptions) byChannel.set(s.channel, [...(byChannel.get(s.channel) ?? []), s]);
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
      application_name: CHANGE_LISTENER_NAME,
    });
    // An error on this connection is followed by 'end'; without a listener it would end the process.
    candidate.on('error', () => {});
    candidate.on('notification', (message) => {
      for (const s of byChannel.get(message.channel) ?? []) s.onChange(message.payload);
    });
    candidate.on('end', () => {
      if (client !== candidate) return;
      client = undefined;
      setListening(false);
      if (!stopped) {
        options.logger.warn('lost the database connection that hears changes; sessions and pages are read each time');
        scheduleRetry();
      }
    });
    try {
      await candidate.connect();
      for (const channel of byChannel.keys()) await candidate.query(`LISTEN ${channel}`);
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
    setListening(true);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    setListening(false);
    const open = client;
    client = undefined;
    await open?.end().catch(() => {});
  };
}
