import type { ChangeSubscription } from '../db/changeListener.js';
import type { SessionCache } from './sessionCache.js';

// What the database announces on this channel (migration 0005_auth_changes): "user:<id>" when a user
// row is updated or deleted, "session:<id>" when a session ends. NOTIFY is sent at commit, to every
// process listening (db/changeListener.ts), whichever process or tool made the change.
export const AUTH_CHANNEL = 'mentora_auth';

export function applyAuthChange(cache: SessionCache, payload: string | undefined): void {
  const [kind, id] = (payload ?? '').split(':');
  if (kind === 'user' && id) cache.forgetUser(id);
  else if (kind === 'session' && id) cache.forgetSession(id);
  // Anything else is not ours to read: forget everything rather than keep something stale.
  else cache.clear();
}

/** Keeps the session cache right while the channel is heard, and unused while it is not. */
export function authChanges(cache: SessionCache): ChangeSubscription {
  return {
    channel: AUTH_CHANNEL,
    onChange: (payload) => applyAuthChange(cache, payload),
    setListening: (listening) => cache.setListening(listening),
  };
}
