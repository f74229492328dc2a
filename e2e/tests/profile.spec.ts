import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { mailTo } from '../support/mail';
import { portrait } from '../support/pictures';
import { seedClassroom } from '../support/seed';

test('a learner edits name and bio; the navigation bar shows them, also after a reload', async ({ page, request }) => {
  const token = await registerViaApi(request, newAccount('learner', 'Grace Hopper'));
  await signInWithToken(page, token, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Full name').fill('Rear Admiral Grace Hopper');
  await form.getByLabel('Bio (optional)').fill('Compilers, COBOL and nanoseconds.');
  await form.getByLabel('Skills (optional)').fill('compilers, teaching');
  await form.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(form).toHaveCount(0);
  const accountMenu = page.getByRole('button', { name: 'Account menu for Rear Admiral Grace Hopper' });
  await expect(accountMenu).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Rear Admiral Grace Hopper' })).toBeVisible();
  await expect(page.getByText('Compilers, COBOL and nanoseconds.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'teaching' })).toBeVisible();
});

test('a learner uploads a photo: it shows square in the navigation bar and on their posts, and can be removed', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Katherine Johnson'));
  await signInWithToken(page, token, '/profile');
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await portrait(page) });
  await expect(page.getByText('Profile picture updated')).toBeVisible();

  const accountMenu = page.getByRole('button', { name: 'Account menu for Katherine Johnson' });
  const picture = accountMenu.locator('img');
  await expect(picture).toHaveAttribute('src', /^\/api\/avatars\/[0-9a-f-]{36}$/);
  // Loaded, and square as the server made it.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([256, 256]);
  const src = (await picture.getAttribute('src')) as string;

  // Beside a post of theirs, in the community feed.
  const post = await request.post('/api/community', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: 'Orbits by hand', content: 'Checking the numbers.', category: 'general', tags: [] },
  });
  expect(post.status()).toBe(201);
  await page.goto('/community');
  const card = page.getByRole('article').filter({ hasText: 'Orbits by hand' });
  await expect(card.locator(`img[src="${src}"]`)).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Profile picture removed')).toBeVisible();
  await expect(accountMenu.getByTestId('avatar-initials')).toBeVisible();
  // The file goes with the next round of the job queue.
  await expect.poll(async () => (await request.get(src)).status(), { timeout: 30_000 }).toBe(404);
});

test('a file that is not a picture is refused with the server’s message, and nothing changes', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Alan Turing'));
  await signInWithToken(page, token, '/profile');
  await page.getByTestId('avatar-file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.4 not a picture at all'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Upload a picture in PNG, JPEG, GIF or WebP' })).toBeVisible();
  const accountMenu = page.getByRole('button', { name: 'Account menu for Alan Turing' });
  await expect(accountMenu.getByTestId('avatar-initials')).toBeVisible();
});

test('an email another account has is shown on the email field', async ({ page, request }) => {
  const other = newAccount('learner', 'Someone Else');
  await registerViaApi(request, other);
  const me = newAccount('learner', 'Edsger Dijkstra');
  const token = await registerViaApi(request, me);
  await signInWithToken(page, token, '/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Email address').fill(other.email.toUpperCase());
  await form.getByLabel('Current password').fill(me.password);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('An account with this email already exists')).toBeVisible();
});

test('a new email needs the current password: a wrong one is shown on its field, the right one signs out the other devices and tells the old address', async ({
  page,
  request,
}) => {
  const account = newAccount('learner', 'Barbara Liskov');
  const token = await registerViaApi(request, account);
  // Another device of the same person, signed in before the change.
  const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  const otherToken = ((await login.json()) as { token: string }).token;

  await signInWithToken(page, token, '/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('Current password')).toHaveCount(0);
  const newEmail = `moved-${account.email}`;
  await form.getByLabel('Email address').fill(newEmail);
  const password = form.getByLabel('Current password');
  await expect(password).toBeVisible();

  await password.fill('not my password');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Your current password is incorrect')).toBeVisible();
  await expect(password).toBeFocused();

  await password.fill(account.password);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Email changed. You have been signed out on your other devices.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.locator('#main').getByText(newEmail)).toBeVisible();

  // This browser stays signed in; the other device is signed out.
  await page.reload();
  await expect(page.locator('#main').getByText(newEmail)).toBeVisible();
  const other = await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(other.status()).toBe(401);
  await expect
    .poll(() => mailTo(account.email).map((mail) => mail.subject))
    .toContain('Your Mentora email was changed');
  expect(mailTo(account.email).at(-1)?.text).not.toContain(newEmail);
});

test('the profile lists enrolled classes and, for a mentor, created ones, each linking to the class', async ({
  page,
  request,
}) => {
  const room = await seedClassroom(request, 'Ada Lovelace');
  await signInWithToken(page, room.learnerToken, '/profile');
  const enrolled = page.getByRole('region', { name: 'Enrolled classes' });
  await enrolled.getByRole('link', { name: new RegExp(room.classTitle) }).click();
  await expect(page).toHaveURL(/\/classes\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: room.classTitle })).toBeVisible();

  await signInWithToken(page, room.mentorToken, '/profile');
  await expect(page.getByText('Verified mentor', { exact: true })).toBeVisible();
  const created = page.getByRole('region', { name: 'Created classes' });
  await expect(created.getByRole('link', { name: new RegExp(room.classTitle) })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Enrolled classes' }).getByText('You are not enrolled in any classes yet.'),
  ).toBeVisible();
});
