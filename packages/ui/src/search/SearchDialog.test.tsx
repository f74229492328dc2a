import type { SearchResponse } from '@mentora/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SearchButton } from '../layout/SearchButton';
import { renderWithAuth } from '../test/renderWithAuth';
import { Highlighted } from './Highlighted';

const answer: SearchResponse = {
  classes: [
    {
      _id: 'c-1',
      title: 'Modern JavaScript',
      text: 'Closures and <b>modules</b>.',
      category: 'programming',
      matches: { title: [{ start: 7, end: 11 }], text: [] },
    },
    {
      _id: 'c-2',
      title: 'Java for beginners',
      text: 'Start here.',
      category: 'programming',
      matches: { title: [{ start: 0, end: 4 }], text: [] },
    },
  ],
  discussions: [
    {
      _id: 'd-1',
      title: 'Which Java first?',
      text: 'Java or JavaScript?',
      classId: 'c-2',
      classTitle: 'Java for beginners',
      matches: {
        title: [{ start: 6, end: 10 }],
        text: [
          { start: 0, end: 4 },
          { start: 8, end: 12 },
        ],
      },
    },
  ],
  posts: [],
  people: [],
};

describe('Highlighted', () => {
  it('marks the ranges and shows everything else as plain text, never as HTML', () => {
    const { container } = render(
      <p>
        <Highlighted
          text="<b>Java</b> and java"
          ranges={[
            { start: 16, end: 20 },
            { start: 3, end: 7 },
            { start: 90, end: 99 },
          ]}
        />
      </p>,
    );
    expect(container.querySelectorAll('mark')).toHaveLength(2);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Java', 'java']);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>Java</b> and java');
  });
});

describe('SearchButton and SearchDialog', () => {
  it('opens on Ctrl+K, lists results grouped by kind with marks, moves with the arrows and opens with Enter', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithAuth(<SearchButton />, {
      path: '/dashboard',
      answer: (config) => (config.url === '/search' ? { status: 200, data: answer } : { status: 404, data: {} }),
    });
    await user.keyboard('{Control>}k{/Control}');
    const box = await screen.findByRole('combobox', { name: 'Search classes, discussions and posts' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'java');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(requests.at(-1)?.params).toEqual({ q: 'java', limit: 5 });
    expect(within(list).getByRole('group', { name: 'Classes' })).toBeInTheDocument();
    expect(within(list).getByRole('group', { name: 'Discussions' })).toBeInTheDocument();
    expect(within(list).queryByRole('group', { name: 'People' })).toBeNull();
    const options = within(list).getAllByRole('option');
    expect(options[0]).toHaveAttribute('href', '/classes/c-1');
    expect(options[2]).toHaveAttribute('href', '/discussions/d-1');
    expect([...(options[2]?.querySelectorAll('mark') ?? [])].map((m) => m.textContent)).toEqual([
      'Java',
      'Java',
      'Java',
    ]);
    expect(options[0]?.querySelector('b')).toBeNull();

    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/discussions/d-1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from the navbar button, says when nothing matches, and closes on Escape with focus back on the button', async () => {
    const user = userEvent.setup();
    renderWithAuth(<SearchButton />, {
      path: '/dashboard',
      answer: () => ({ status: 200, data: { classes: [], discussions: [], posts: [], people: [] } }),
    });
    const button = screen.getByRole('button', { name: 'Search' });
    await user.click(button);
    const box = await screen.findByRole('combobox');
    expect(screen.getByRole('status')).toHaveTextContent('Type to search classes, discussions and community posts.');
    await user.type(box, 'zzzz');
    expect(await screen.findByText('No results for “zzzz”')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('says at once when the search failed, in words, and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderWithAuth(<SearchButton />, {
      path: '/dashboard',
      answer: () =>
        fail
          ? { status: 500, data: { message: 'Something went wrong on our side. Please try again.' } }
          : { status: 200, data: answer },
    });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(await screen.findByRole('combobox'), 'java');
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /Modern JavaScript/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
