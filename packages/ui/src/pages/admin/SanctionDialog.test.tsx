import { type AdminUser, MESSAGES, type User } from '@mentora/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../test/fakeAdapter';
import { PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, sent, TEST_USER } from '../../test/renderWithAuth';
import { LearnersPanel } from './LearnersPanel';
import { DAYS_INVALID, REASON_REQUIRED } from './SanctionDialog';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast }));

const ADMIN: User = { ...TEST_USER, _id: 'admin-1', name: 'Ada Admin', role: 'admin' };
const learner = (overrides: Partial<AdminUser>): AdminUser => ({
  ...TEST_USER,
  _id: 'l1',
  name: 'Lena Learner',
  username: 'lena',
  role: 'learner',
  sanction: null,
  ...overrides,
});
const SILENCED = learner({
  _id: 'l2',
  name: 'Sid Silenced',
  username: 'sid',
  sanction: { _id: 's9', kind: 'silence', reason: 'Spamming links', endsAt: '2026-12-03T14:05:00.000Z' },
});

function setup(answer?: (config: InternalAxiosRequestConfig) => FakeAnswer | undefined) {
  return renderWithAuth(<LearnersPanel />, {
    path: '/admin',
    user: ADMIN,
    answer: (config) => {
      const given = answer?.(config);
      if (given) return given;
      if (config.method === 'get' && config.url === '/users/learners') {
        return { status: 200, data: [learner({}), SILENCED] };
      }
      return { status: 404, data: { message: 'Not found' } };
    },
  });
}

/** The table row of a person (the wide layout; the cards repeat the same buttons). */
const row = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr');

describe('sanctions in the people lists', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows the sanction in force as a badge with its reason, and offers to lift it', async () => {
    setup();
    const silenced = (await row('Sid Silenced')) as HTMLElement;
    expect(within(silenced).getByText(/Silenced until/)).toBeInTheDocument();
    expect(within(silenced).getByTitle(/Reason: Spamming links/)).toBeInTheDocument();
    expect(within(silenced).getByRole('button', { name: 'Lift the silence of Sid Silenced' })).toBeInTheDocument();
    const plain = (await row('Lena Learner')) as HTMLElement;
    expect(within(plain).queryByText(/until/)).not.toBeInTheDocument();
    expect(within(plain).queryByRole('button', { name: /Lift/ })).not.toBeInTheDocument();
    expect(within(plain).getByRole('button', { name: 'Sanction Lena Learner' })).toBeInTheDocument();
  });

  it('offers no sanction on an admin’s row', async () => {
    renderWithAuth(<LearnersPanel />, {
      path: '/admin',
      user: ADMIN,
      answer: () => ({ status: 200, data: [learner({ _id: 'a2', name: 'Otto Admin', role: 'admin' })] }),
    });
    await row('Otto Admin');
    expect(screen.queryByRole('button', { name: /Sanction/ })).not.toBeInTheDocument();
  });

  it('checks days and reason, then silences with the days and reason', async () => {
    const user = userEvent.setup();
    const { requests } = setup((config) =>
      config.method === 'post' ? { status: 201, data: { sanction: {} } } : undefined,
    );
    await user.click(within((await row('Lena Learner')) as HTMLElement).getByRole('button', { name: /Sanction/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanction Lena Learner' });
    await user.click(within(dialog).getByRole('radio', { name: 'Silence' }));
    // The days come.
    fireEvent.change(within(dialog).getByLabelText('Days'), { target: { value: '400' } });
    await user.click(within(dialog).getByRole('button', { name: 'Silence Lena Learner' }));
    expect(within(dialog).getByText(DAYS_INVALID)).toBeInTheDocument();
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(sent(requests, 'post', '/users/l1/sanctions')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Days'), { target: { value: '14' } });
    await user.type(within(dialog).getByLabelText('Message to the person'), ' Repeated spam ');
    await user.click(within(dialog).getByRole('button', { name: 'Silence Lena Learner' }));
    expect(await screen.findAllByRole('button', { name: 'Sanction Lena Learner' })).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(String(sent(requests, 'post', '/users/l1/sanctions')[0]?.data))).toEqual({
      kind: 'silence',
      days: 14,
      reason: 'Repeated spam',
    });
    expect(toast.success).toHaveBeenCalledWith('Lena Learner was silenced');
  });

  it('warns with a message to the person and a private reason, and no days (issue #37.7)', async () => {
    const user = userEvent.setup();
    const { requests } = setup((config) =>
      config.method === 'post' ? { status: 201, data: { sanction: {} } } : undefined,
    );
    await user.click(within((await row('Lena Learner')) as HTMLElement).getByRole('button', { name: /Sanction/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sanction Lena Learner' });
    // It opens on its first field, the kind (issue #37.3).
    expect(within(dialog).getByRole('radio', { name: 'Warn' })).toHaveFocus();
    expect(within(dialog).queryByLabelText('Days')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Message to the person')).toHaveAccessibleDescription(
      'Shown to them with the sanction.',
    );
    expect(within(dialog).getByLabelText('Private reason (optional)')).toHaveAccessibleDescription(
      'Kept in the audit log only; never shown to them.',
    );
    await user.type(within(dialog).getByLabelText('Message to the person'), 'Please keep it civil');
    await user.type(within(dialog).getByLabelText('Private reason (optional)'), 'Tone');
    await user.click(within(dialog).getByRole('button', { name: 'Warn Lena Learner' }));
    await screen.findAllByRole('button', { name: 'Sanction Lena Learner' });
    expect(JSON.parse(String(sent(requests, 'post', '/users/l1/sanctions')[0]?.data))).toEqual({
      kind: 'warn',
      reason: 'Please keep it civil',
      note: 'Tone',
    });
  });

  it('shows the server’s refusal inside the dialog', async () => {
    const user = userEvent.setup();
    setup((config) =>
      config.method === 'post' ? { status: 403, data: { message: MESSAGES.server.cannotSanctionAdmin } } : undefined,
    );
    await user.click(within((await row('Lena Learner')) as HTMLElement).getByRole('button', { name: /Sanction/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Message to the person'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Warn Lena Learner' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.server.cannotSanctionAdmin);
  });

  it('lifts after confirming, with the optional reason', async () => {
    const user = userEvent.setup();
    const { requests } = setup((config) =>
      config.method === 'delete' ? { status: 200, data: { sanction: {} } } : undefined,
    );
    await user.click(
      within((await row('Sid Silenced')) as HTMLElement).getByRole('button', { name: /Lift the silence/ }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Lift the silence?' });
    expect(within(dialog).getByRole('textbox')).toHaveFocus();
    expect(dialog).toHaveTextContent('Spamming links');
    await user.type(within(dialog).getByLabelText('Private reason (optional)'), 'Apologised');
    await user.click(within(dialog).getByRole('button', { name: 'Lift the silence' }));
    await screen.findAllByRole('button', { name: /Lift the silence of/ });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const [request] = sent(requests, 'delete', '/users/l2/sanctions/s9');
    expect(JSON.parse(String(request?.data))).toEqual({ reason: 'Apologised' });
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.sanctions.lifted);
  });
});
