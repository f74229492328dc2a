import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { seedClass } from '../support/seed';

// Issue #25: a mentor edits their class, marks it completed (the dashboard counts it, nobody new may
// enrol), and takes a learner off its roster (who is told).

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test('a mentor edits a class, completes it, and removes a learner from its roster', async ({ page, request }) => {
  const seeded = await seedClass(request, 'Orbital mechanics', 'Grace Hopper');
  await signInWithToken(page, seeded.mentorToken, `/classes/${seeded.classId}`);

  // The edit form starts from the class as it is, and saves the new title and status.
  await page.getByRole('link', { name: 'Edit class' }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${seeded.classId}/edit$`));
  await expect(page.getByLabel('Title')).toHaveValue('Orbital mechanics');
  await expect(page.getByLabel('Status')).toHaveValue('upcoming');
  await page.getByLabel('Title').fill('Orbital mechanics, revised');
  await page.getByLabel('Status').selectOption('completed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${seeded.classId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Orbital mechanics, revised' })).toBeVisible();
  await expect(page.getByTestId('completed-note')).toBeVisible();

  // The dashboard counts it.
  await page.goto('/dashboard');
  const completed = page.locator('dt', { hasText: 'Completed classes' }).locator('xpath=following-sibling::dd');
  await expect(completed).toHaveText('1');

  // Nobody new may enrol.
  const newcomer = await registerViaApi(request, newAccount('learner', 'Late Comer'));
  const refused = await request.post(`/api/classes/${seeded.classId}/enroll`, { headers: bearer(newcomer) });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe('This class has been completed');

  // The roster: the enrolled learner, removed after a confirmation, and told.
  await page.goto(`/classes/${seeded.classId}`);
  await page.getByRole('link', { name: 'Roster' }).click();
  await expect(page.getByRole('heading', { name: '1 learner enrolled' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Grace Hopper from class' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove from class?' });
  await dialog.getByRole('button', { name: 'Remove from class' }).click();
  await expect(page.getByRole('heading', { name: '0 learners enrolled' })).toBeVisible();
  await expect(page.getByText('Nobody has enrolled in this class yet.')).toBeVisible();

  const inbox = await request.get('/api/notifications', { headers: bearer(seeded.learnerToken) });
  const { notifications } = (await inbox.json()) as { notifications: { message: string }[] };
  expect(notifications.map((n) => n.message)).toContain('You were removed from “Orbital mechanics, revised”');
  const status = await request.get(`/api/classes/${seeded.classId}/enrollment`, {
    headers: bearer(seeded.learnerToken),
  });
  expect(((await status.json()) as { isEnrolled: boolean }).isEnrolled).toBe(false);
});
