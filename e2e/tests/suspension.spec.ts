import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInContext, signInWithToken } from '../support/accounts';
import { adminToken } from '../support/seed';

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// Issue #24: an admin suspends someone from their row on the admin page; the person's open session ends
// and signing in again is refused with the reason and the end date; the admin lifts the suspension early
// from the same row and the person signs in again.
test('an admin suspends a learner from their row, and lifts it early', async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const name = `Sam Suspended ${randomUUID().slice(0, 6)}`;
  const account = newAccount('learner', name);
  const token = await registerViaApi(request, account);

  // The learner is signed in, live stream and all.
  await signInContext(context, baseURL, token);
  await signInWithToken(page, token, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The admin suspends them for 2 days from their row.
  const adminContext = await browser.newContext();
  const adminBearer = await adminToken(request);
  await signInContext(adminContext, baseURL, adminBearer);
  const admin = await adminContext.newPage();
  await signInWithToken(admin, adminBearer, '/admin?tab=learners');
  await admin.getByRole('button', { name: `Sanction ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Sanction ${name}` });
  await dialog.getByText('Suspend', { exact: true }).click();
  await dialog.getByLabel('Days').fill('2');
  await dialog.getByLabel('Message to the person').fill('Repeated spam after a warning');
  const decidedAt = Date.now();
  await dialog.getByRole('button', { name: `Suspend ${name}` }).click();
  await expect(dialog).toBeHidden();
  const lift = admin.getByRole('button', { name: `Lift the suspension of ${name}` });
  await expect(lift).toBeVisible();

  // Their open session is over: its token no longer works, and the app they had open signs them out.
  await expect
    .poll(async () =>
      (await request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);

  // Signing in again is refused with the reason and until when.
  await signIn(page, account.email, account.password);
  const refusal = page.getByRole('alert').filter({ hasText: 'Your account is suspended until' });
  // The end as the reader's own browser writes a date (the server's message says it in UTC).
  const endDay = await page.evaluate(
    (at) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(at)),
    decidedAt + 2 * 24 * 3600_000,
  );
  await expect(refusal).toContainText(`Your account is suspended until ${endDay}`);
  await expect(refusal).not.toContainText('UTC');
  await expect(refusal).toContainText('Repeated spam after a warning');
  await expect(page).toHaveURL(/\/login$/);

  // The admin lifts it early from the row; the person signs in.
  await lift.click();
  const confirm = admin.getByRole('alertdialog', { name: 'Lift the suspension?' });
  await confirm.getByRole('button', { name: 'Lift the suspension' }).click();
  await expect(confirm).toBeHidden();
  await expect(lift).toHaveCount(0);
  await adminContext.close();

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});
