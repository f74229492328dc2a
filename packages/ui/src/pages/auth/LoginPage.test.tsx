import { MESSAGES } from '@mentora/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../components/formatters';
import { PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth } from '../../test/renderWithAuth';
import { LoginPage } from './LoginPage';

/** The AxiosError a refused POST /auth/login rejects with. */
function refused(status: number, data: unknown) {
  const config = { url: '/auth/login', method: 'post', headers: {} } as unknown as InternalAxiosRequestConfig;
  const response = { status, statusText: String(status), data, headers: {}, config } as AxiosResponse;
  return new AxiosError('refused', AxiosError.ERR_BAD_REQUEST, config, null, response);
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('tells a suspended person why and until when, in the server’s words with the end as the app writes dates', async () => {
    const message = MESSAGES.server.suspended('2026-12-03T14:05:00.000Z', 'Repeated harassment');
    const { auth } = renderWithAuth(<LoginPage />, { path: '/login', user: null });
    auth.login.mockRejectedValueOnce(refused(403, { message, requestId: 'r1' }));
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Your account is suspended until ${formatDateTime('2026-12-03T14:05:00.000Z')}: Repeated harassment`,
    );
  });

  it('falls back to SPEC.md’s banner when the server says nothing', async () => {
    const { auth } = renderWithAuth(<LoginPage />, { path: '/login', user: null });
    auth.login.mockRejectedValueOnce(refused(500, 'oops'));
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.login.failedBanner);
  });
});
