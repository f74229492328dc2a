import { type AuditEntry, type ClassItem, type Discussion, MESSAGES, type User } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../test/fakeAdapter';
import { renderWithAuth, sent, TEST_USER } from '../../test/renderWithAuth';
import { AdminPage } from './AdminPage';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const ADMIN: User = { ...TEST_USER, _id: 'admin-1', name: 'Ada Admin', role: 'admin' };

function person(overrides: Partial<User>): User {
  return { ...TEST_USER, _id: 'u', name: 'Someone', username: 'someone', role: 'mentor', ...overrides };
}

const PENDING = person({
  _id: 'm-pending',
  name: 'Paula Pending',
  username: 'paula',
  verificationRequested: true,
  verificationRequestDate: '2026-02-01T10:00:00.000Z',
});
const VERIFIED = person({ _id: 'm-verified', name: 'Vera Verified', username: 'vera', verified: true });
const UNVERIFIED = person({ _id: 'm-new', name: 'Nina New', username: 'nina' });
const OTHER_ADMIN = person({ _id: 'admin-2', name: 'Otto Other', username: 'otto', role: 'admin', verified: true });

const CLASS: ClassItem = {
  _id: 'c1',
  title: 'Compilers from Scratch',
  description: '',
  category: 'programming',
  contentType: 'live',
  contentUrl: '',
  price: 0,
  currency: 'USD',
  isPaid: false,
  schedule: '',
  maxStudents: null,
  prerequisites: '',
  materials: '',
  tags: [],
  mentor: { _id: 'm-verified', name: 'Vera Verified' },
  studentCount: 3,
  startDate: null,
  status: 'upcoming',
  live: false,
  rating: 4.25,
  reviewCount: 2,
  createdAt: '2026-03-01T10:00:00.000Z',
};

const DISCUSSION: Discussion = {
  _id: 'd1',
  title: 'Parsing questions',
  content: '',
  classId: { _id: 'c1', title: 'Compilers from Scratch' },
  author: { _id: 'l1', name: 'Linus Learner' },
  replies: [],
  replyCount: 4,
  createdAt: '2026-03-02T10:00:00.000Z',
  sentiment: { label: 'NEUTRAL', polarity: 0 },
  moderation: { flagged: true, reason: 'Abusive language' },
  hidden: true,
};

const ENTRY_NEW: AuditEntry = {
  _id: 'a2',
  action: 'role_changed',
  actor: { _id: 'admin-1', name: 'Ada Admin' },
  target: { type: 'user', _id: 'm-new', name: 'Nina New' },
  detail: 'learner → mentor',
  createdAt: '2026-03-03T10:00:00.000Z',
};
const ENTRY_OLD: AuditEntry = {
  _id: 'a1',
  action: 'class_deleted',
  actor: { _id: null, name: 'Former Admin' },
  target: { type: 'class', _id: 'c0', name: 'Spam class' },
  detail: 'by Vera Verified',
  createdAt: '2026-03-01T09:00:00.000Z',
};

function setup(path = '/admin', overrides: (url: string, method: string) => FakeAnswer | undefined = () => undefined) {
  return renderWithAuth(<AdminPage />, {
    path,
    route: '/admin',
    user: ADMIN,
    answer: (config) => {
      const url = config.url ?? '';
      const method = config.method ?? 'get';
      const override = overrides(url, method);
      if (override) return override;
      if (method === 'get' && url === '/users/mentors') return { status: 200, data: [UNVERIFIED, VERIFIED, PENDING] };
      if (method === 'get' && url === '/users/learners') return { status: 200, data: [] };
      if (method === 'get' && url === '/users/admins') return { status: 200, data: [OTHER_ADMIN, ADMIN] };
      if (method === 'get' && url === '/classes') return { status: 200, data: { classes: [CLASS], nextCursor: null } };
      if (method === 'get' && url === '/discussions/all') {
        return { status: 200, data: { discussions: [DISCUSSION] }, headers: { 'x-next-cursor': 'next-1' } };
      }
      if (method === 'get' && url === '/admin/audit-log') {
        // Two pages: the newest entry, then (with the cursor) the older one.
        return config.params?.cursor === 'page-2'
          ? { status: 200, data: { entries: [ENTRY_OLD], nextCursor: null } }
          : { status: 200, data: { entries: [ENTRY_NEW], nextCursor: 'page-2' } };
      }
      if (method === 'put' && url.endsWith('/role')) return { status: 200, data: { ...UNVERIFIED, role: 'both' } };
      if (method === 'put' && url === '/admin/verify-mentor/m-pending') {
        return { status: 200, data: { ...PENDING, verified: true } };
      }
      if (method === 'delete') return { status: 200, data: { message: 'ok' } };
      return { status: 404, data: { message: 'Not found' } };
    },
  });
}

