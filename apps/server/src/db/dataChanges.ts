import type { ChangeSubscription } from './changeListener.js';
import { type ReadCache, WATCHED_TABLES, type WatchedTable } from './readCache.js';

// What the database announces on this channel (migration 0006_data_changes): the name of a table a
// statement changed, once per table and transaction, at commit.
export const DATA_CHANNEL = 'mentora_data';

const watched = new Set<string>(WATCHED_TABLES);

export function applyDataChange(cache: ReadCache, payload: string | undefined): void {
  if (payload && watched.has(payload)) cache.changed(payload as WatchedTable);
  // Anything else is not ours to read: forget everything rather than keep something stale.
  else cache.clear();
}

/** Keeps the read cache right while the channel is heard, and unused while it is not. */
export function dataChanges(cache: ReadCache): ChangeSubscription {
  return {
    channel: DATA_CHANNEL,
    onChange: (payload) => applyDataChange(cache, payload),
    setListening: (listening) => cache.setListening(listening),
  };
}
