import { LIVE_EVENT_NAMES, type LiveEventName } from '@mentora/contract';

// The live stream, opened by the root route's loader together with the page's first requests
// (../routes.tsx): a page whose data is asked for before its code has loaded would otherwise miss what
// happens between that answer and the moment the app opens the stream. Until the app takes the stream
// over (transport.ts), its events wait here.

/** How long the stream waits for the app to take it over; after that it is closed. */
export const EARLY_STREAM_TTL_MS = 15_000;

export interface BufferedEvent {
  name: LiveEventName;
  data: unknown;
}

/** An event's data as JSON, or undefined when it is not JSON. */
export function parseEventData(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

interface EarlyStream {
  url: string;
  source: EventSource;
  events: BufferedEvent[];
  /** Stops buffering (the listeners and the timer go). */
  release(): void;
}

let early: EarlyStream | undefined;

/** The stream's address under the API's base address. */
export const streamUrl = (apiBaseUrl: string) => `${apiBaseUrl.replace(/\/+$/, '')}/events`;

/** Opens GET {apiBaseUrl}/events with the session cookie now, keeping its events until taken. */
export function openEarlyStream(apiBaseUrl: string): void {
  if (typeof EventSource === 'undefined' || early) return;
  const url = streamUrl(apiBaseUrl);
  const source = new EventSource(url, { withCredentials: true });
  const events: BufferedEvent[] = [];
  const listeners = LIVE_EVENT_NAMES.map((name) => {
    const listener = (event: Event) => events.push({ name, data: parseEventData((event as MessageEvent).data) });
    source.addEventListener(name, listener);
    return { name, listener };
  });
  const entry: EarlyStream = {
    url,
    source,
    events,
    release: () => {
      for (const { name, listener } of listeners) source.removeEventListener(name, listener);
      clearTimeout(timer);
    },
  };
  const timer = setTimeout(() => {
    if (early !== entry) return;
    early = undefined;
    entry.release();
    source.close();
  }, EARLY_STREAM_TTL_MS);
  early = entry;
}

/** Whether a stream the root route's loader opened is waiting to be taken over. */
export function hasEarlyStream(): boolean {
  return early !== undefined;
}

/**
 * The early stream of `url` with the events it has had so far, once; undefined when there is none (or
 * it has failed), and the caller opens its own.
 */
export function takeEarlyStream(url: string): { source: EventSource; events: BufferedEvent[] } | undefined {
  const taken = early;
  early = undefined;
  if (!taken) return undefined;
  taken.release();
  if (taken.url !== url || taken.source.readyState === EventSource.CLOSED) {
    taken.source.close();
    return undefined;
  }
  return { source: taken.source, events: taken.events };
}
