import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, sent } from '../../test/renderWithAuth';
import { UnsubscribePage } from './UnsubscribePage';

describe('UnsubscribePage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('asks first, then stops the emails of its link without a sign-in', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithAuth(<UnsubscribePage />, {
      path: '/unsubscribe?token=abc.replies.sig',
      user: null,
      answer: (config) =>
        config.url === '/notifications/unsubscribe'
          ? {
              status: 200,
              data: {
                message: 'You will no longer get emails about replies to your discussions and posts.',
                topics: ['replies'],
              },
            }
          : { status: 404, data: { message: 'Not found' } },
    });
    expect(screen.getByRole('heading', { name: 'Stop these emails?' })).toBeVisible();
    // Nothing is sent before the person says so: a link scanner opening the page changes nothing.
    expect(sent(requests, 'post', '/notifications/unsubscribe')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText('You will no longer get emails about replies to your discussions and posts.'),
    ).toBeVisible();
    expect(JSON.parse(String(sent(requests, 'post', '/notifications/unsubscribe')[0]?.data))).toEqual({
      token: 'abc.replies.sig',
    });
    expect(screen.getByRole('link', { name: 'Sign in to choose what you get by email' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('says a refused or missing link is not valid', async () => {
    const user = userEvent.setup();
    const message = 'This unsubscribe link is not valid. Change what you get by email in Settings.';
    const { unmount } = renderWithAuth(<UnsubscribePage />, {
      path: '/unsubscribe?token=forged',
      answer: () => ({ status: 400, data: { message } }),
    });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose what you get by email in Settings' })).toHaveAttribute(
      'href',
      '/settings#notifications',
    );
    unmount();
    renderWithAuth(<UnsubscribePage />, { path: '/unsubscribe' });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
