import { type ClassItem, MESSAGES, type User } from '@mentora/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../test/fakeAdapter';
import { renderWithAuth, sent, TEST_USER } from '../../test/renderWithAuth';
import { ProfilePage } from './ProfilePage';

vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => vi.clearAllMocks());

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
    mentor: { _id: 'mentor-1', name: 'Marie Curie' },
    studentCount: 3,
    startDate: null,
    status: 'upcoming',
    live: false,
    rating: null,
    reviewCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function setup(user: User = TEST_USER, put?: (body: Record<string, unknown>) => FakeAnswer) {
  return renderWithAuth(<ProfilePage />, {
    path: '/profile',
    user,
    answer: (config) => {
      if (config.method === 'get' && config.url === '/classes/enrolled') {
        return { status: 200, data: [cls('c-1', 'Algebra')] };
      }
      if (config.method === 'get' && config.url === '/classes/created') {
        return { status: 200, data: [cls('c-2', 'Chemistry')] };
      }
      if (config.method === 'put' && config.url === '/auth/profile') {
        const body = JSON.parse(String(config.data)) as Record<string, unknown>;
        return put ? put(body) : { status: 200, data: { ...user, ...body } };
      }
      return { status: 404, data: { message: 'Not found' } };
    },
  });
}

async function openEditor() {
  await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
  return screen.getByRole('form', { name: 'Edit profile' });
}

