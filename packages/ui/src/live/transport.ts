import { LIVE_EVENT_NAMES, type LiveEventName } from '@mentora/contract';

/** One open live stream: named events in, `close()` to end it. */
export interface LiveConnection {
  close(): void;
}

/** Called for each named event with its parsed JSON data (or undefined when it was not JSON). */
export type LiveEventHandler = (name: LiveEventName, data: unknown) => void;

/**
 * Opens the stream of GET {apiBaseUrl}/events. Swappable: the web uses EventSource with the session
 * cookie; a shell that must send a bearer token (the desktop) can pass its own.
 */
export type LiveTransport = (options: { apiBaseUrl: string; onEvent: LiveEventHandler }) => LiveConnection | null;

function parse(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The web's transport: EventSource cannot send a bearer token, so it relies on the httpOnly cookie
 * (withCredentials). EventSource reconnects by itself and resends Last-Event-ID. Null where there is
 * no EventSource (tests, old runtimes): the app then simply has no live updates.
 */
export const eventSourceTransport: LiveTransport = ({ apiBaseUrl, onEvent }) => {
  if (typeof EventSource === 'undefined') return null;
  const source = new EventSource(`${apiBaseUrl.replace(/\/+$/, '')}/events`, { withCredentials: true });
  for (const name of LIVE_EVENT_NAMES) {
    source.addEventListener(name, (event) => onEvent(name, parse((event as MessageEvent).data)));
  }
  return { close: () => source.close() };
};
