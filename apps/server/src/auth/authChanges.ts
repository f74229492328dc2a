import type { AppContext } from '../context.js';
import type { ChangeSubscription } from '../db/changeListener.js';
import type { LiveEvents } from '../events/hub.js';
import { AUTH_CHANNEL, type AuthChange, parseAuthChange } from './authChange.js';
import type { SessionCache } from './sessionCache.js';

function forget(cache: SessionCache, change: AuthChange | undefined): void {
  if (!change) cache.clear();
  else if (change.kind === 'user') cache.forgetUser(change.id);
  else if (change.kind === 'session') cache.forgetSession(change.id);
  // An enrolment that ends changes no session.
}

export function applyAuthChange(cache: SessionCache, payload: string | undefined): void {
  // Anything we cannot read: forget everything rather than keep something stale.
  forget(cache, parseAuthChange(payload));
}

/** Keeps the session cache right while the channel is heard, and unused while it is not. */
export function authChanges(cache: SessionCache): ChangeSubscription {
  return {
    channel: AUTH_CHANNEL,
    onChange: (payload) => applyAuthChange(cache, payload),
    setListening: (listening) => cache.setListening(listening),
  };
}

/** Ends or re-scopes the open event streams of whoever a change touches (events/hub.ts). */
export function liveAccessChanges(events: LiveEvents): ChangeSubscription {
  return {
    channel: AUTH_CHANNEL,
    onChange: (payload) => events.accessChanged(parseAuthChange(payload)),
    setListening: (listening) => events.setListening(listening),
  };
}

/**
 * What the code that made a change calls once it has committed: this process acts at once, as every
 * process will when the database's notice arrives, so its own next request or event never races the notice.
 */
export function authChanged(ctx: Pick<AppContext, 'sessionCache' | 'events'>, change: AuthChange): void {
  forget(ctx.sessionCache, change);
  ctx.events.accessChanged(change);
}
