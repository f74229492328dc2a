import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { seedClassroom } from '../support/seed';

test('a learner edits name, bio and picture; the navigation bar shows them, also after a reload', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Grace Hopper'));
  await signInWithToken(page, token, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Full name').fill('Rear Admiral Grace Hopper');
  await form.getByLabel('Bio (optional)').fill('Compilers, COBOL and nanoseconds.');
  // A picture the server itself serves, so the browser really loads it.
  const picture = `${baseURL}/favicon.svg`;
  await form.getByLabel('Profile picture URL (optional)').fill(picture);
  await form.getByLabel('Skills (optional)').fill('compilers, teaching');
  await form.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(form).toHaveCount(0);
  const accountMenu = page.getByRole('button', { name: 'Account menu for Rear Admiral Grace Hopper' });
  await expect(accountMenu).toBeVisible();
  await expect(accountMenu.locator('img')).toHaveAttribute('src', picture);

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Rear Admiral Grace Hopper' })).toBeVisible();
  await expect(page.getByText('Compilers, COBOL and nanoseconds.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'teaching' })).toBeVisible();
  await expect(accountMenu.locator('img')).toHaveAttribute('src', picture);
  // The picture loaded: the avatar did not fall back to the initial.
  await expect(accountMenu.getByTestId('avatar-initials')).toHaveCount(0);
});

test('a picture that is not a URL is refused on its field, and nothing is saved', async ({ page, request }) => {
  const token = await registerViaApi(request, newAccount('learner', 'Alan Turing'));
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/auth/profile')) puts.push(r.url());
  });
  await signInWithToken(page, token, '/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  const pictureField = form.getByLabel('Profile picture URL (optional)');
  await pictureField.fill('my-photo.png');
  await form.getByLabel('Full name').fill('');
  await form.getByRole('button', { name: 'Save changes' }).click();

  await expect(pictureField).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Please enter a valid URL (http or https)')).toBeVisible();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByLabel('Full name')).toBeFocused();
  expect(puts).toEqual([]);

  // Cancel keeps the old profile.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Alan Turing' })).toBeVisible();
});

test('an email another account has is shown on the email field', async ({ page, request }) => {
  const other = newAccount('learner', 'Someone Else');
  await registerViaApi(request, other);
  const token = await registerViaApi(request, newAccount('learner', 'Edsger Dijkstra'));
  await signInWithToken(page, token, '/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Email address').fill(other.email.toUpperCase());
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('An account with this email already exists')).toBeVisible();
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
