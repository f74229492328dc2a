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
  it('shows the first count on the badge without a notification, then notifies on each rise only', () => {
    const { attention, calls } = recording();
    const alerts = createModerationAlerts(attention);
    alerts.onCount(2);
    alerts.onCount(3);
    alerts.onCount(2);
    alerts.onCount(2);
    alerts.onCount(4);
    expect(calls).toEqual([
      ['badge', 2],
      ['notify', 'Mentora', '3 reports waiting'],
      ['badge', 3],
      ['badge', 2],
      ['notify', 'Mentora', '4 reports waiting'],
      ['badge', 4],
    ]);
  });

  it('says "1 report waiting" for one, and clears the badge at 0 and on sign-out', () => {
    const { attention, calls } = recording();
    const alerts = createModerationAlerts(attention);
    alerts.onCount(0);
    alerts.onCount(1);
    alerts.reset();
    alerts.reset();
    expect(calls).toEqual([
      ['badge', 0],
      ['notify', 'Mentora', '1 report waiting'],
      ['badge', 1],
      ['badge', 0],
    ]);
  });

  it('starts again after a reset: the next count is shown without a notification', () => {
    const { attention, calls } = recording();
    const alerts = createModerationAlerts(attention);
    alerts.onCount(1);
    alerts.reset();
    alerts.onCount(5);
    expect(calls).toEqual([
      ['badge', 1],
      ['badge', 0],
      ['badge', 5],
    ]);
  });

  it('does nothing at all without attention (the web)', () => {
    const web = createModerationAlerts(undefined);
    expect(() => {
      web.onCount(3);
      web.onCount(4);
      web.reset();
    }).not.toThrow();
  });
});
