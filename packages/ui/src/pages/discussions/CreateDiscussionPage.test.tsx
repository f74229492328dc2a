import { type ClassItem, MESSAGES } from '@mentora/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localMoments } from '../../components/formatters';
import { makeDiscussion, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth } from '../../test/renderWithAuth';
import { CreateDiscussionPage, discussionRequest } from './CreateDiscussionPage';

function cls(id: string, title: string): ClassItem {
  return {
    _id: id,
    title,
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
    mentor: { _id: 'mentor-1', name: 'Mentor' },
    studentCount: 1,
    startDate: null,
    status: 'upcoming',
    live: false,
    rating: null,
    reviewCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const ENROLLED = [cls('c-2', 'Zoology'), cls('c-1', 'Algebra')];

function setup(path = '/discussions/create', post: 'ok' | 403 | 500 = 'ok') {
  return renderWithAuth(<CreateDiscussionPage />, {
    path,
    route: '/discussions/create',
    answer: (config) => {
      if (config.method === 'get' && config.url === '/classes/enrolled') return { status: 200, data: ENROLLED };
      if (config.method === 'get' && config.url === '/classes/c-9')
        return { status: 200, data: cls('c-9', 'Chemistry') };
      if (config.method === 'post' && config.url === '/discussions') {
        if (post === 403) {
          return { status: 403, data: { message: 'You must be enrolled in the class to start a discussion.' } };
        }
        if (post === 500) return { status: 500, data: 'oops' };
        return { status: 201, data: makeDiscussion({ _id: 'new-1' }) };
      }
      return { status: 404, data: { message: 'Not found' } };
    },
  });
}

const posts = <T extends { method?: string }>(requests: T[]) => requests.filter((r) => r.method === 'post');

describe('discussionRequest', () => {
  it('trims, and refuses anything blank', () => {
    expect(discussionRequest({ title: ' T ', content: ' C ', classId: 'c1' })).toEqual({
      title: 'T',
      content: 'C',
      classId: 'c1',
    });
    expect(discussionRequest({ title: '  ', content: 'C', classId: 'c1' })).toBeNull();
    expect(discussionRequest({ title: 'T', content: '\n', classId: 'c1' })).toBeNull();
    expect(discussionRequest({ title: 'T', content: 'C', classId: '' })).toBeNull();
  });
});

describe('CreateDiscussionPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it("says 'Please fill in all fields' and sends nothing when a field is blank after trimming", async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await screen.findByRole('option', { name: 'Algebra' });
    await user.click(screen.getByRole('button', { name: 'Start Discussion' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');

    await user.selectOptions(screen.getByLabelText('Class'), 'c-1');
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.type(screen.getByLabelText('Content'), 'Real content');
    await user.click(screen.getByRole('button', { name: 'Start Discussion' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(posts(requests)).toHaveLength(0);
  });

  it('lists the classes by title, sends the trimmed fields and opens the new discussion', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await screen.findByRole('option', { name: 'Algebra' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a class', 'Algebra', 'Zoology']);
    expect(screen.getByLabelText('Class')).toBeEnabled();
    await user.selectOptions(screen.getByLabelText('Class'), 'c-2');
    await user.type(screen.getByLabelText('Title'), '  Frogs  ');
    await user.type(screen.getByLabelText('Content'), ' Why do they croak? ');
    await user.click(screen.getByRole('button', { name: 'Start Discussion' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/discussions/new-1'));
    expect(posts(requests).map((r) => JSON.parse(String(r.data)))).toEqual([
      { title: 'Frogs', content: 'Why do they croak?', classId: 'c-2' },
    ]);
  });

  it('locks the selector on the class of ?classId=, even one the person is not in, and shows the 403', async () => {
    const user = userEvent.setup();
    const { requests } = setup('/discussions/create?classId=c-9', 403);
    const select = screen.getByLabelText('Class');
    expect(select).toBeDisabled();
    await screen.findByRole('option', { name: 'Chemistry' });
    expect(select).toHaveValue('c-9');
    await user.type(screen.getByLabelText('Title'), 'Hello');
    await user.type(screen.getByLabelText('Content'), 'Anyone here?');
    await user.click(screen.getByRole('button', { name: 'Start Discussion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must be enrolled in the class to start a discussion.',
    );
    expect(posts(requests).map((r) => JSON.parse(String(r.data)).classId)).toEqual(['c-9']);
  });

  it("falls back to 'Failed to create discussion'", async () => {
    const user = userEvent.setup();
    setup('/discussions/create?classId=c-1', 500);
    await screen.findByRole('option', { name: 'Algebra' });
    await user.type(screen.getByLabelText('Title'), 'Hello');
    await user.type(screen.getByLabelText('Content'), 'Anyone here?');
    await user.click(screen.getByRole('button', { name: 'Start Discussion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create discussion');
  });

  it("says 'Failed to load classes' when the class list cannot be fetched", async () => {
    renderWithAuth(<CreateDiscussionPage />, {
      path: '/discussions/create',
      route: '/discussions/create',
      answer: () => ({ status: 500, data: {} }),
    });
    expect(await screen.findByText('Failed to load classes')).toBeInTheDocument();
  });

  it('shows a silenced person the server’s message, not a generic one', async () => {
    const user = userEvent.setup();
    const message = MESSAGES.server.silenced('2026-12-03T14:05:00.000Z', 'Off-topic flooding');
    renderWithAuth(<CreateDiscussionPage />, {
      path: '/discussions/create?classId=c-1',
      route: '/discussions/create',
      answer: (config) => {
        if (config.method === 'get' && config.url === '/classes/enrolled') return { status: 200, data: ENROLLED };
        if (config.method === 'post') return { status: 403, data: { message } };
        return { status: 404, data: { message: 'Not found' } };
      },
    });
    await screen.findByRole('option', { name: 'Algebra' });
    await user.type(screen.getByLabelText('Title'), 'Hello');
    await user.type(screen.getByLabelText('Content'), 'Anyone here?');
    await user.click(screen.getByRole('button', { name: 'Start Discussion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(localMoments(message));
  });
});
