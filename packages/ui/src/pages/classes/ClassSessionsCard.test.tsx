import type { ClassSession } from '@mentora/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../test/fakeAdapter';
import { makeClass, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, sent } from '../../test/renderWithAuth';
import { ClassSessionsCard, countdown } from './ClassSessionsCard';

vi.mock('react-hot-toast', () => {
  const toast = Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() });
  return { default: toast };
});

const NOW = Date.parse('2026-12-01T09:00:00.000Z');
const MIN = 60_000;
const session = (o: Partial<ClassSession> & { _id: string; startsAt: string }): ClassSession => ({
  classId: 'c1',
  title: 'Ownership',
  durationMinutes: 60,
  endsAt: new Date(Date.parse(o.startsAt) + (o.durationMinutes ?? 60) * MIN).toISOString(),
  ...o,
});
const SOON = session({ _id: 's1', startsAt: new Date(NOW + 15 * MIN).toISOString() });
const LATER = session({ _id: 's2', title: '', startsAt: new Date(NOW + 2 * 86_400_000).toISOString() });

function setup({
  isOwner = false,
  answer,
}: {
  isOwner?: boolean;
  answer?: (c: InternalAxiosRequestConfig) => FakeAnswer | undefined;
} = {}) {
  const cls = makeClass({ _id: 'c1', title: 'Rust basics' });
  return renderWithAuth(<ClassSessionsCard cls={cls} isMember isOwner={isOwner} />, {
    path: '/classes/c1',
    route: '/classes/:id',
    answer: (config) => {
      const own = answer?.(config);
      if (own) return own;
      if (config.method === 'get' && config.url === '/classes/c1/sessions')
        return { status: 200, data: { sessions: [SOON, LATER] } };
      return { status: 404, data: { message: 'Not found' } };
    },
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

describe('countdown', () => {
  it('count down in days, hours, minutes and seconds', () => {
    expect(countdown(NOW + 2 * 86_400_000 + 3 * 3_600_000, NOW)).toBe('2 d 3 h');
    expect(countdown(NOW + 3 * 3_600_000 + 5 * MIN, NOW)).toBe('3 h 05 min');
    expect(countdown(NOW + 4 * MIN + 9_000, NOW)).toBe('4 min 09 s');
    expect(countdown(NOW - 1000, NOW)).toBe('0 min 00 s');
  });
});

describe('ClassSessionsCard', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('lists the sessions in the viewer’s zone and counts down to the next, with no Join of their own', async () => {
    setup();
    const items = await screen.findAllByTestId('session-item');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Ownership')).toBeInTheDocument();
    // Untitled: the class names it.
    expect(within(items[1] as HTMLElement).getByText('Rust basics')).toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement).getByText(
        new Date(SOON.startsAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent('Starts in 15 min 00 s');
    await act(() => vi.advanceTimersByTimeAsync(5 * MIN + 1000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('Starts in 9 min');
    // The class's one Join is in its actions card (issue #37.2).
    expect(screen.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
    // Learners neither schedule nor edit.
    expect(screen.queryByRole('button', { name: 'Schedule session' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('downloads the session’s .ics through the API, named for the class and the day', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { requests } = setup({
      answer: (c) =>
        c.method === 'get' && c.url === '/classes/c1/sessions/s1.ics'
          ? { status: 200, data: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }
          : undefined,
    });
    const items = await screen.findAllByTestId('session-item');
    await user().click(within(items[0] as HTMLElement).getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(sent(requests, 'get', '/classes/c1/sessions/s1.ics')).toHaveLength(1);
    const day = new Date(SOON.startsAt).toLocaleDateString('en-CA');
    expect(saved).toEqual([`rust-basics-${day}.ics`]);
    click.mockRestore();
  });

  it('lets its mentor schedule a session in their own zone', async () => {
    const { requests } = setup({
      isOwner: true,
      answer: (c) => (c.method === 'post' ? { status: 201, data: SOON } : undefined),
    });
    await screen.findAllByTestId('session-item');
    await user().click(screen.getByRole('button', { name: 'Schedule session' }));
    const dialog = await screen.findByRole('dialog');
    // Typing goes straight into its first field (issue #37.3).
    expect(within(dialog).getByLabelText('Title (optional)')).toHaveFocus();
    await user().keyboard('Borrowing');
    expect(within(dialog).getByLabelText('Title (optional)')).toHaveValue('Borrowing');
    const start = within(dialog).getByLabelText('Starts');
    await user().clear(start);
    await user().type(start, '2026-12-03T18:30');
    const duration = within(dialog).getByLabelText('Duration (minutes)');
    await user().clear(duration);
    await user().type(duration, '90');
    await user().click(within(dialog).getByRole('button', { name: 'Schedule session' }));
    await waitFor(() => expect(sent(requests, 'post', '/classes/c1/sessions')).toHaveLength(1));
    expect(JSON.parse(sent(requests, 'post', '/classes/c1/sessions')[0]?.data as string)).toEqual({
      title: 'Borrowing',
      startsAt: new Date(2026, 11, 3, 18, 30).toISOString(),
      durationMinutes: 90,
    });
  });

  it('refuses a duration out of bounds before sending', async () => {
    const { requests } = setup({ isOwner: true });
    await screen.findAllByTestId('session-item');
    await user().click(screen.getByRole('button', { name: 'Schedule session' }));
    const dialog = await screen.findByRole('dialog');
    await user().type(within(dialog).getByLabelText('Starts'), '2026-12-03T18:30');
    const duration = within(dialog).getByLabelText('Duration (minutes)');
    await user().clear(duration);
    await user().type(duration, '500');
    await user().click(within(dialog).getByRole('button', { name: 'Schedule session' }));
    expect(await within(dialog).findByText('Duration must be 15 to 480 minutes.')).toBeInTheDocument();
    expect(sent(requests, 'post', '/classes/c1/sessions')).toHaveLength(0);
  });

  it('cancels a session only after confirmation', async () => {
    const { requests } = setup({
      isOwner: true,
      answer: (c) => (c.method === 'delete' ? { status: 200, data: { message: 'Session cancelled' } } : undefined),
    });
    const items = await screen.findAllByTestId('session-item');
    await user().click(within(items[0] as HTMLElement).getByRole('button', { name: 'Cancel session' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(sent(requests, 'delete', '/classes/c1/sessions/s1')).toHaveLength(0);
    await user().click(within(confirm).getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(sent(requests, 'delete', '/classes/c1/sessions/s1')).toHaveLength(1));
  });
});
