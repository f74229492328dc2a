import { describe, expect, it } from 'vitest';
import { FakeBadgeApp, FakeLog, FakeNotifications } from '../../test/fakeElectron';
import { createAttention, type FocusableWindow } from './attention';

function fakeWindow(minimized = false) {
  const calls: string[] = [];
  const win: FocusableWindow = {
    isMinimized: () => minimized,
    restore: () => calls.push('restore'),
    show: () => calls.push('show'),
    focus: () => calls.push('focus'),
  };
  return { win, calls };
}

function setUp(win: FocusableWindow | null = null) {
  const notifications = new FakeNotifications();
  const app = new FakeBadgeApp();
  const log = new FakeLog();
  const attention = createAttention({ Notification: notifications.Class, app, window: () => win, log });
  return { attention, notifications, app, log };
}

describe('createAttention', () => {
  it('shows a notification with the title and body', () => {
    const { attention, notifications } = setUp();
    attention.notify('Mentora', '3 reports waiting');
    expect(notifications.made).toHaveLength(1);
    expect(notifications.made[0]?.options).toEqual({ title: 'Mentora', body: '3 reports waiting' });
    expect(notifications.made[0]?.shown).toBe(true);
  });

  it('brings the window up, restored, when the notification is clicked', () => {
    const { win, calls } = fakeWindow(true);
    const { attention, notifications } = setUp(win);
    attention.notify('Mentora', '1 report waiting');
    notifications.made[0]?.click();
    expect(calls).toEqual(['restore', 'show', 'focus']);
  });

  it('does nothing but log where notifications are not supported', () => {
    const { attention, notifications, log } = setUp();
    notifications.supported = false;
    attention.notify('Mentora', '1 report waiting');
    expect(notifications.made).toEqual([]);
    expect(log.warnings).toEqual(['Notifications are not supported here']);
  });

  it('sets the badge count, 0 clearing it, and logs where the platform has no badge', () => {
    const { attention, app, log } = setUp();
    attention.setBadgeCount(4);
    attention.setBadgeCount(0);
    expect(app.counts).toEqual([4, 0]);
    expect(log.warnings).toEqual([]);
    app.supported = false;
    attention.setBadgeCount(2);
    expect(log.warnings).toEqual(['The badge count could not be set to 2']);
  });
});
