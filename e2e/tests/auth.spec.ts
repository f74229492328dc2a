import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { ADMIN } from '../support/env';

test('a learner registers, lands on the dashboard signed in, and stays signed in after a reload', async ({ page }) => {
  const account = newAccount('learner', 'Grace Hopper');
  await page.goto('/register');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('I am joining as').selectOption('learner');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Registration successful! Welcome to our platform!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace!' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeVisible();
});

test('registration with passwords that differ says so and sends nothing', async ({ page }) => {
  const registerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/register')) registerCalls.push(request.url());
  });
  const account = newAccount();
  await page.goto('/register');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(`${account.password}!`);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/register$/);
  expect(registerCalls).toEqual([]);
});

test('a password longer than the 72 bytes bcrypt reads is refused under its field, not cut short', async ({ page }) => {
  const registerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/register')) registerCalls.push(request.url());
  });
  const account = newAccount();
  // 36 accented letters are 72 bytes; one more makes 74.
  const tooLong = 'é'.repeat(37);
  await page.goto('/register');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(tooLong);
  await page.getByLabel('Confirm password').fill(tooLong);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(
    page.getByText(
      'Password must be at most 72 bytes: up to 72 plain letters, digits or symbols; accented letters and emoji count as 2 to 4.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/register$/);
  expect(registerCalls).toEqual([]);
});

test('a wrong password shows the error banner, which clears on the next attempt', async ({ page, request }) => {
  const account = newAccount();
  await registerViaApi(request, account);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  const banner = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(banner).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();

  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner).toHaveCount(0);
  await expect(page.getByText('Login successful!')).toBeVisible();
});

test('an administrator who signs in is sent to /admin', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The admin screen is not built yet: where the login leads is what matters here.
  await expect(page).toHaveURL(/\/admin$/);
});

test('logout ends the session and goes to the landing page', async ({ page, request }) => {
  const token = await registerViaApi(request, newAccount('learner', 'Alan Turing'));
  await signInWithToken(page, token);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Alan!' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu for Alan Turing' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // The token is revoked on the server, too.
  const profile = await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(401);
});
