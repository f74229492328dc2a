import { MESSAGES } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../test/fakeAdapter';
import { renderWithAuth, sent } from '../../test/renderWithAuth';
import { SettingsPage } from './SettingsPage';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => vi.clearAllMocks());

type Answers = Partial<Record<'password' | 'logoutAll' | 'delete' | 'feed' | 'feedReset', FakeAnswer>>;

const FEED = 'https://mentora.example/api/calendar/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics';
const NEW_FEED = 'https://mentora.example/api/calendar/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.ics';

function setup(answers: Answers = {}) {
  return renderWithAuth(<SettingsPage />, {
    path: '/settings',
    answer: (config) => {
      if (config.method === 'put' && config.url === '/auth/password') {
        return (
          answers.password ?? {
            status: 200,
            data: { message: 'Password changed. You have been signed out on your other devices.' },
          }
        );
      }
      if (config.method === 'post' && config.url === '/auth/logout-all') {
        return answers.logoutAll ?? { status: 200, data: { message: 'You have been signed out on every device' } };
      }
      if (config.method === 'get' && config.url === '/calendar/feed') {
        return answers.feed ?? { status: 200, data: { url: FEED } };
      }
      if (config.method === 'post' && config.url === '/calendar/feed/reset') {
        return answers.feedReset ?? { status: 200, data: { url: NEW_FEED } };
      }
      if (config.method === 'delete' && config.url === '/auth/account') {
        return answers.delete ?? { status: 200, data: { message: 'Your account has been deleted' } };
      }
      return { status: 404, data: { message: 'Not found' } };
    },
  });
}

const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

async function fillPasswords(current: string, next: string, confirm: string) {
  const form = passwordForm();
  await userEvent.type(within(form).getByLabelText('Current password'), current);
  await userEvent.type(within(form).getByLabelText('New password'), next);
  await userEvent.type(within(form).getByLabelText('Confirm new password'), confirm);
  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
}

describe('theme', () => {
  it('switches between light and dark with the same state as the navigation bar toggle', async () => {
    const { platform } = setup();
    const light = screen.getByRole('radio', { name: 'Light' });
    const dark = screen.getByRole('radio', { name: 'Dark' });
    expect(light).toBeChecked();
    await userEvent.click(dark);
    expect(dark).toBeChecked();
    expect(document.documentElement).toHaveClass('dark');
    expect(platform.storage.get('theme')).toBe('dark');
    await userEvent.click(light);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(platform.storage.get('theme')).toBe('light');
  });
});

describe('change password', () => {
  it("with a confirmation that differs: 'Passwords do not match', and nothing is sent", async () => {
    const { requests } = setup();
    await fillPasswords('old password', 'brand new 42', 'brand new 43');
    const confirm = within(passwordForm()).getByLabelText('Confirm new password');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(confirm).toHaveFocus();
    expect(sent(requests, 'put', '/auth/password')).toHaveLength(0);
  });

  it('a wrong current password shows on that field', async () => {
    const message = 'Your current password is incorrect';
    setup({ password: { status: 400, data: { message, errors: [{ path: 'currentPassword', message }] } } });
    await fillPasswords('not it', 'brand new 42', 'brand new 42');
    const current = within(passwordForm()).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription(message));
    expect(current).toHaveFocus();
  });

  it('success: sends both passwords, says other devices were signed out, and empties the form', async () => {
    const { requests } = setup();
    await fillPasswords('old password', 'brand new 42', 'brand new 42');
    const done = 'Password changed. You have been signed out on your other devices.';
    expect(await within(passwordForm()).findByRole('status')).toHaveTextContent(done);
    expect(toast.success).toHaveBeenCalledWith(done);
    const [put] = sent(requests, 'put', '/auth/password');
    expect(JSON.parse(String(put?.data))).toEqual({ currentPassword: 'old password', newPassword: 'brand new 42' });
    expect(within(passwordForm()).getByLabelText('Current password')).toHaveValue('');
  });
});

describe('log out everywhere', () => {
  it('is about signed-in devices, named apart from class sessions (issue #37.15)', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Signed-in devices' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sessions' })).not.toBeInTheDocument();
  });

  it('asks first, then ends every session and signs out here, to /login', async () => {
    const { requests, auth } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Log out everywhere?' });
    expect(sent(requests, 'post', '/auth/logout-all')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() =>
      expect(auth.logout).toHaveBeenCalledWith({
        endedOnServer: true,
        to: '/login',
        message: 'You have been signed out on every device',
      }),
    );
    expect(sent(requests, 'post', '/auth/logout-all')).toHaveLength(1);
  });

  it('Cancel sends nothing', async () => {
    const { requests } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent(requests, 'post', '/auth/logout-all')).toHaveLength(0);
  });
});

describe('delete account', () => {
  async function deleteWith(password: string) {
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    const field = within(dialog).getByLabelText('Your password');
    expect(field).toHaveFocus();
    if (password) await userEvent.type(field, password);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    return { dialog, field };
  }

  it('needs the password before sending anything', async () => {
    const { requests } = setup();
    const { field } = await deleteWith('');
    expect(field).toHaveAccessibleDescription('Password is required');
    expect(sent(requests, 'delete', '/auth/account')).toHaveLength(0);
  });

  it('sends the password in the body; success signs out here and goes home with a toast', async () => {
    const { requests, auth } = setup();
    await deleteWith('correct horse 42');
    await waitFor(() =>
      expect(auth.logout).toHaveBeenCalledWith({
        endedOnServer: true,
        to: '/',
        message: 'Your account has been deleted',
      }),
    );
    const [call] = sent(requests, 'delete', '/auth/account');
    expect(JSON.parse(String(call?.data))).toEqual({ password: 'correct horse 42' });
  });

  it('a wrong password is a field error, and the account stays', async () => {
    const message = 'The password is incorrect';
    const { auth } = setup({ delete: { status: 400, data: { message, errors: [{ path: 'password', message }] } } });
    const { field } = await deleteWith('nope');
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it("the last administrator sees the server's explanation (409)", async () => {
    const message =
      'You are the last administrator, so this account cannot be deleted. Make another account an administrator first.';
    const { auth } = setup({ delete: { status: 409, data: { message } } });
    const { dialog } = await deleteWith('admin password');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(auth.logout).not.toHaveBeenCalled();
  });
});

describe('calendar link', () => {
  const linkField = () => screen.findByLabelText('Calendar link');

  it('shows the private feed link and copies it', async () => {
    setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await linkField()).toHaveValue(FEED);
    expect(await linkField()).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(FEED);
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.calendarFeed.copied);
  });

  it('without clipboard access, selects the link to copy by hand', async () => {
    setup();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    const field = (await linkField()) as HTMLInputElement;
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.calendarFeed.copyFailed));
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(FEED.length);
  });

  it('makes a new link after a confirmation, and shows it', async () => {
    const { requests } = setup();
    await linkField();
    await userEvent.click(screen.getByRole('button', { name: 'Make a new link' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make a new calendar link?' });
    expect(sent(requests, 'post', '/calendar/feed/reset')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    await waitFor(async () => expect(await linkField()).toHaveValue(NEW_FEED));
    expect(sent(requests, 'post', '/calendar/feed/reset')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.calendarFeed.reset);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says so when the link cannot be loaded', async () => {
    setup({ feed: { status: 500, data: { message: 'Internal error' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
  });
});
