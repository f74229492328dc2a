import { type ClassItem, type ClassSession, MESSAGES, type User } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/formatters';
import type { FakeAnswer } from '../../test/fakeAdapter';
import { makeClass, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, sent, TEST_USER } from '../../test/renderWithAuth';
import { ClassDetailPage } from './ClassDetailPage';

vi.mock('react-hot-toast', () => {
  const toast = Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() });
  return { default: toast };
});

const MENTOR: User = { ...TEST_USER, _id: 'mentor-1', name: 'Grace Hopper', role: 'mentor', verified: true };
const ADMIN: User = { ...TEST_USER, _id: 'admin-1', role: 'admin' };

type Answer = (config: InternalAxiosRequestConfig) => FakeAnswer | undefined;

/** A scheduled session of class c1 that starts `minutes` from now (before now when negative), for an hour. */
const sessionIn = (minutes: number): ClassSession => {
  const startsAt = new Date(Date.now() + minutes * 60_000);
  return {
    _id: `s${minutes}`,
    classId: 'c1',
    title: '',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
    durationMinutes: 60,
  };
};
const sessionsAnswer =
  (sessions: ClassSession[]): Answer =>
  (config) =>
    config.method === 'get' && config.url === '/classes/c1/sessions' ? { status: 200, data: { sessions } } : undefined;

/** The class page for c1, its GETs answered from `cls` and `enrolled`, anything else from `answer`. */
function setup({
  cls = makeClass({ _id: 'c1', title: 'Typed <i>JavaScript</i>' }),
  enrolled = false,
  user = TEST_USER,
  answer = () => undefined,
}: {
  cls?: ClassItem;
  enrolled?: boolean;
  user?: User | null;
  answer?: Answer;
} = {}) {
  return renderWithAuth(<ClassDetailPage />, {
    path: '/classes/c1',
    route: '/classes/:id',
    user,
    answer: (config) => {
      const own = answer(config);
      if (own) return own;
      if (config.method === 'get' && config.url === '/classes/c1') return { status: 200, data: cls };
      if (config.method === 'get' && config.url === '/classes/c1/enrollment')
        return { status: 200, data: { isEnrolled: enrolled } };
      return { status: 404, data: { message: 'Not found' } };
    },
  });
}

