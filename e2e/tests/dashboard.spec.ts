import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { seedClassroom, verifyMentor } from '../support/seed';

function stat(page: import('@playwright/test').Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

test("a learner's dashboard counts their classes and discussions and lists recent activity", async ({
  page,
  request,
}) => {
  const room = await seedClassroom(request, 'Ada Lovelace');
  await signInWithToken(page, room.learnerToken);

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
  await expect(stat(page, 'Enrolled classes')).toHaveText('1');
  await expect(stat(page, 'Discussions')).toHaveText('1');
  await expect(stat(page, 'Completed classes')).toHaveText('0');
  // Created classes are a mentor's number.
  await expect(page.getByText('Created classes', { exact: true })).toHaveCount(0);

  const activity = page.getByRole('region', { name: 'Recent activity' });
  await expect(activity.getByRole('listitem')).toHaveCount(2);
  await expect(activity.getByText('Enrolled in a class')).toBeVisible();
  await expect(activity.getByText('Participated in a class')).toBeVisible();
  await expect(activity.getByText(room.classTitle, { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to load dashboard data')).toHaveCount(0);
});

test('a learner with no classes sees zeros, not an error', async ({ page, request }) => {
  const token = await registerViaApi(request, newAccount('learner', 'Lin Learner'));
  await signInWithToken(page, token);
  await expect(stat(page, 'Enrolled classes')).toHaveText('0');
  // GET /discussions answers 403 'You are not enrolled in any classes': that is zero discussions.
  await expect(stat(page, 'Discussions')).toHaveText('0');
  // A brand-new learner is told where to start, not to pick up where they left off (#37 item 5).
  await expect(page.getByRole('link', { name: 'Find a class to join' })).toHaveAttribute('href', '/classes');
  await expect(page.getByText(/Pick up where you left off/)).toHaveCount(0);
  await expect(page.getByText('Failed to load dashboard data')).toHaveCount(0);
});

test('a mentor requests verification, and the dashboard notices when an admin verifies them', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await registerViaApi(request, newAccount('mentor', 'Maria Mentor'));
  await signInWithToken(page, token);
  await expect(stat(page, 'Created classes')).toHaveText('0');
  await expect(page.getByRole('link', { name: /Create class/ })).toBeVisible();
  // The teaching side, empty and saying so; a mentor is never sent to find a class to join (#37 item 5).
  await expect(page.getByText('No sessions scheduled.')).toBeVisible();
  await expect(page.getByText('Find a class to join')).toHaveCount(0);

  await page.getByRole('button', { name: 'Request verification' }).click();
  await expect(page.getByText('Verification request sent to admin!')).toBeVisible();
  await expect(page.getByText('Verification pending', { exact: true })).toBeVisible();

  await verifyMentor(request, token);
  // The profile is re-checked every 10 s (SPEC.md section 9).
  await expect(page.getByText('Verified mentor', { exact: true })).toBeVisible({ timeout: 15_000 });
});
