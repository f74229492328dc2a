import { MESSAGES, type ModerationEntry, type ModerationStatsResponse } from '@mentora/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../../../layout/AppToaster';
import { applyLiveEvent } from '../../../live/dispatch';
import type { FakeAnswer } from '../../../test/fakeAdapter';
import { renderWithAuth, TEST_USER } from '../../../test/renderWithAuth';
import { AdminPage } from '../AdminPage';
import { UNDO_MS } from './useDelayedResolve';

// The chart library draws nothing measurable in jsdom: its figures are checked through the table.
vi.mock('./StatsChart', () => ({ StatsChart: () => <div data-testid="stats-chart" /> }));

const ADMIN = { ...TEST_USER, _id: 'admin-1', name: 'Ada Admin', role: 'admin' as const };
const history = { openCount: 1, resolved: { dismiss: 2, hide: 1, delete: 0 }, recent: [] };

function entry(id: string, overrides: Partial<ModerationEntry> = {}): ModerationEntry {
  return {
    _id: id,
    targetType: 'discussion',
    targetId: `t-${id}`,
    target: {
      type: 'discussion',
      _id: `t-${id}`,
      title: `Title ${id}`,
      content: `Content of ${id}`,
      author: { _id: 'u-bad', name: 'Bea Bad' },
      context: { type: 'class', _id: 'c1', title: 'Compilers' },
      link: `/discussions/t-${id}`,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
    reports: [],
    autoFlag: null,
    score: 10,
    status: 'open',
    hidden: false,
    author: { _id: 'u-bad', name: 'Bea Bad', history },
    createdAt: '2026-11-20T10:00:00.000Z',
    resolution: null,
    ...overrides,
  };
}

const FIRST = entry('e1', {
  score: 40,
  reports: [
    {
      _id: 'r1',
      reporter: { _id: 'u1', name: 'Rita Reporter' },
      reason: 'spam',
      note: 'Sells pills',
      createdAt: '2026-11-20T11:00:00.000Z',
      updatedAt: '2026-11-20T11:00:00.000Z',
    },
  ],
});
const SECOND = entry('e2', {
  targetType: 'post',
  score: 10,
  autoFlag: { reason: 'Hostile tone', severe: false },
  target: { ...(entry('e2').target as NonNullable<ModerationEntry['target']>), type: 'post', title: 'Title e2' },
});

const STATS: ModerationStatsResponse = {
  days: [
    { date: '2026-11-25', reports: 3, autoFlags: 1, decisions: 2 },
    { date: '2026-11-26', reports: 1, autoFlags: 0, decisions: 4 },
  ],
  medianDecisionHours: 5.5,
};

const resolves = (requests: InternalAxiosRequestConfig[]) =>
  requests
    .filter((r) => r.method === 'post' && r.url?.startsWith('/moderation/queue/'))
    .map((r) => ({ url: r.url, body: JSON.parse(String(r.data)) }));

const queueRequests = (requests: InternalAxiosRequestConfig[]) =>
  requests.filter((r) => r.method === 'get' && r.url === '/moderation/queue' && r.params?.limit !== 1);

/** What the fake server answers as the open count (a live event's count is also its next answer's). */
let serverOpenCount = 2;

function setup(overrides: (config: InternalAxiosRequestConfig) => FakeAnswer | undefined = () => undefined) {
  return renderWithAuth(
    <>
      <AdminPage />
      <AppToaster />
    </>,
    {
      path: '/admin?tab=moderation',
      route: '/admin',
      user: ADMIN,
      answer: (config) => {
        const override = overrides(config);
        if (override) return override;
        const url = config.url ?? '';
        if (config.method === 'get' && url === '/moderation/queue') {
          return { status: 200, data: { items: [FIRST, SECOND], nextCursor: null, openCount: serverOpenCount } };
        }
        if (config.method === 'get' && url === '/moderation/stats') return { status: 200, data: STATS };
        if (config.method === 'post' && url.endsWith('/resolve')) {
          const id = url.split('/')[3] as string;
          const body = JSON.parse(String(config.data));
          return {
            status: 200,
            data: entry(id, {
              status: 'resolved',
              resolution: { action: body.action, reason: '', by: { _id: 'admin-1', name: 'Ada' }, at: '' },
            }),
          };
        }
        return { status: 404, data: { message: 'Not found' } };
      },
    },
  );
}

const cards = () => screen.getAllByRole('article');
const selectedCard = () => cards().find((card) => card.getAttribute('aria-current') === 'true');

beforeEach(() => {
  serverOpenCount = 2;
  // jsdom has no matchMedia; react-hot-toast asks it whether motion is reduced.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const waitOutUndo = () => act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 100));

describe('the Moderation tab', () => {
  it('lists the entries in the order the server gives (highest score first), with reports and history', async () => {
    setup();
    await screen.findByText('Title e1');
    expect(cards().map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Title e1',
      'Title e2',
    ]);
    const first = cards()[0] as HTMLElement;
    expect(within(first).getByText('Rita Reporter', { exact: false })).toBeInTheDocument();
    expect(within(first).getByText('“Sells pills”')).toBeInTheDocument();
    expect(within(first).getByText(/2 dismissed · 1 hidden · 0 deleted/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open in context' })).toHaveAttribute('href', '/discussions/t-e1');
    expect(within(cards()[1] as HTMLElement).getByText('Flagged: Hostile tone')).toBeInTheDocument();
    // The open count on the heading and on the tab; the figures as a table.
    expect(screen.getByRole('heading', { name: /Moderation.*2 open/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Moderation.*2 open/ })).toBeInTheDocument();
    expect(await screen.findByText('5.5 h')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Reports, automatic flags and decisions per day' })).toBeInTheDocument();
  });

  it('asks the server again when a filter changes', async () => {
    const u = user();
    const { requests } = setup();
    await screen.findByText('Title e1');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'reply');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'abuse');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'auto');
    await u.click(screen.getByRole('radio', { name: 'Resolved' }));
    await waitFor(() =>
      expect(queueRequests(requests).at(-1)?.params).toMatchObject({
        status: 'resolved',
        targetType: 'reply',
        reason: 'abuse',
        source: 'auto',
      }),
    );
    expect(queueRequests(requests)[0]?.params).toMatchObject({ status: 'open' });
  });

  it('dismisses after the undo time, with no body but the action', async () => {
    const u = user();
    const { requests } = setup();
    await screen.findByText('Title e1');
    await u.click(screen.getByRole('button', { name: 'Dismiss Title e1' }));
    // Gone from the list at once, sent only once the undo time is over.
    expect(screen.queryByText('Title e1')).toBeNull();
    expect(resolves(requests)).toHaveLength(0);
    await waitOutUndo();
    await waitFor(() =>
      expect(resolves(requests)).toEqual([{ url: '/moderation/queue/e1/resolve', body: { action: 'dismiss' } }]),
    );
  });

  it('hides with a reason and a sanction', async () => {
    const u = user();
    const { requests } = setup();
    await screen.findByText('Title e1');
    await u.type(screen.getByRole('textbox', { name: 'Private reason (optional)' }), 'Advertising');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Sanction of the author' }), 'silence');
    await u.type(screen.getByRole('spinbutton', { name: 'Days' }), '7');
    await u.type(screen.getByRole('textbox', { name: 'Message to the person' }), 'No adverts, please');
    await u.click(screen.getByRole('button', { name: 'Hide Title e1' }));
    await waitOutUndo();
    await waitFor(() =>
      expect(resolves(requests)[0]?.body).toEqual({
        action: 'hide',
        reason: 'Advertising',
        sanction: { kind: 'silence', days: 7, message: 'No adverts, please' },
      }),
    );
  });

  it('deletes only after a confirmation, at once', async () => {
    const u = user();
    const { requests } = setup();
    await screen.findByText('Title e1');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Sanction of the author' }), 'warn');
    await u.type(screen.getByRole('textbox', { name: 'Message to the person' }), 'Last warning');
    await u.click(screen.getByRole('button', { name: 'Delete Title e1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this content?' });
    // It says what comes with the deletion (issue #37.7).
    expect(dialog).toHaveTextContent('Its author will also be warned, and told so.');
    expect(resolves(requests)).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(resolves(requests)).toEqual([
        {
          url: '/moderation/queue/e1/resolve',
          body: { action: 'delete', sanction: { kind: 'warn', message: 'Last warning' } },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Title e1')).toBeNull());
  });

  it('checks the sanction before sending: days for a suspension, a message for any', async () => {
    const u = user();
    const { requests } = setup();
    await screen.findByText('Title e1');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Sanction of the author' }), 'suspend');
    await u.click(screen.getByRole('button', { name: 'Hide Title e1' }));
    expect(screen.getByText(MESSAGES.server.sanctionDaysRequired)).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    await u.type(screen.getByRole('spinbutton', { name: 'Days' }), '400');
    await u.type(screen.getByRole('textbox', { name: 'Message to the person' }), 'Go away');
    await u.click(screen.getByRole('button', { name: 'Hide Title e1' }));
    expect(screen.getByText('Days must be at most 365')).toBeInTheDocument();
    expect(screen.getByText('Title e1')).toBeInTheDocument();
    await waitOutUndo();
    expect(resolves(requests)).toHaveLength(0);
  });

  it('works by keyboard: j and k move, d dismisses, h hides, x asks before deleting, ? shows the keys', async () => {
    const u = user();
    const { requests } = setup();
    await screen.findByText('Title e1');
    expect(selectedCard()).toHaveAccessibleName('Discussion: Title e1');
    await u.keyboard('j');
    expect(selectedCard()).toHaveAccessibleName('Community post: Title e2');
    await u.keyboard('k');
    expect(selectedCard()).toHaveAccessibleName('Discussion: Title e1');
    await u.keyboard('?');
    const keys = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(keys).getByText('Hide the content (undo for 5 seconds)')).toBeInTheDocument();
    // Keys do nothing while a dialog is open.
    await u.keyboard('d');
    expect(screen.getByText('Title e1')).toBeInTheDocument();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await u.keyboard('x');
    expect(screen.getByRole('alertdialog', { name: 'Delete this content?' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await u.keyboard('d');
    // The next entry is selected once the first is gone: h hides it.
    expect(selectedCard()).toHaveAccessibleName('Community post: Title e2');
    await u.keyboard('h');
    await waitOutUndo();
    await waitFor(() =>
      expect(resolves(requests)).toEqual([
        { url: '/moderation/queue/e1/resolve', body: { action: 'dismiss' } },
        { url: '/moderation/queue/e2/resolve', body: { action: 'hide' } },
      ]),
    );
  });

  it('acts by key only on an entry in sight: one scrolled away is brought into view and focused first', async () => {
    const u = user();
    const { requests } = setup();
    const card = (await screen.findByText('Title e1')).closest('article') as HTMLElement;
    // Scrolled far below the screen (jsdom lays nothing out: the box is said here).
    let top = 3000;
    vi.spyOn(card, 'getBoundingClientRect').mockImplementation(
      () => ({ top, bottom: top + 300, height: 300, left: 0, right: 800, width: 800, x: 0, y: top }) as DOMRect,
    );
    const scrolled = vi.fn(() => {
      top = 100;
    });
    card.scrollIntoView = scrolled;
    await u.keyboard('d');
    expect(scrolled).toHaveBeenCalled();
    expect(card).toHaveFocus();
    expect(screen.getByText('Title e1')).toBeInTheDocument();
    // In sight and focused now: the same key acts.
    await u.keyboard('d');
    expect(screen.queryByText('Title e1')).toBeNull();
    await waitOutUndo();
    await waitFor(() =>
      expect(resolves(requests)).toEqual([{ url: '/moderation/queue/e1/resolve', body: { action: 'dismiss' } }]),
    );
  });

  it('explains the score once above the queue', async () => {
    setup();
    await screen.findByText('Title e1');
    expect(
      screen.getByText(/^Score: 10 for each person who reported it, 30 for a severe automatic flag/),
    ).toBeVisible();
  });

  it('ignores the keys typed into a text box', async () => {
    const u = user();
    const { requests } = setup();
    await screen.findByText('Title e1');
    await u.type(screen.getByRole('textbox', { name: 'Private reason (optional)' }), 'hdxj');
    expect(screen.getByText('Title e1')).toBeInTheDocument();
    expect(selectedCard()).toHaveAccessibleName('Discussion: Title e1');
    await waitOutUndo();
    expect(resolves(requests)).toHaveLength(0);
  });

  it('undoes a dismiss from its toast: nothing is sent and the entry is back', async () => {
    const u = user();
    const { requests } = setup();
    await screen.findByText('Title e1');
    await u.keyboard('d');
    expect(screen.queryByText('Title e1')).toBeNull();
    await u.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(screen.getByText('Title e1')).toBeInTheDocument();
    await waitOutUndo();
    expect(resolves(requests)).toHaveLength(0);
  });

  it('sends a held-back dismiss at once when the tab is left, rather than dropping it', async () => {
    const u = user();
    const { requests } = setup();
    await screen.findByText('Title e1');
    await u.keyboard('d');
    expect(resolves(requests)).toHaveLength(0);
    await u.click(screen.getByRole('tab', { name: 'Audit log' }));
    await waitFor(() =>
      expect(resolves(requests)).toEqual([{ url: '/moderation/queue/e1/resolve', body: { action: 'dismiss' } }]),
    );
  });

  it('shows the open count of the live event, and one fewer after a resolve', async () => {
    const u = user();
    const { queryClient } = setup();
    await screen.findByText('Title e1');
    // Someone reported five more: the event says so, and the lists are fetched again.
    serverOpenCount = 7;
    act(() => applyLiveEvent(queryClient, 'moderation.queue', { openCount: 7 }));
    expect(await screen.findByRole('tab', { name: /Moderation.*7 open/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Moderation.*7 open/ })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Delete Title e1' }));
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Moderation.*6 open/ })).toBeInTheDocument());
  });
});
