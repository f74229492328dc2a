import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function renderConfirm(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <ConfirmDialog
      open
      title="Delete this class?"
      message="Its enrolments, discussions and reviews go with it."
      confirmLabel="Delete class"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { ...view, onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('asks with its title and message, and answers confirm or cancel', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderConfirm();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this class?' });
    expect(dialog).toHaveAccessibleDescription('Its enrolments, discussions and reviews go with it.');
    await user.click(screen.getByRole('button', { name: 'Delete class' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('focuses Cancel first when destructive, and the confirm button otherwise', () => {
    const { unmount } = renderConfirm({ destructive: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    unmount();
    renderConfirm({ destructive: false, confirmLabel: 'Join' });
    expect(screen.getByRole('button', { name: 'Join' })).toHaveFocus();
  });

  it('disables both buttons and ignores Escape while busy', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderConfirm({ busy: true, busyLabel: 'Deleting...' });
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels on Escape when idle and shows an error inside', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderConfirm({ error: 'Failed to delete class' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete class');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
