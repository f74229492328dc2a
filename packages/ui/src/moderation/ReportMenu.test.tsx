import { MESSAGES, REPORT_NOTE_MAX } from '@mentora/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { localMoments } from '../components/formatters';
import type { FakeAnswer } from '../test/fakeAdapter';
import { PAGE_TEST_TIMEOUT_MS } from '../test/fixtures';
import { renderWithAuth, sent, TEST_USER } from '../test/renderWithAuth';
import { NOTE_TOO_LONG, REASON_REQUIRED } from './ReportDialog';
import { ReportMenu } from './ReportMenu';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('react-hot-toast', () => ({ default: toast }));

const BEA = { _id: 'bea', name: 'Bea Replier' };
const REPORT = {
  _id: 'rep1',
  targetType: 'reply',
  targetId: 'r1',
  reason: 'spam',
  note: '',
  entryId: 'e1',
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
};

function setup({
  author = BEA,
  user = TEST_USER,
  answer = () => ({ status: 201, data: { report: REPORT, hidden: false } }),
}: {
  author?: { _id: string; name: string };
  user?: typeof TEST_USER | null;
  answer?: (config: InternalAxiosRequestConfig) => FakeAnswer;
} = {}) {
  return renderWithAuth(
    <ReportMenu
      targetType="reply"
      targetId="r1"
      author={author}
      subject="Reply by Bea Replier"
      label="More actions for the reply by Bea Replier"
    />,
    { path: '/x', user, answer },
  );
}

async function openReport(which: RegExp = /^Report reply$/) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'More actions for the reply by Bea Replier' }));
  await user.click(screen.getByRole('button', { name: which }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('ReportMenu', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('is not shown to signed-out people', () => {
    setup({ user: null });
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('is not shown on one’s own content', () => {
    setup({ author: { _id: TEST_USER._id, name: TEST_USER.name } });
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('offers to report the item and its author’s profile', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'More actions for the reply by Bea Replier' }));
    expect(screen.getByRole('button', { name: 'Report reply' })).toBeVisible();
    expect(screen.getByRole('button', { name: "Report Bea Replier's profile" })).toBeVisible();
  });

  it('asks for a reason before sending anything', async () => {
    const { requests } = setup();
    const { user, dialog } = await openReport();
    expect(dialog).toHaveAccessibleName('Report reply');
    // It opens on its first field (issue #37.3).
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toHaveFocus();
    expect(sent(requests, 'post', '/reports')).toHaveLength(0);
  });

  it('counts the note and refuses one over 500 characters', async () => {
    const { requests } = setup();
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Off-topic' }));
    const note = within(dialog).getByRole('textbox', { name: /Note/ });
    fireEvent.change(note, { target: { value: 'x'.repeat(REPORT_NOTE_MAX + 1) } });
    expect(within(dialog).getByText(`${REPORT_NOTE_MAX + 1}/${REPORT_NOTE_MAX}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(NOTE_TOO_LONG)).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(sent(requests, 'post', '/reports')).toHaveLength(0);
  });

  it('sends the reason and note, thanks the reporter and closes', async () => {
    toast.success.mockClear();
    const { requests } = setup();
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Abuse or harassment' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Insults me in every thread');
    expect(within(dialog).getByText('26/500')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('button', { name: /More actions/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [request] = sent(requests, 'post', '/reports');
    expect(JSON.parse(String(request?.data))).toEqual({
      targetType: 'reply',
      targetId: 'r1',
      reason: 'abuse',
      note: 'Insults me in every thread',
    });
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.moderation.reportSent);
  });

  it('reports the author’s profile as a user', async () => {
    const { requests } = setup();
    const { user, dialog } = await openReport(/profile/);
    expect(dialog).toHaveAccessibleName("Report Bea Replier's profile");
    await user.click(within(dialog).getByRole('radio', { name: 'Inappropriate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await screen.findByRole('button', { name: /More actions/ });
    expect(JSON.parse(String(sent(requests, 'post', '/reports')[0]?.data))).toMatchObject({
      targetType: 'user',
      targetId: 'bea',
      reason: 'inappropriate',
    });
  });

  it('says when the report updated an earlier one, and remembers it on the next opening', async () => {
    toast.success.mockClear();
    setup({
      answer: () => ({ status: 200, data: { report: { ...REPORT, reason: 'other', note: 'again' }, hidden: false } }),
    });
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await screen.findByRole('button', { name: /More actions/ });
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.moderation.reportUpdated);
    const again = await openReport();
    expect(within(again.dialog).getByText(/You reported this on/)).toBeInTheDocument();
    expect(within(again.dialog).getByRole('radio', { name: 'Other' })).toBeChecked();
  });

  it.each([
    [429, MESSAGES.server.tooManyRequests],
    [403, MESSAGES.server.silenced('2026-12-03T14:05:00.000Z', 'Spamming the community')],
  ])('shows the server’s %i message in the dialog', async (status, message) => {
    setup({ answer: () => ({ status, data: { message } }) });
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(localMoments(message));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('gives focus back to the ⋯ button when the dialog closes', async () => {
    setup();
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More actions for the reply by Bea Replier' })).toHaveFocus();
  });
});