describe('the admin dashboard', () => {
  it('opens on the Classes tab by default', async () => {
    const { requests } = setup();
    const classesTab = screen.getByRole('tab', { name: 'Classes' });
    expect(classesTab).toHaveAttribute('aria-selected', 'true');
    expect(classesTab).toHaveAttribute('tabindex', '0');
    for (const name of ['Mentors', 'Learners', 'Admins', 'Discussions', 'Moderation', 'Audit log']) {
      expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'false');
      expect(screen.getByRole('tab', { name })).toHaveAttribute('tabindex', '-1');
    }
    const panel = screen.getByRole('tabpanel', { name: 'Classes' });
    expect(classesTab).toHaveAttribute('aria-controls', panel.id);
    expect(await within(panel).findAllByRole('link', { name: 'Compilers from Scratch' })).not.toHaveLength(0);
    expect(sent(requests, 'get', '/classes')[0]?.params).toMatchObject({ filter: 'all' });
    expect(sent(requests, 'get', '/users/mentors')).toHaveLength(0);
  });

  it('opens the tab the URL names', () => {
    setup('/admin?tab=mentors');
    expect(screen.getByRole('tab', { name: 'Mentors' })).toHaveAttribute('aria-selected', 'true');
  });

  it('falls back to Classes for an unknown tab', () => {
    setup('/admin?tab=nonsense');
    expect(screen.getByRole('tab', { name: 'Classes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with the arrow keys, Home and End, and keeps the tab in the URL', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('tab', { name: 'Classes' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Discussions' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Discussions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=discussions');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Moderation' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Mentors' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Mentors' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=audit');
    // Only the selected panel is shown.
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('lists pending requests first, verifies one, and toasts the verbatim message', async () => {
    const user = userEvent.setup();
    const { requests } = setup('/admin?tab=mentors');
    const pending = await screen.findByRole('table', { name: 'Pending verification requests' });
    expect(within(pending).getByText('Paula Pending')).toBeInTheDocument();
    expect(within(pending).queryByText('Vera Verified')).toBeNull();
    const others = screen.getByRole('table', { name: 'Mentors' });
    // A verified mentor can only be deleted; an unverified one can also be verified.
    expect(within(others).queryByRole('button', { name: 'Verify Vera Verified' })).toBeNull();
    expect(within(others).getByRole('button', { name: 'Verify Nina New' })).toBeInTheDocument();
    await user.click(within(pending).getByRole('button', { name: 'Verify Paula Pending' }));
    await waitFor(() => expect(sent(requests, 'put', '/admin/verify-mentor/m-pending')).toHaveLength(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Mentor verified successfully'));
  });

  it('rejects a pending mentor only after a confirmation, by deleting the account', async () => {
    const user = userEvent.setup();
    const { requests } = setup('/admin?tab=mentors');
    const pending = await screen.findByRole('table', { name: 'Pending verification requests' });
    await user.click(within(pending).getByRole('button', { name: 'Reject Paula Pending' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject this verification request?' });
    expect(sent(requests, 'delete', '/users/mentor/m-pending')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reject and delete' }));
    await waitFor(() => expect(sent(requests, 'delete', '/users/mentor/m-pending')).toHaveLength(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Mentor deleted successfully'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('says which delete failed', async () => {
    const user = userEvent.setup();
    setup('/admin?tab=discussions', (url, method) =>
      method === 'delete' && url === '/discussions/d1' ? { status: 500, data: {} } : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Discussions' });
    expect(within(table).getByText('Flagged')).toBeInTheDocument();
    expect(within(table).getByText('Hidden')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Load more' })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Delete Parsing questions' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete discussion' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to delete discussion'));
  });

  it("shows 'Failed to fetch data' when a list cannot be loaded", async () => {
    setup('/admin?tab=learners', (url) => (url === '/users/learners' ? { status: 500, data: {} } : undefined));
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch data', { id: 'admin-fetch-failed' });
  });

  it('lists the audit log, newest first, with who, what, the target and the detail, and loads more', async () => {
    const user = userEvent.setup();
    const { requests } = setup('/admin?tab=audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [newest] = within(table).getAllByRole('row').slice(1);
    expect(newest).toHaveTextContent('Changed a role');
    expect(newest).toHaveTextContent('Ada Admin');
    expect(newest).toHaveTextContent('Nina New');
    expect(newest).toHaveTextContent('learner → mentor');
    expect(within(newest as HTMLElement).getByText((_, node) => node?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      ENTRY_NEW.createdAt,
    );
    expect(within(table).queryByText('Spam class')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Spam class')).toBeInTheDocument();
    expect(within(table).getByText('Former Admin')).toBeInTheDocument();
    expect(within(table).getByText('Deleted a class')).toBeInTheDocument();
    expect(sent(requests, 'get', '/admin/audit-log').map((request) => request.params?.cursor)).toEqual([
      undefined,
      'page-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('changes a role from the person row only after a confirmation', async () => {
    const user = userEvent.setup();
    const { requests } = setup('/admin?tab=mentors');
    const others = await screen.findByRole('table', { name: 'Mentors' });
    const select = within(others).getByRole('combobox', { name: 'Role of Nina New' });
    expect(select).toHaveValue('mentor');
    await user.selectOptions(select, 'both');
    const dialog = screen.getByRole('alertdialog', { name: 'Change this role?' });
    expect(dialog).toHaveTextContent('Nina New goes from Mentor to Mentor & learner');
    // Cancel sends nothing, and the row still shows the role the person has.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(select).toHaveValue('mentor');
    expect(requests.filter((request) => request.method === 'put')).toHaveLength(0);

    await user.selectOptions(select, 'both');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(sent(requests, 'put', '/admin/users/m-new/role')).toHaveLength(1));
    expect(JSON.parse(String(sent(requests, 'put', '/admin/users/m-new/role')[0]?.data))).toEqual({ role: 'both' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Role changed successfully'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("says why a role change was refused (the server's message), from the learners list too", async () => {
    const user = userEvent.setup();
    const refusal = 'This is the last administrator, so the role cannot change.';
    setup('/admin?tab=learners', (url, method) => {
      if (method === 'get' && url === '/users/learners')
        return { status: 200, data: [person({ _id: 'l1', name: 'Lea', role: 'learner' })] };
      if (method === 'put' && url === '/admin/users/l1/role') return { status: 409, data: { message: refusal } };
      return undefined;
    });
    const table = await screen.findByRole('table', { name: 'Learners' });
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Role of Lea' }), 'admin');
    const dialog = screen.getByRole('alertdialog', { name: 'Change this role?' });
    expect(dialog).toHaveTextContent('verify mentors');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(refusal));
  });

  it('lists the admins, newest first, with "(you)" on your own row, whose role selector is disabled', async () => {
    const { requests } = setup('/admin?tab=admins');
    expect(screen.getByRole('tab', { name: 'Admins' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Admins' });
    expect(sent(requests, 'get', '/users/admins')).toHaveLength(1);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader')).toHaveTextContent(/Otto Other$/);
    expect(within(second).getByRole('rowheader')).toHaveTextContent(/Ada Admin \(you\)$/);
    expect(within(table).getByRole('combobox', { name: 'Role of Otto Other' })).toBeEnabled();
    const own = within(table).getByRole('combobox', { name: 'Role of Ada Admin' });
    expect(own).toHaveValue('admin');
    expect(own).toBeDisabled();
    // Admins are not deleted here: the rows have no buttons.
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });

  it('demotes another admin after a confirmation, then lists the admins again', async () => {
    const user = userEvent.setup();
    const { requests } = setup('/admin?tab=admins');
    const table = await screen.findByRole('table', { name: 'Admins' });
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Role of Otto Other' }), 'learner');
    const dialog = screen.getByRole('alertdialog', { name: 'Change this role?' });
    expect(dialog).toHaveTextContent('Otto Other goes from Administrator to Learner');
    expect(dialog).toHaveTextContent('They will lose access to the admin dashboard.');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(sent(requests, 'put', '/admin/users/admin-2/role')).toHaveLength(1));
    expect(JSON.parse(String(sent(requests, 'put', '/admin/users/admin-2/role')[0]?.data))).toEqual({
      role: 'learner',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Role changed successfully'));
    await waitFor(() => expect(sent(requests, 'get', '/users/admins')).toHaveLength(2));
  });

  it("shows the server's refusal when a demotion would leave no admin", async () => {
    const user = userEvent.setup();
    setup('/admin?tab=admins', (url, method) =>
      method === 'put' && url === '/admin/users/admin-2/role'
        ? { status: 409, data: { message: MESSAGES.server.lastAdminRole } }
        : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Admins' });
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Role of Otto Other' }), 'mentor');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.server.lastAdminRole));
  });
});