describe('ClassDetailPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the class’s files to its members only, and the drop zone to its mentor only', async () => {
    const files: Answer = (config) =>
      config.url === '/classes/c1/materials'
        ? { status: 200, data: { materials: [], usedBytes: 0, quotaBytes: 1024 ** 3 } }
        : undefined;
    const outsider = setup({ answer: files });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('materials-card')).not.toBeInTheDocument();
    expect(sent(outsider.requests, 'get', '/classes/c1/materials')).toHaveLength(0);
    outsider.unmount();

    for (const [who, options] of [
      ['enrolled', { enrolled: true }],
      ['admin', { user: ADMIN }],
    ] as const) {
      const view = setup({ ...options, answer: files });
      expect(await screen.findByText(MESSAGES.materials.none), who).toBeInTheDocument();
      expect(screen.queryByTestId('materials-dropzone')).not.toBeInTheDocument();
      view.unmount();
    }

    setup({ user: MENTOR, answer: files });
    expect(await screen.findByText(MESSAGES.materials.noneMentor)).toBeInTheDocument();
    expect(screen.getByTestId('materials-dropzone')).toBeInTheDocument();
  });

  it('shows the mentor’s note on materials once: in the Materials card for members, under Preparation for others', async () => {
    const cls = makeClass({ _id: 'c1', title: 'Pottery', materials: 'Bring clay and an apron' });
    const files: Answer = (config) =>
      config.url === '/classes/c1/materials'
        ? { status: 200, data: { materials: [], usedBytes: 0, quotaBytes: 1024 ** 3 } }
        : undefined;
    const member = setup({ cls, enrolled: true, answer: files });
    const card = await screen.findByTestId('materials-card');
    await waitFor(() =>
      expect(within(card).getByTestId('materials-note')).toHaveTextContent('Bring clay and an apron'),
    );
    expect(screen.getAllByText('Bring clay and an apron')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { name: 'Materials' })).toHaveLength(1);
    member.unmount();

    setup({ cls, answer: files });
    const preparation = await screen.findByRole('region', { name: 'Preparation' });
    expect(within(preparation).getByText('Bring clay and an apron')).toBeInTheDocument();
    expect(screen.getAllByText('Bring clay and an apron')).toHaveLength(1);
  });

  it('shows the class, its facts and its text as text', async () => {
    const { container } = setup({
      cls: makeClass({
        _id: 'c1',
        title: 'Typed <i>JavaScript</i>',
        prerequisites: 'Some <b>HTML</b>',
        tags: ['typescript'],
        contentType: 'video',
        contentUrl: 'https://videos.example.com/c1',
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Typed <i>JavaScript</i>' })).toBeInTheDocument();
    expect(screen.getByText('Some <b>HTML</b>')).toBeInTheDocument();
    expect(container.querySelector('i, b')).toBeNull();
    expect(screen.getByText('#typescript')).toBeInTheDocument();
    expect(screen.getByText('Mondays, 18:00')).toBeInTheDocument();
    expect(screen.getByTestId('capacity')).toHaveTextContent('3 / 20');
    expect(screen.getByRole('link', { name: /Open class content/ })).toHaveAttribute(
      'href',
      'https://videos.example.com/c1',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Join this class' })).toBeInTheDocument();
  });

  it('says so when the class does not exist', async () => {
    setup({ answer: (config) => (config.url === '/classes/c1' ? { status: 404, data: {} } : undefined) });
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.classDetail.notFound })).toBeInTheDocument();
  });

  it('shows the server’s message when the class fails to load, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    setup({
      answer: (config) =>
        config.url === '/classes/c1' && fail ? { status: 500, data: { message: 'Database unavailable' } } : undefined,
    });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Typed <i>JavaScript</i>' })).toBeInTheDocument();
  });

  it('enrols, says so, and moves focus to the actions heading', async () => {
    const user = userEvent.setup();
    let enrolled = false;
    const { requests } = setup({
      answer: (config) => {
        if (config.method === 'post' && config.url === '/classes/c1/enroll') {
          enrolled = true;
          return { status: 200, data: { message: 'ok' } };
        }
        if (config.url === '/classes/c1/enrollment') return { status: 200, data: { isEnrolled: enrolled } };
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Enrol in class' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.classDetail.enrolled));
    expect(sent(requests, 'post', '/classes/c1/enroll')).toHaveLength(1);
    const heading = await screen.findByRole('heading', { level: 2, name: 'You are enrolled' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Unenrol' })).toBeInTheDocument();
  });

  it('shows the server’s refusal when enrolling fails, and reloads the class', async () => {
    const user = userEvent.setup();
    const { requests } = setup({
      answer: (config) =>
        config.method === 'post' && config.url === '/classes/c1/enroll'
          ? { status: 409, data: { message: 'Class is full' } }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Enrol in class' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Class is full'));
    await waitFor(() => expect(sent(requests, 'get', '/classes/c1')).toHaveLength(2));
  });

  it('unenrols after a confirmation, and keeps the dialog open with the error when it fails', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { requests } = setup({
      enrolled: true,
      answer: (config) =>
        config.method === 'post' && config.url === '/classes/c1/unenroll'
          ? refuse
            ? { status: 500, data: {} }
            : { status: 200, data: { message: 'ok' } }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Unenrol' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Unenrol from this class?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unenrol' }));
    expect(await within(dialog).findByText(MESSAGES.classDetail.unenrolFailed)).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Unenrol' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.classDetail.unenrolled));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent(requests, 'post', '/classes/c1/unenroll')).toHaveLength(2);
  });

  it('lets its mentor delete the class, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { requests } = setup({
      user: MENTOR,
      answer: (config) =>
        config.method === 'delete' && config.url === '/classes/c1'
          ? { status: 200, data: { message: 'ok' } }
          : undefined,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Your class' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enrol in class' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete class' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this class?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete class' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/classes'));
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.classDetail.deleted);
    expect(sent(requests, 'delete', '/classes/c1')).toHaveLength(1);
  });

  it('shows the server’s message in the dialog when deleting fails', async () => {
    const user = userEvent.setup();
    setup({
      user: ADMIN,
      answer: (config) =>
        config.method === 'delete' ? { status: 403, data: { message: 'Not allowed here' } } : undefined,
    });
    expect(await screen.findByText('You are viewing this class as an administrator.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete class' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this class?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete class' }));
    expect(await within(dialog).findByText('Not allowed here')).toBeInTheDocument();
  });

  it('starts the live session in the tab opened by the click', async () => {
    const user = userEvent.setup();
    const { platform } = setup({
      user: MENTOR,
      answer: (config) =>
        config.method === 'post' && config.url === '/classes/c1/live'
          ? { status: 200, data: { url: 'https://meet.example.com/room-1' } }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Start live session' }));
    await waitFor(() => expect(platform.opened).toEqual(['https://meet.example.com/room-1']));
    expect(toast.success).toHaveBeenCalledWith('Live session started. The room opened in a new tab.');
  });

  it('closes the waiting tab when the live session cannot start', async () => {
    const user = userEvent.setup();
    const { platform } = setup({
      user: MENTOR,
      answer: (config) =>
        config.method === 'post' && config.url === '/classes/c1/live' ? { status: 500, data: {} } : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Start live session' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to start the live session'));
    expect(platform.pending.map((tab) => tab.state)).toEqual(['cancelled']);
  });

  it('lets its mentor make a new room link after a confirmation', async () => {
    const user = userEvent.setup();
    const { requests } = setup({
      user: MENTOR,
      answer: (config) =>
        config.method === 'post' && config.url === '/classes/c1/live/room'
          ? { status: 200, data: { url: 'https://meet.example.com/room-2' } }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'New room link' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Make a new room link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make new link' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.classDetail.roomRotated));
    expect(sent(requests, 'post', '/classes/c1/live/room')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('opens the live room for an enrolled learner from 10 minutes before the next session (issue #37.2)', async () => {
    const user = userEvent.setup();
    const { platform } = setup({
      enrolled: true,
      answer: (config) =>
        config.method === 'get' && config.url === '/classes/c1/live'
          ? { status: 200, data: { url: 'https://meet.example.com/room-1', live: false } }
          : sessionsAnswer([sessionIn(5)])(config),
    });
    expect(await screen.findByTestId('live-status')).toHaveTextContent(
      /^The next session starts in \d min \d\d s\. The room is open\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Join live session' }));
    await waitFor(() => expect(platform.opened).toEqual(['https://meet.example.com/room-1']));
    expect(toast).toHaveBeenCalledWith(
      'The session has not started yet. The room is open: your mentor will join there.',
    );
  });

  it('offers one Join, closed until the next session is near, and says when it opens', async () => {
    const next = sessionIn(2 * 24 * 60);
    setup({ enrolled: true, answer: sessionsAnswer([next, sessionIn(9 * 24 * 60)]) });
    const status = await screen.findByTestId('live-status');
    expect(status).toHaveTextContent(
      `Next session: ${formatDateTime(next.startsAt)}. Join opens 10 minutes before it starts.`,
    );
    expect(screen.getAllByRole('button', { name: /Join/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Join live session' })).toBeDisabled();
  });

  it('says the session is on, and Join opens it, while a session runs or its mentor has started one', async () => {
    for (const [cls, sessions] of [
      [makeClass({ _id: 'c1', live: false }), [sessionIn(-5)]],
      [makeClass({ _id: 'c1', live: true }), []],
    ] as const) {
      const { unmount } = setup({ cls, enrolled: true, answer: sessionsAnswer([...sessions]) });
      expect(await screen.findByTestId('live-status')).toHaveTextContent('The live session is on now.');
      expect(screen.getByRole('button', { name: 'Join live session' })).toBeEnabled();
      unmount();
    }
  });

  it('offers no Join when nothing is on or scheduled', async () => {
    setup({ enrolled: true, answer: sessionsAnswer([]) });
    expect(await screen.findByTestId('live-status')).toHaveTextContent(
      'No live session is on or scheduled yet. You will be told when one is.',
    );
    expect(screen.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
  });

  it('shows no live controls on a video or file class, to its learners or its mentor', async () => {
    for (const contentType of ['video', 'uploadable'] as const) {
      for (const who of [
        { user: TEST_USER, enrolled: true },
        { user: MENTOR, enrolled: false },
      ]) {
        const cls = makeClass({ _id: 'c1', contentType, live: true, mentor: { _id: MENTOR._id, name: MENTOR.name } });
        const { unmount } = setup({ cls, ...who, answer: sessionsAnswer([sessionIn(5)]) });
        expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
        await screen.findByRole('heading', { name: who.user === MENTOR ? 'Your class' : 'You are enrolled' });
        expect(screen.queryByTestId('live-status')).not.toBeInTheDocument();
        expect(screen.queryByTestId('sessions-card')).not.toBeInTheDocument();
        for (const name of [/Join/, /live session/, 'New room link'])
          expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
        unmount();
      }
    }
  });

  it('links an enrolled learner to the class’s discussions', async () => {
    setup({ enrolled: true });
    expect(await screen.findByRole('link', { name: 'View discussions' })).toHaveAttribute(
      'href',
      '/discussions?classId=c1',
    );
    expect(screen.getByRole('link', { name: 'Start Discussion' })).toHaveAttribute(
      'href',
      '/discussions/create?classId=c1',
    );
  });

  it('keeps the discussions closed to someone not enrolled', async () => {
    setup();
    expect(await screen.findByText("Enrol to read this class's discussions and start your own.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View discussions' })).not.toBeInTheDocument();
  });

  it('offers its mentor "Edit class", the roster and the insight; an admin the roster and insight; a learner none', async () => {
    const { unmount } = setup({ user: MENTOR });
    expect(await screen.findByRole('link', { name: 'Edit class' })).toHaveAttribute('href', '/classes/c1/edit');
    expect(screen.getByRole('link', { name: 'Roster' })).toHaveAttribute('href', '/classes/c1/roster');
    expect(screen.getByRole('link', { name: 'Insight' })).toHaveAttribute('href', '/classes/c1/insight');
    unmount();
    const admin = setup({ user: ADMIN });
    expect(await screen.findByRole('link', { name: 'Roster' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Insight' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit class' })).not.toBeInTheDocument();
    admin.unmount();
    setup();
    expect(await screen.findByRole('button', { name: 'Enrol in class' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Roster' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Insight' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit class' })).not.toBeInTheDocument();
  });

  it('says a completed class takes no new enrolments, and offers none', async () => {
    setup({ cls: makeClass({ _id: 'c1', status: 'completed' }) });
    expect(await screen.findByTestId('completed-note')).toHaveTextContent(
      `${MESSAGES.classDetail.completed}: it takes no new enrolments.`,
    );
    expect(screen.queryByRole('button', { name: 'Enrol in class' })).not.toBeInTheDocument();
  });
});
