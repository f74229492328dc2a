import { LIVE_EVENT_NAMES, type LiveEventName } from '@mentora/contract';
import { parseEventData, streamUrl, takeEarlyStream } from './earlyStream';

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

/**
 * The web's transport: EventSource cannot send a bearer token, so it relies on the httpOnly cookie
 * (withCredentials). EventSource reconnects by itself and resends Last-Event-ID. Null where there is
 * no EventSource (tests, old runtimes): the app then simply has no live updates. A stream the boot
 * script opened (earlyStream.ts) is taken over, its events so far handed on first.
 */
export const eventSourceTransport: LiveTransport = ({ apiBaseUrl, onEvent }) => {
  if (typeof EventSource === 'undefined') return null;
  const url = streamUrl(apiBaseUrl);
  const early = takeEarlyStream(url);
  const source = early?.source ?? new EventSource(url, { withCredentials: true });
  for (const { name, data } of early?.events ?? []) onEvent(name, data);
  for (const name of LIVE_EVENT_NAMES) {
    source.addEventListener(name, (event) => onEvent(name, parseEventData((event as MessageEvent).data)));
  }
  return { close: () => source.close() };
};
