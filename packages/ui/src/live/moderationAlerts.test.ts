import { describe, expect, it } from 'vitest';
import type { PlatformAttention } from '../platform/platform';
import { createModerationAlerts } from './moderationAlerts';

function recording() {
  const calls: unknown[][] = [];
  const attention: PlatformAttention = {
    notify: (title, body) => calls.push(['notify', title, body]),
    setBadgeCount: (count) => calls.push(['badge', count]),
  };
  return { attention, calls };
}

describe('createModerationAlerts', () => {
  it('shows the seeded count on the badge, and notifies on each rise only', () => {
    const { attention, calls } = recording();
    const alerts = createModerationAlerts(attention);
    alerts.seed(2);
    alerts.onQueue({ openCount: 3 });
    alerts.onQueue({ openCount: 2 });
    alerts.onQueue({ openCount: 2 });
    alerts.onQueue({ openCount: 4 });
    expect(calls).toEqual([
      ['badge', 2],
      ['notify', 'Mentora', '3 reports waiting'],
      ['badge', 3],
      ['badge', 2],
      ['badge', 2],
      ['notify', 'Mentora', '4 reports waiting'],
      ['badge', 4],
    ]);
  });

  it('does not notify on the first event when the earlier count is unknown, and a late seed loses to it', () => {
    const { attention, calls } = recording();
    const alerts = createModerationAlerts(attention);
    alerts.onQueue({ openCount: 1 });
    alerts.seed(0);
    alerts.onQueue({ openCount: 2 });
    expect(calls).toEqual([
      ['badge', 1],
      ['notify', 'Mentora', '2 reports waiting'],
      ['badge', 2],
    ]);
  });

  it('says "1 report waiting" for one, and clears the badge at 0 and on sign-out', () => {
    const { attention, calls } = recording();
    const alerts = createModerationAlerts(attention);
    alerts.seed(0);
    alerts.onQueue({ openCount: 1 });
    alerts.reset();
    alerts.reset();
    expect(calls).toEqual([
      ['badge', 0],
      ['notify', 'Mentora', '1 report waiting'],
      ['badge', 1],
      ['badge', 0],
    ]);
  });

  it('ignores malformed events, and does nothing at all without attention (the web)', () => {
    const { attention, calls } = recording();
    const alerts = createModerationAlerts(attention);
    alerts.onQueue({ openCount: 'many' });
    alerts.onQueue(null);
    expect(calls).toEqual([]);
    const web = createModerationAlerts(undefined);
    expect(() => {
      web.seed(3);
      web.onQueue({ openCount: 4 });
      web.reset();
    }).not.toThrow();
  });
});
