import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../test/fakeAdapter';
import { renderWithAuth, sent, TEST_USER } from '../../test/renderWithAuth';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => vi.clearAllMocks());

const SENT = 'If an account exists for that email, we have sent it a link to reset the password.';

describe('ForgotPasswordPage', () => {
  function setup(user = null as typeof TEST_USER | null) {
    return renderWithAuth(<ForgotPasswordPage />, {
      path: '/forgot-password',
      user,
      answer: (config) =>
        config.method === 'post' && config.url === '/auth/forgot-password'
          ? { status: 200, data: { message: SENT } }
          : { status: 404 },
    });
  }

  it("sends the email and shows the server's answer, with a way back to sign in", async () => {
    const { requests } = setup();
    await userEvent.type(screen.getByLabelText('Email address'), ' Ada@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    const [post] = sent(requests, 'post', '/auth/forgot-password');
    expect(JSON.parse(String(post?.data))).toEqual({ email: 'ada@example.com' });
    expect(screen.getAllByRole('link', { name: 'Back to sign in' })[0]).toHaveAttribute('href', '/login');
  });

  it('checks the address before sending', async () => {
    const { requests } = setup();
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(requests).toHaveLength(0);
  });

  it('sends someone signed in to the settings instead', () => {
    setup(TEST_USER);
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });
});

describe('ResetPasswordPage', () => {
  function setup(
    path: string,
    answer: FakeAnswer = {
      status: 200,
      data: { message: 'Your password has been reset. You can now sign in with your new password.' },
    },
    user = null as typeof TEST_USER | null,
  ) {
    return renderWithAuth(<ResetPasswordPage />, {
      path,
      route: '/reset-password',
      user,
      answer: (config) =>
        config.method === 'post' && config.url === '/auth/reset-password' ? answer : { status: 404 },
    });
  }

  async function submit(password: string, confirm = password) {
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  }

  it('without a token: says the link is incomplete and links to a new one, with no form', () => {
    const { requests } = setup('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(/has no token/);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("with passwords that differ: 'Passwords do not match', and nothing is sent", async () => {
    const { requests } = setup('/reset-password?token=abc');
    await submit('brand new 42', 'brand new 43');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(requests).toHaveLength(0);
  });

  it('success: sends token and password, toasts and goes to /login', async () => {
    const { requests } = setup('/reset-password?token=abc');
    await submit('brand new 42');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(toast.success).toHaveBeenCalledWith(
      'Your password has been reset. You can now sign in with your new password.',
    );
    const [post] = sent(requests, 'post', '/auth/reset-password');
    expect(JSON.parse(String(post?.data))).toEqual({ token: 'abc', password: 'brand new 42' });
  });

  it("a refused link: the server's message and the way to a new link", async () => {
    const message = 'This reset link is invalid or has expired. Please request a new one.';
    setup('/reset-password?token=used', { status: 400, data: { message } });
    await submit('brand new 42');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('signed in on this browser: signs out (the reset ends those sessions) and goes to /login', async () => {
    const { auth } = setup('/reset-password?token=abc', undefined, TEST_USER);
    expect(screen.getByText(/You are signed in as/)).toBeInTheDocument();
    await submit('brand new 42');
    await waitFor(() =>
      expect(auth.logout).toHaveBeenCalledWith({
        to: '/login',
        message: 'Your password has been reset. You can now sign in with your new password.',
      }),
    );
  });
});
