import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ServerAddressChange } from '../../platform/platform';
import { memoryPlatform } from '../../test/memoryPlatform';
import { renderWithAuth } from '../../test/renderWithAuth';
import { SettingsPage } from './SettingsPage';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

function desktopPlatform(change: (url: string) => Promise<ServerAddressChange>) {
  return { ...memoryPlatform(), kind: 'desktop' as const, serverAddress: { current: 'http://localhost:3000', change } };
}

describe('the Server section of Settings', () => {
  it('is not there on the web, whose server is the one serving it', () => {
    renderWithAuth(<SettingsPage />, { path: '/settings' });
    expect(screen.queryByRole('region', { name: 'Server' })).toBeNull();
  });

  it('shows the current address and says why a new one was not saved', async () => {
    const change = vi.fn(async (): Promise<ServerAddressChange> => ({ ok: false, message: 'Could not reach it.' }));
    renderWithAuth(<SettingsPage />, { path: '/settings', platform: desktopPlatform(change) });
    // Its own section: other sections of the page (the calendar link) may show alerts of their own.
    const section = within(screen.getByRole('region', { name: 'Server' }));
    const field = section.getByRole('textbox', { name: 'Server address' });
    expect(field).toHaveValue('http://localhost:3000');

    await userEvent.clear(field);
    await userEvent.type(field, 'https://down.example');
    await userEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Could not reach it.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(change).toHaveBeenCalledWith('https://down.example');

    // Editing the address clears the verdict.
    await userEvent.type(field, '/');
    expect(section.queryByRole('alert')).toBeNull();
  });

  it('checks while the button waits, then confirms the address was saved', async () => {
    let answer: (result: ServerAddressChange) => void = () => undefined;
    const change = vi.fn(() => new Promise<ServerAddressChange>((resolve) => (answer = resolve)));
    renderWithAuth(<SettingsPage />, { path: '/settings', platform: desktopPlatform(change) });
    await userEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    answer({ ok: true });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The server answered. Address saved.'));
    expect(change).toHaveBeenCalledTimes(1);
  });

  it('says so when the check itself could not run', async () => {
    const change = vi.fn(() => Promise.reject(new Error('IPC closed')));
    renderWithAuth(<SettingsPage />, { path: '/settings', platform: desktopPlatform(change) });
    const section = within(screen.getByRole('region', { name: 'Server' }));
    await userEvent.click(section.getByRole('button', { name: 'Check and save' }));
    expect(await section.findByRole('alert')).toHaveTextContent('The address could not be checked. Please try again.');
  });
});