describe('ProfilePage view mode', () => {
  it('shows who the person is and the classes they take, each linking to the class', async () => {
    setup({ ...TEST_USER, bio: 'Counting machines.', skills: ['maths', 'poetry'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Counting machines.')).toBeInTheDocument();
    expect(screen.getByText('poetry')).toBeInTheDocument();
    expect(screen.getByText(/Member since/)).toBeInTheDocument();
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('A');
    const link = await screen.findByRole('link', { name: /Algebra/ });
    expect(link).toHaveAttribute('href', '/classes/c-1');
    // Learners have no created list and no verification state.
    expect(screen.queryByRole('heading', { name: 'Created classes' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not verified yet')).not.toBeInTheDocument();
  });

  it("shows a mentor's verification and the classes they created", async () => {
    setup({ ...TEST_USER, role: 'mentor', verified: true });
    expect(screen.getByText('Verified mentor')).toBeInTheDocument();
    const created = screen.getByRole('region', { name: 'Created classes' });
    expect(await within(created).findByRole('link', { name: /Chemistry/ })).toHaveAttribute('href', '/classes/c-2');
  });
});

describe('ProfilePage edit mode', () => {
  it('uploads a picture on its own, with progress, and shows it once the server answers', async () => {
    const uploaded = { ...TEST_USER, profilePicture: '/api/avatars/0b6f2c1e-2d3a-4c5b-8e9f-001122334455' };
    const { requests, auth } = renderWithAuth(<ProfilePage />, {
      path: '/profile',
      user: TEST_USER,
      answer: (config) => {
        if (config.method === 'put' && config.url === '/auth/profile/picture') {
          config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
          return { status: 200, data: uploaded };
        }
        if (config.method === 'get') return { status: 200, data: [] };
        return { status: 404, data: { message: 'Not found' } };
      },
    });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('avatar-file'), file);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.avatars.uploaded));
    const [put] = sent(requests, 'put', '/auth/profile/picture');
    const form = put?.data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('file')).toBeInstanceOf(File);
    expect(auth.refreshProfile).toHaveBeenCalledWith(uploaded);
  });

  it('shows why a picture was refused, and removes one', async () => {
    const withPicture = { ...TEST_USER, profilePicture: '/api/avatars/0b6f2c1e-2d3a-4c5b-8e9f-001122334455' };
    const { requests } = renderWithAuth(<ProfilePage />, {
      path: '/profile',
      user: withPicture,
      answer: (config) => {
        if (config.method === 'put' && config.url === '/auth/profile/picture') {
          return { status: 415, data: { message: MESSAGES.avatars.refusedType } };
        }
        if (config.method === 'delete' && config.url === '/auth/profile/picture') {
          return { status: 200, data: { ...TEST_USER, profilePicture: '' } };
        }
        if (config.method === 'get') return { status: 200, data: [] };
        return { status: 404, data: { message: 'Not found' } };
      },
    });
    // An uploaded picture is the server's own path, shown from it.
    const card = screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' }).closest('section') as HTMLElement;
    expect(card.querySelector('img')).toHaveAttribute('src', withPicture.profilePicture);
    await userEvent.upload(screen.getByTestId('avatar-file'), new File(['%PDF'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.avatars.refusedType);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.avatars.removed));
    expect(sent(requests, 'delete', '/auth/profile/picture')).toHaveLength(1);
  });

  it('requires name and email, and sends nothing without them', async () => {
    const { requests } = setup();
    const form = await openEditor();
    await userEvent.clear(within(form).getByLabelText('Full name'));
    await userEvent.clear(within(form).getByLabelText('Email address'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    expect(sent(requests, 'put', '/auth/profile')).toHaveLength(0);
  });

  it('saves, updates the signed-in user and goes back to view mode', async () => {
    const { requests, auth } = setup();
    const form = await openEditor();
    await userEvent.clear(within(form).getByLabelText('Full name'));
    await userEvent.type(within(form).getByLabelText('Full name'), 'Augusta Ada King');
    await userEvent.type(within(form).getByLabelText('Bio (optional)'), 'Poetical science.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
    const [put] = sent(requests, 'put', '/auth/profile');
    expect(JSON.parse(String(put?.data))).toEqual({
      name: 'Augusta Ada King',
      email: 'ada@example.com',
      profilePicture: '',
      bio: 'Poetical science.',
      skills: [],
    });
    expect(auth.refreshProfile).toHaveBeenCalledWith(expect.objectContaining({ name: 'Augusta Ada King' }));
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
  });

  it('shows a taken email on the email field (409)', async () => {
    setup(TEST_USER, () => ({ status: 409, data: { message: 'An account with this email already exists' } }));
    const form = await openEditor();
    await userEvent.clear(within(form).getByLabelText('Email address'));
    await userEvent.type(within(form).getByLabelText('Email address'), 'grace@example.com');
    await userEvent.type(within(form).getByLabelText('Current password'), 'my password');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    const email = within(form).getByLabelText('Email address');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this email already exists'));
    expect(toast.error).toHaveBeenCalledWith('An account with this email already exists');
  });

  it("shows the server's field errors, and 'Failed to update profile' when it says nothing", async () => {
    let answer: FakeAnswer = {
      status: 400,
      data: { message: 'Invalid input', errors: [{ path: 'bio', message: 'Bio must be at most 5000 characters' }] },
    };
    setup(TEST_USER, () => answer);
    const form = await openEditor();
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Bio (optional)')).toHaveAccessibleDescription(
        'Bio must be at most 5000 characters',
      ),
    );
    answer = { status: 500, data: '<html>' };
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Failed to update profile');
    expect(toast.error).toHaveBeenLastCalledWith('Failed to update profile');
  });

  it('asks for the current password when the email changes, and shows the server refusing it under that field', async () => {
    const wrong = 'Your current password is incorrect';
    const { requests } = setup(TEST_USER, (body) =>
      body.currentPassword === 'right password'
        ? { status: 200, data: { ...TEST_USER, email: body.email } }
        : { status: 400, data: { message: wrong, errors: [{ path: 'currentPassword', message: wrong }] } },
    );
    const form = await openEditor();
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    const email = within(form).getByLabelText('Email address');
    // Only the casing differs: the same address, no password asked.
    await userEvent.clear(email);
    await userEvent.type(email, 'ADA@example.com');
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, 'ada@new.example');
    const password = within(form).getByLabelText('Current password');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(password).toHaveAccessibleDescription('Enter your current password to change your email');
    expect(password).toHaveFocus();
    expect(sent(requests, 'put', '/auth/profile')).toHaveLength(0);

    await userEvent.type(password, 'wrong password');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(wrong));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).toHaveBeenCalledWith(wrong);

    await userEvent.clear(password);
    await userEvent.type(password, 'right password');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.account.emailChanged));
    const puts = sent(requests, 'put', '/auth/profile');
    expect(JSON.parse(String(puts.at(-1)?.data))).toMatchObject({
      email: 'ada@new.example',
      currentPassword: 'right password',
    });
  });

  it('Cancel leaves the profile as it was', async () => {
    const { requests } = setup();
    const form = await openEditor();
    await userEvent.type(within(form).getByLabelText('Full name'), ' changed');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(sent(requests, 'put', '/auth/profile')).toHaveLength(0);
  });
});
