import { MESSAGES, type User } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../test/fakeAdapter';
import { makeClass, PAGE_TEST_TIMEOUT_MS } from '../../test/fixtures';
import { renderWithAuth, sent, TEST_USER } from '../../test/renderWithAuth';
import { CreateClassPage } from './CreateClassPage';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

const MENTOR: User = { ...TEST_USER, _id: 'mentor-1', role: 'mentor', verified: true };

function setup(user: User | null = MENTOR, answer: FakeAnswer = { status: 201, data: makeClass({ _id: 'new-1' }) }) {
  return renderWithAuth(<CreateClassPage />, { path: '/classes/create', user, answer: () => answer });
}

/** Fills the required fields of a video class. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'Typed JavaScript');
  await user.type(screen.getByLabelText('Description'), 'Types from the ground up, with exercises.');
  await user.selectOptions(screen.getByLabelText('Category'), 'programming');
  await user.selectOptions(screen.getByLabelText('Content type'), 'video');
  await user.type(screen.getByLabelText('Content URL'), 'https://videos.example.com/typed');
}

describe('CreateClassPage', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  beforeEach(() => vi.clearAllMocks());

  it('turns away whoever is not a mentor', () => {
    setup({ ...TEST_USER, role: 'learner' });
    expect(screen.getByText(MESSAGES.createClass.accessDenied)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create class' })).not.toBeInTheDocument();
  });

  it('tells an unverified mentor the server will refuse, and where to ask', () => {
    setup({ ...MENTOR, verified: false });
    expect(screen.getByText(/Your mentor account is not verified yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request verification on your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('checks the form before sending, shows every problem and focuses the first one', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please choose a category')).toBeInTheDocument();
    expect(screen.getByText('Please choose a content type')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.type(screen.getByLabelText('Title'), 'T');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
  });

  it('needs no content URL for a live class, and shows the tags it will save', async () => {
    const user = userEvent.setup();
    setup();
    await user.selectOptions(screen.getByLabelText('Content type'), 'live');
    expect(screen.getByLabelText('Content URL (optional)')).not.toBeRequired();
    await user.type(screen.getByLabelText('Tags (optional)'), 'web, ,typescript');
    const tags = screen.getByRole('list', { name: 'Tags to be saved' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['web', 'typescript']);
  });

  it('sets a price only for a paid class', async () => {
    const user = userEvent.setup();
    setup();
    expect(screen.getByLabelText('Price')).toBeDisabled();
    await user.click(screen.getByLabelText('This is a paid class'));
    expect(screen.getByLabelText('Price')).toBeEnabled();
  });

  it('creates the class and opens its page', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/classes/new-1'));
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.createClass.success);
    const [request] = sent(requests, 'post', '/classes');
    expect(JSON.parse(String(request?.data))).toMatchObject({
      title: 'Typed JavaScript',
      category: 'programming',
      contentType: 'video',
      contentUrl: 'https://videos.example.com/typed',
    });
  });

  it('puts the server’s field problems on their fields and lists the others', async () => {
    const user = userEvent.setup();
    setup(MENTOR, {
      status: 400,
      data: {
        message: 'Validation failed',
        errors: [
          { path: 'title', message: 'A class with this title already exists' },
          { path: 'owner', message: 'Something else is wrong' },
        ],
      },
    });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(await screen.findByText('A class with this title already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Validation failed')).toBeInTheDocument();
    expect(screen.getByText('Something else is wrong')).toBeInTheDocument();
  });

  it('points a mentor the server finds unverified to the dashboard', async () => {
    const user = userEvent.setup();
    setup(MENTOR, { status: 403, data: { message: MESSAGES.server.verifiedMentorOnly } });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(
      await screen.findByRole('link', { name: 'Go to your dashboard to request verification' }),
    ).toBeInTheDocument();
  });
});
