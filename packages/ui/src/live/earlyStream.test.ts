import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_STREAM_TTL_MS, hasEarlyStream, openEarlyStream, streamUrl, takeEarlyStream } from './earlyStream';
import { eventSourceTransport } from './transport';

/** An EventSource the test drives: `emit` dispatches a named event with its data. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  private listeners = new Map<string, Set<(event: Event) => void>>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: Event) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)?.add(listener);
  }
  removeEventListener(name: string, listener: (event: Event) => void) {
    this.listeners.get(name)?.delete(listener);
  }
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) {
      listener(new MessageEvent(name, { data: JSON.stringify(data) }));
    }
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  takeEarlyStream(streamUrl('/api'));
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the early live stream', () => {
  it('is taken over by the web transport, which gets the events it kept first, then the live ones', () => {
    openEarlyStream('/api');
    const [early] = FakeEventSource.opened;
    early?.emit('community.post', { post: { _id: 'p1' } });
    early?.emit('ready', { heartbeatMs: 20000 });

    const onEvent = vi.fn();
    const connection = eventSourceTransport({ apiBaseUrl: '/api', onEvent });
    early?.emit('community.like', { postId: 'p1', likes: [] });

    expect(FakeEventSource.opened).toHaveLength(1);
    expect(early?.init?.withCredentials).toBe(true);
    expect(onEvent.mock.calls).toEqual([
      ['community.post', { post: { _id: 'p1' } }],
      ['ready', { heartbeatMs: 20000 }],
      ['community.like', { postId: 'p1', likes: [] }],
    ]);
    expect(hasEarlyStream()).toBe(false);
    connection?.close();
    expect(early?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('without one (or with one that failed), the transport opens its own', () => {
    eventSourceTransport({ apiBaseUrl: '/api/', onEvent: vi.fn() });
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/events']);

    openEarlyStream('/api');
    FakeEventSource.opened[1]?.close();
    eventSourceTransport({ apiBaseUrl: '/api', onEvent: vi.fn() });
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('is closed when the app does not take it in time', () => {
    vi.useFakeTimers();
    openEarlyStream('/api');
    expect(hasEarlyStream()).toBe(true);
    vi.advanceTimersByTime(EARLY_STREAM_TTL_MS);
    expect(hasEarlyStream()).toBe(false);
    expect(FakeEventSource.opened[0]?.readyState).toBe(FakeEventSource.CLOSED);
  });
});
