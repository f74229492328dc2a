import type { ChatHistoryItem } from '@mentora/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithAuth, sent } from '../test/renderWithAuth';
import { AssistantWidget } from './AssistantWidget';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const HISTORY: ChatHistoryItem[] = [
  { role: 'user', content: 'hello', createdAt: '2026-01-01T10:00:00.000Z' },
  { role: 'assistant', content: 'Hello Ada! Browse [Classes](/classes).', createdAt: '2026-01-01T10:00:01.000Z' },
];

/** A stream answer whose pieces the test sends when it wants. */
function controlledStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send(text: string) {
      controller?.enqueue(encoder.encode(text));
    },
    close() {
      controller?.close();
    },
  };
}

function setup({
  path = '/dashboard',
  history = HISTORY,
  fetchAnswer,
  slot = null,
}: {
  path?: string;
  history?: ChatHistoryItem[];
  fetchAnswer?: () => Response;
  slot?: HTMLElement | null;
} = {}) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    fetchAnswer ? fetchAnswer() : new Response('{}', { status: 500 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const view = renderWithAuth(<AssistantWidget slot={slot} />, {
    path,
    route: '*',
    answer: (config) => {
      if (config.method === 'get' && config.url === '/gemini/history') return { status: 200, data: history };
      if (config.method === 'get' && config.url === '/gemini/status')
        return { status: 200, data: { provider: 'offline' } };
      if (config.method === 'delete' && config.url === '/gemini/history') {
        return { status: 200, data: { message: 'Chat history cleared' } };
      }
      return { status: 404, data: { message: 'Not found' } };
    },
  });
  return { ...view, fetchMock };
}

/** Lets the assistant's own chunk load and render, so a missing button means the gate kept it away. */
async function settleLazyAssistant() {
  await import('./Assistant');
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function openChat(user: ReturnType<typeof userEvent.setup>) {
  // The assistant is its own chunk: its button arrives once that chunk has loaded.
  await user.click(await screen.findByRole('button', { name: 'Open the assistant' }));
  const panel = screen.getByRole('dialog', { name: 'Mentora Assistant' });
  await within(panel).findByText('hello');
  return panel;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the assistant widget', () => {
  it('starts as a button, opens with the history and the provider, and focuses the message field', async () => {
    const user = userEvent.setup();
    setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    const panel = await openChat(user);
    expect(within(panel).getByRole('link', { name: 'Classes' })).toHaveAttribute('href', '/classes');
    expect(await within(panel).findByText('Offline assistant')).toBeInTheDocument();
    // Not the green of a model online.
    expect(panel.querySelector('[data-provider="offline"]')).not.toHaveClass('bg-emerald-300');
    expect(within(panel).getByLabelText('Message the assistant')).toHaveFocus();
  });

  it('ignores a blank message', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    const panel = await openChat(user);
    const send = within(panel).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(within(panel).getByLabelText('Message the assistant'), '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
  });

  it('ignores a message while an answer is awaited, and streams the answer in', async () => {
    const user = userEvent.setup();
    const stream = controlledStream();
    const { fetchMock } = setup({ fetchAnswer: () => stream.response });
    const panel = await openChat(user);
    const field = within(panel).getByLabelText('Message the assistant');

    await user.click(field);
    await user.paste('which classes teach typescript');
    await user.keyboard('{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(field).toHaveValue('');
    expect(within(panel).getByText('which classes teach typescript')).toBeInTheDocument();
    expect(within(panel).getByRole('status', { name: 'The assistant is typing' })).toBeInTheDocument();

    await user.paste('and another one');
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(field).toHaveValue('and another one');

    await act(async () => stream.send('data: {"delta":"Classes about \\"typescript\\":\\n"}\n\n'));
    expect(await within(panel).findByText(/Classes about "typescript"/)).toBeInTheDocument();
    expect(within(panel).queryByRole('status', { name: 'The assistant is typing' })).toBeNull();
    await act(async () => {
      stream.send('data: {"delta":"- [TypeScript 101](/classes/c1)"}\n\n');
      stream.send(
        'event: done\ndata: {"response":"Classes about \\"typescript\\":\\n- [TypeScript 101](/classes/c1)"}\n\n',
      );
      stream.close();
    });
    expect(await within(panel).findByRole('link', { name: 'TypeScript 101' })).toHaveAttribute('href', '/classes/c1');
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Send' })).toBeEnabled());
  });

  it('puts a new line on Shift+Enter instead of sending', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    const panel = await openChat(user);
    const field = within(panel).getByLabelText('Message the assistant');
    await user.type(field, 'one{Shift>}{Enter}{/Shift}two');
    expect(field).toHaveValue('one\ntwo');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("answers a failure with SPEC.md's chat error", async () => {
    const user = userEvent.setup();
    setup({
      fetchAnswer: () =>
        new Response(JSON.stringify({ message: 'The assistant is not available right now. Please try again.' }), {
          status: 502,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const panel = await openChat(user);
    await user.type(within(panel).getByLabelText('Message the assistant'), 'hi{Enter}');
    expect(await within(panel).findByText('Sorry, I encountered an error. Please try again.')).toBeInTheDocument();
  });

  it("shows the server's message for a rate limit", async () => {
    const user = userEvent.setup();
    setup({
      fetchAnswer: () =>
        new Response(JSON.stringify({ message: 'Too many requests. Please try again later.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const panel = await openChat(user);
    await user.type(within(panel).getByLabelText('Message the assistant'), 'hi{Enter}');
    expect(await within(panel).findByText('Too many requests. Please try again later.')).toBeInTheDocument();
  });

  it('closes on Escape and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    setup();
    await openChat(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open the assistant' })).toHaveFocus();
  });

  it('clears the history after a confirmation', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    const panel = await openChat(user);
    await user.click(within(panel).getByRole('button', { name: 'Clear chat history' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Clear the conversation?' });
    // Escape in the confirmation closes the confirmation only.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Mentora Assistant' })).toBeInTheDocument();
    expect(sent(requests, 'delete', '/gemini/history')).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Clear chat history' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear history' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(confirm).not.toBeInTheDocument();
    expect(sent(requests, 'delete', '/gemini/history')).toHaveLength(1);
    expect(within(panel).queryByText('hello')).toBeNull();
    expect(within(panel).getByText('How can I help?')).toBeInTheDocument();
  });

  it('floats in the corner on a wide screen, and sits in the navigation bar’s slot on a phone (issue #37.1)', async () => {
    const slot = document.createElement('span');
    document.body.append(slot);
    const phone = (matches: boolean) =>
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }));
    phone(false);
    const wide = setup({ slot });
    const floating = await screen.findByRole('button', { name: 'Open the assistant' });
    expect(slot).not.toContainElement(floating);
    expect(floating).toHaveClass('fixed');
    wide.unmount();

    phone(true);
    setup({ slot });
    const inBar = await screen.findByRole('button', { name: 'Open the assistant' });
    expect(slot).toContainElement(inBar);
    expect(inBar).not.toHaveClass('fixed');
    slot.remove();
  });

  it('stays away from the landing page, even for someone signed in', async () => {
    setup({ path: '/' });
    await settleLazyAssistant();
    expect(screen.queryByRole('button', { name: 'Open the assistant' })).toBeNull();
  });

  it('is not there for someone signed out', async () => {
    renderWithAuth(<AssistantWidget slot={null} />, { path: '/classes', route: '*', user: null });
    await settleLazyAssistant();
    expect(screen.queryByRole('button', { name: 'Open the assistant' })).toBeNull();
  });
});
