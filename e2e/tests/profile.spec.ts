import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { mailTo } from '../support/mail';
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
