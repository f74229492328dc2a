import { expect, type Page, test } from '@playwright/test';
import { type Account, newAccount, registerViaApi, signInWithToken } from '../support/accounts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function changePassword(page: Page, current: string, next: string, confirm = next) {
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(current);
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Confirm new password').fill(confirm);
  await form.getByRole('button', { name: 'Change password' }).click();
  return form;
}

async function login(page: Page, account: Pick<Account, 'email'>, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('changing the password: a wrong current one is refused on its field, the right one works', async ({
  page,
  request,
}) => {
  const account = newAccount('learner', 'Barbara Liskov');
  const token = await registerViaApi(request, account);
  // A second session, as if on another device.
  const otherDevice = (await (await request.post('/api/auth/login', { data: account })).json()) as { token: string };
  await signInWithToken(page, token, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // The confirmation must match: nothing is sent otherwise.
  let form = await changePassword(page, account.password, 'substitution 42', 'substitution 43');
  await expect(form.getByText('Passwords do not match')).toBeVisible();

  form = await changePassword(page, 'not my password', 'substitution 42');
  const current = form.getByLabel('Current password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Your current password is incorrect')).toBeVisible();
  // Still signed in, still here.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('button', { name: 'Account menu for Barbara Liskov' })).toBeVisible();

  form = await changePassword(page, account.password, 'substitution 42');
  await expect(form.getByRole('status')).toHaveText(
    'Password changed. You have been signed out on your other devices.',
  );
  await expect(form.getByLabel('Current password')).toHaveValue('');
  // This session lives on; the other device's does not.
  expect((await request.get('/api/auth/profile', { headers: bearer(token) })).status()).toBe(200);
  expect((await request.get('/api/auth/profile', { headers: bearer(otherDevice.token) })).status()).toBe(401);

  // The old password no longer signs in; the new one does.
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await login(page, account, account.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await login(page, account, 'substitution 42');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('log out everywhere ends every session and sends this one to /login', async ({ page, request }) => {
  const account = newAccount('learner', 'Frances Allen');
  const token = await registerViaApi(request, account);
  const otherDevice = (await (await request.post('/api/auth/login', { data: account })).json()) as { token: string };
  await signInWithToken(page, token, '/settings');

  await page.getByRole('button', { name: 'Log out everywhere' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Log out everywhere?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Log out everywhere' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been signed out on every device')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  for (const session of [token, otherDevice.token]) {
    expect((await request.get('/api/auth/profile', { headers: bearer(session) })).status()).toBe(401);
  }
});

test('deleting the account needs the password; afterwards it is gone', async ({ page, request }) => {
  const account = newAccount('learner', 'Margaret Hamilton');
  const token = await registerViaApi(request, account);
  await signInWithToken(page, token, '/settings');

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  const password = dialog.getByLabel('Your password');
  await expect(password).toBeFocused();
  await password.fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is incorrect')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  // Escape closes it, and nothing happened.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await request.get('/api/auth/profile', { headers: bearer(token) })).status()).toBe(200);

  await page.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  await login(page, account, account.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
});

test('the theme chosen in the settings is the one the navigation bar toggles, and it stays', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Radia Perlman'));
  await page.emulateMedia({ colorScheme: 'light' });
  await signInWithToken(page, token, '/settings');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
});
