import { type ClassItem, MESSAGES, type User } from '@mentora/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../test/fakeAdapter';
import { makeClass, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, sent, TEST_USER } from '../../test/renderWithAuth';
import { EditClassPage } from './EditClassPage';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const MENTOR: User = { ...TEST_USER, _id: 'mentor-1', role: 'mentor', verified: true };
const CLS: ClassItem = makeClass({
  _id: 'c1',
  title: 'Typed JavaScript',
  description: 'Types from the ground up.',
  category: 'design',
  contentType: 'video',
  contentUrl: 'https://videos.example.com/typed',
  isPaid: true,
  price: 12.5,
  schedule: 'Mondays, 18:00',
  maxStudents: 20,
  prerequisites: 'Some JavaScript',
  materials: 'A laptop',
  tags: ['web', 'types'],
  status: 'ongoing',
  mentor: { _id: 'mentor-1', name: 'Grace Hopper' },
});

function setup(
  user: User | null = MENTOR,
  put: (config: InternalAxiosRequestConfig) => FakeAnswer = () => ({ status: 200, data: CLS }),
) {
  return renderWithAuth(<EditClassPage />, {
    path: '/classes/c1/edit',
    route: '/classes/:id/edit',
    user,
    answer: (config) => (config.method === 'put' ? put(config) : { status: 200, data: CLS }),
  });
}

describe('EditClassPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  beforeEach(() => vi.clearAllMocks());

  it('fills every field of the create form with the class as it is, and its status', async () => {
    setup();
    expect(await screen.findByLabelText('Title')).toHaveValue('Typed JavaScript');
    expect(screen.getByLabelText('Description')).toHaveValue('Types from the ground up.');
    expect(screen.getByLabelText('Category')).toHaveValue('design');
    expect(screen.getByLabelText('Content type')).toHaveValue('video');
    expect(screen.getByLabelText('Content URL')).toHaveValue('https://videos.example.com/typed');
    expect(screen.getByLabelText('This is a paid class')).toBeChecked();
    expect(screen.getByLabelText('Price')).toHaveValue(12.5);
    expect(screen.getByLabelText('Schedule (optional)')).toHaveValue('Mondays, 18:00');
    expect(screen.getByLabelText(/Max students/)).toHaveValue(20);
    expect(screen.getByLabelText('Prerequisites (optional)')).toHaveValue('Some JavaScript');
    expect(screen.getByLabelText('Materials (optional)')).toHaveValue('A laptop');
    expect(screen.getByLabelText('Tags (optional)')).toHaveValue('web, types');
    expect(screen.getByLabelText('Status')).toHaveValue('ongoing');
    expect(
      Array.from((screen.getByLabelText('Status') as HTMLSelectElement).options).map((o) => o.textContent),
    ).toEqual(['Upcoming', 'Ongoing', 'Completed']);
  });

  it('checks the same rules as the create form before sending anything', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await user.clear(await screen.findByLabelText('Title'));
    await user.clear(screen.getByLabelText('Content URL'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Content URL')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(requests, 'put', '/classes/c1')).toHaveLength(0);
  });

  it('sends every field with the chosen status (PUT) and returns to the class', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await user.clear(await screen.findByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Typed JavaScript, again');
    await user.selectOptions(screen.getByLabelText('Status'), 'completed');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/classes\/c1$/));
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.editClass.success);
    const [request] = sent(requests, 'put', '/classes/c1');
    expect(JSON.parse(String(request?.data))).toEqual({
      title: 'Typed JavaScript, again',
      description: 'Types from the ground up.',
      category: 'design',
      contentType: 'video',
      contentUrl: 'https://videos.example.com/typed',
      isPaid: true,
      price: 12.5,
      schedule: 'Mondays, 18:00',
      maxStudents: 20,
      prerequisites: 'Some JavaScript',
      materials: 'A laptop',
      tags: ['web', 'types'],
      startDate: null,
      status: 'completed',
    });
  });

  it('shows the server’s refusal on its field (max students below those enrolled)', async () => {
    const user = userEvent.setup();
    const message = MESSAGES.server.maxStudentsBelowEnrolled(3);
    setup(MENTOR, () => ({ status: 400, data: { message, errors: [{ path: 'maxStudents', message }] } }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(screen.getByLabelText(/Max students/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/classes/c1/edit');
  });

  it('offers no form to anyone but its mentor, admins included', async () => {
    for (const who of [{ ...TEST_USER, role: 'admin' as const }, { ...MENTOR, _id: 'mentor-2' }, TEST_USER]) {
      const { unmount } = setup(who);
      expect(await screen.findByText(MESSAGES.server.classMentorOnly)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
      unmount();
    }
  });
});
