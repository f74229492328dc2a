import { MESSAGES, type RosterLearner, type User } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClass, PAGE_TEST_TIMEOUT_MS } from '../../../test/fixtures';
import { renderWithAuth, sent, TEST_USER } from '../../../test/renderWithAuth';
import { ClassRosterPage } from './ClassRosterPage';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const MENTOR: User = { ...TEST_USER, _id: 'mentor-1', role: 'mentor', verified: true };
const ADMIN: User = { ...TEST_USER, _id: 'admin-1', role: 'admin' };
const CLS = makeClass({ _id: 'c1', title: 'Typed JavaScript', mentor: { _id: 'mentor-1', name: 'Grace Hopper' } });
const learner = (id: string, name: string, username: string, enrolledAt: string): RosterLearner => ({
  _id: id,
  name,
  username,
  profilePicture: '',
  enrolledAt,
});
const LEARNERS = [
  learner('l1', 'Alan Turing', 'aturing', '2026-05-01T09:30:00.000Z'),
  learner('l2', 'Hopper, Grace', 'grace', '2026-05-02T10:00:00.000Z'),
];

function setup(user: User = MENTOR, { removeStatus = 200 } = {}) {
  let learners = [...LEARNERS];
  return renderWithAuth(<ClassRosterPage />, {
    path: '/classes/c1/roster',
    route: '/classes/:id/roster',
    user,
    answer: (config) => {
      if (config.method === 'delete') {
        if (removeStatus !== 200) return { status: removeStatus, data: { message: 'Nope' } };
        learners = learners.filter((l) => !config.url?.endsWith(`/${l._id}`));
        return { status: 200, data: { message: MESSAGES.server.learnerRemoved } };
      }
      if (config.url === '/classes/c1/roster') return { status: 200, data: { learners } };
      return { status: 200, data: CLS };
    },
  });
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Enrolled learners' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('ClassRosterPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => vi.restoreAllMocks());

  it('lists the enrolled learners with when they enrolled, for its mentor and for admins', async () => {
    for (const who of [MENTOR, ADMIN]) {
      const { unmount } = setup(who);
      expect(await screen.findByRole('heading', { name: '2 learners enrolled' })).toBeInTheDocument();
      expect(rows()).toEqual(['Alan Turing', 'Hopper, Grace']);
      expect(document.querySelector('time[datetime="2026-05-01T09:30:00.000Z"]')).not.toBeNull();
      expect(screen.getByText(/@aturing/)).toBeInTheDocument();
      unmount();
    }
  });

  it('narrows the list as a name or username is typed', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('heading', { name: '2 learners enrolled' });
    await user.type(screen.getByLabelText('Search learners'), 'GRACE');
    expect(rows()).toEqual(['Hopper, Grace']);
    await user.clear(screen.getByLabelText('Search learners'));
    await user.type(screen.getByLabelText('Search learners'), 'aturing');
    expect(rows()).toEqual(['Alan Turing']);
    await user.type(screen.getByLabelText('Search learners'), 'x');
    expect(screen.getByText('No learner matches “aturingx”.')).toBeInTheDocument();
  });

  it('removes a learner only once confirmed, then tells the mentor and updates the list', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await screen.findByRole('heading', { name: '2 learners enrolled' });
    await user.click(screen.getByRole('button', { name: 'Remove Alan Turing from class' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove from class?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(requests, 'delete', '/classes/c1/roster/l1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Alan Turing from class' }));
    const again = await screen.findByRole('alertdialog', { name: 'Remove from class?' });
    expect(again).toHaveTextContent('Alan Turing will leave Typed JavaScript');
    await user.click(within(again).getByRole('button', { name: 'Remove from class' }));
    await waitFor(() => expect(sent(requests, 'delete', '/classes/c1/roster/l1')).toHaveLength(1));
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.roster.removed('Alan Turing'));
    expect(await screen.findByRole('heading', { name: '1 learner enrolled' })).toBeInTheDocument();
    expect(rows()).toEqual(['Hopper, Grace']);
  });

  it('keeps the dialog open with the reason when the removal fails', async () => {
    const user = userEvent.setup();
    setup(MENTOR, { removeStatus: 404 });
    await screen.findByRole('heading', { name: '2 learners enrolled' });
    await user.click(screen.getByRole('button', { name: 'Remove Alan Turing from class' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove from class?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove from class' }));
    expect(await within(dialog).findByText('Nope')).toBeInTheDocument();
  });

  it('exports the whole roster as CSV, named after the class', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:roster';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    setup();
    await screen.findByRole('heading', { name: '2 learners enrolled' });
    await user.type(screen.getByLabelText('Search learners'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicked.map((a) => a.download)).toEqual(['typed-javascript-roster.csv']);
    expect(await blobs[0]?.text()).toBe(
      'Name,Username,Enrolled at\r\nAlan Turing,aturing,2026-05-01T09:30:00.000Z\r\n"Hopper, Grace",grace,2026-05-02T10:00:00.000Z\r\n',
    );
  });

  it('shows nothing of the roster to anyone else', async () => {
    for (const who of [TEST_USER, { ...MENTOR, _id: 'mentor-2' }]) {
      const { unmount, requests } = setup(who);
      expect(await screen.findByText(MESSAGES.server.rosterMentorOrAdminOnly)).toBeInTheDocument();
      expect(sent(requests, 'get', '/classes/c1/roster')).toHaveLength(0);
      unmount();
    }
  });
});
