import type { LiveEvent } from './types.js';

/** What a subscriber hears from a bus. */
export interface BusListener {
  event(event: LiveEvent): void;
  /**
   * The bus now hears every process's events; those published before this moment may have been
   * missed (first subscription, or a reconnection after an outage).
   */
  synced(): void;
  /** The bus stopped hearing other processes (their events are lost until synced() again). */
  lost(): void;
}

/**
 * Carries live events to every process's subscribers, this one's included. publish() never rejects:
 * the write that raised the event is already committed, and a lost live event only means a client
 * refetches (see LiveEvents).
 */
export interface EventBus {
  readonly kind: 'in-process' | 'redis';
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** One process, no Redis: publishing is delivering. */
export class InProcessEventBus implements EventBus {
  readonly kind = 'in-process';
  private readonly listeners = new Set<BusListener>();

  async publish(event: LiveEvent): Promise<void> {
    deliver(this.listeners, event);
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    listener.synced();
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/** Hands an event to each listener; one listener's failure is not the others'. */
export function deliver(listeners: Iterable<BusListener>, event: LiveEvent): void {
  for (const listener of listeners) {
    try {
      listener.event(event);
    } catch {
      // A listener reports its own failures; the next one still gets the event.
    }
  }
}
