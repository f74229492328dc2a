import { expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { mailTo, resetLinkFor } from '../support/mail';

const SENT = 'If an account exists for that email, we have sent it a link to reset the password.';
const INVALID = 'This reset link is invalid or has expired. Please request a new one.';

async function askForLink(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
}

test('forgot password gives the same answer for known and unknown emails, and mails only the known one', async ({
  page,
  request,
}) => {
  const known = newAccount('learner', 'Katherine Johnson');
  await registerViaApi(request, known);
  const unknown = newAccount('learner', 'Nobody');

  await askForLink(page, known.email);
  const answer = page.getByRole('status').filter({ hasText: 'Check your inbox' });
  await expect(answer).toContainText(SENT);
  await page.getByRole('button', { name: 'Send another link' }).click();
  await page.getByLabel('Email address').fill(unknown.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(answer).toContainText(SENT);

  await resetLinkFor(known.email);
  expect(mailTo(unknown.email)).toEqual([]);

  await page.getByRole('link', { name: 'Back to sign in' }).last().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a mailed reset link sets a new password once; the old password stops working', async ({ page, request }) => {
  const account = newAccount('learner', 'Dorothy Vaughan');
  const token = await registerViaApi(request, account);
  await askForLink(page, account.email);
  await expect(page.getByText(SENT)).toBeVisible();
  const link = await resetLinkFor(account.email);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('fortran forever 1');
  await page.getByLabel('Confirm new password').fill('fortran forever 2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password').fill('fortran forever 1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your password has been reset. You can now sign in with your new password.'),
  ).toBeVisible();
  // The reset ended the sessions the old password had opened.
  expect((await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
    401,
  );

  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await page.getByLabel('Password').fill('fortran forever 1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another one 42');
  await page.getByLabel('Confirm new password').fill('another one 42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(INVALID);
});

test('an unknown or missing token says so and leads to a new link', async ({ page }) => {
  await page.goto('/reset-password?token=made-up-token');
  await page.getByLabel('New password', { exact: true }).fill('whatever 1234');
  await page.getByLabel('Confirm new password').fill('whatever 1234');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(INVALID);
  await page.getByRole('link', { name: 'Request a new reset link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('has no token');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

test('signed in, /forgot-password leads to the settings', async ({ page, request }) => {
  const token = await registerViaApi(request, newAccount('learner', 'Mary Jackson'));
  await signInWithToken(page, token, '/forgot-password');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});
