import { NOTIFICATION_DEFAULTS, NOTIFICATION_TOPICS, type NotificationPreferencesResponse } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, sent } from '../../test/renderWithAuth';
import { NotificationSettings } from './NotificationSettings';

const DEFAULTS: NotificationPreferencesResponse = {
  preferences: NOTIFICATION_TOPICS.map((topic) => ({
    topic,
    ...NOTIFICATION_DEFAULTS[topic],
    inAppLocked: topic === 'account',
  })),
  timeZone: 'Europe/Paris',
  digestHour: 8,
  emailEnabled: true,
};

function setup(initial: NotificationPreferencesResponse = DEFAULTS) {
  let current = initial;
  return renderWithAuth(<NotificationSettings />, {
    path: '/settings',
    answer: (config) => {
      if (config.url !== '/notifications/preferences') return { status: 404, data: { message: 'Not found' } };
      if (config.method === 'put') {
        const change = JSON.parse(String(config.data));
        current = {
          ...current,
          timeZone: change.timeZone ?? current.timeZone,
          preferences: current.preferences.map((p) => {
            const asked = change.preferences?.find((c: { topic: string }) => c.topic === p.topic);
            return asked ? { ...p, ...asked } : p;
          }),
        };
      }
      return { status: 200, data: current };
    },
  });
}

describe('NotificationSettings', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows each topic as it reaches the person, and saves a change at once', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    const replies = await screen.findByRole('combobox', { name: 'Replies by email' });
    expect(replies).toHaveValue('immediate');
    expect(screen.getByRole('combobox', { name: 'Likes by email' })).toHaveValue('off');
    expect(screen.getByRole('combobox', { name: 'New discussions by email' })).toHaveValue('daily');
    // What is decided about one's account is always in the app.
    expect(screen.getByRole('checkbox', { name: 'Account and moderation in the app' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Account and moderation in the app' })).toBeChecked();

    await user.selectOptions(replies, 'daily');
    await waitFor(() => expect(sent(requests, 'put', '/notifications/preferences')).toHaveLength(1));
    expect(JSON.parse(String(sent(requests, 'put', '/notifications/preferences')[0]?.data))).toEqual({
      preferences: [{ topic: 'replies', email: 'daily' }],
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Replies by email' })).toHaveValue('daily'));

    await user.click(screen.getByRole('checkbox', { name: 'Likes in the app' }));
    await waitFor(() => expect(sent(requests, 'put', '/notifications/preferences')).toHaveLength(2));
    expect(JSON.parse(String(sent(requests, 'put', '/notifications/preferences')[1]?.data))).toEqual({
      preferences: [{ topic: 'likes', inApp: false }],
    });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Likes in the app' })).not.toBeChecked());
  });

  it('keeps the digest’s time zone and says when it comes', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    const zone = await screen.findByRole('combobox', { name: 'Time zone of your daily digest' });
    expect(zone).toHaveValue('Europe/Paris');
    expect(screen.getByText('The digest comes at 08:00 in this zone, when there is something in it.')).toBeVisible();
    await user.selectOptions(zone, 'Asia/Tokyo');
    await waitFor(() => expect(sent(requests, 'put', '/notifications/preferences')).toHaveLength(1));
    expect(JSON.parse(String(sent(requests, 'put', '/notifications/preferences')[0]?.data))).toEqual({
      timeZone: 'Asia/Tokyo',
    });
  });

  it('says when the server sends no email, and leaves only the in-app choices', async () => {
    setup({ ...DEFAULTS, emailEnabled: false });
    expect(await screen.findByText(/This server does not send email/)).toBeVisible();
    const list = screen.getByRole('list', { name: 'Notification topics' });
    expect(within(list).queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryByRole('combobox', { name: 'Time zone of your daily digest' })).toBeNull();
    expect(within(list).getByRole('checkbox', { name: 'Replies in the app' })).toBeEnabled();
  });
});
