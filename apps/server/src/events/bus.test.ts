import { describe, expect, it } from 'vitest';
import { type BusListener, InProcessEventBus } from './bus.js';
import type { LiveEvent } from './types.js';

const event = (id: number): LiveEvent => ({
  id,
  name: 'notification.read',
  audience: { userId: 'u' },
  data: { unreadCount: id },
});

function recorder() {
  const got: number[] = [];
  const states: string[] = [];
  const listener: BusListener = {
    event: (e) => got.push(e.id),
    synced: () => states.push('synced'),
    lost: () => states.push('lost'),
  };
  return { got, states, listener };
}

describe('InProcessEventBus', () => {
  it('is synced at once and delivers each event to every listener, in order', async () => {
    const bus = new InProcessEventBus();
    const [a, b] = [recorder(), recorder()];
    bus.subscribe(a.listener);
    const stop = bus.subscribe(b.listener);
    expect(a.states).toEqual(['synced']);
    await bus.publish(event(1));
    await bus.publish(event(2));
    stop();
    await bus.publish(event(3));
    expect(a.got).toEqual([1, 2, 3]);
    expect(b.got).toEqual([1, 2]);
  });

  it('keeps delivering when one listener throws, and publish never rejects', async () => {
    const bus = new InProcessEventBus();
    const ok = recorder();
    bus.subscribe({
      ...recorder().listener,
      event: () => {
        throw new Error('broken listener');
      },
    });
    bus.subscribe(ok.listener);
    await expect(bus.publish(event(7))).resolves.toBeUndefined();
    expect(ok.got).toEqual([7]);
  });
});
