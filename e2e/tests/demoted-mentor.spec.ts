import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInWithToken } from '../support/accounts';
import { adminToken, createClassViaApi, profileId, verifiedMentor } from '../support/seed';

// A mentor an admin makes a learner keeps their name on their class but loses its controls; made a
// mentor again, they ask for verification again.

test('an admin demotes a mentor: their class page shows no controls, and promotion back asks for verification', async ({
  browser,
  page,
  request,
}) => {
  const name = `Dora Demoted ${randomUUID().slice(0, 6)}`;
  const mentor = await verifiedMentor(request, name);
  const cls = await createClassViaApi(request, mentor.token, { title: `Class of ${name}` });
  const admin = await adminToken(request);

  await signInWithToken(page, admin, '/admin?tab=mentors');
  await page
    .getByRole('table', { name: 'Mentors' })
    .getByRole('combobox', { name: `Role of ${name}` })
    .selectOption('learner');
  await page
    .getByRole('alertdialog', { name: 'Change this role?' })
    .getByRole('button', { name: 'Change role' })
    .click();
  await expect(page.getByText('Role changed successfully')).toBeVisible();

  const mentorContext = await browser.newContext();
  const mentorPage = await mentorContext.newPage();
  await signInWithToken(mentorPage, mentor.token, `/classes/${cls._id}`);
  await expect(mentorPage.getByRole('heading', { level: 1, name: cls.title })).toBeVisible();
  for (const control of ['Start live session', 'Delete class', 'Enrol in class']) {
    await expect(mentorPage.getByRole('button', { name: control })).toHaveCount(0);
  }
  await expect(mentorPage.getByRole('link', { name: 'Start Discussion' })).toHaveCount(0);
  await expect(mentorPage.getByRole('heading', { name: 'A class you created' })).toBeVisible();
  await expect(mentorPage.getByText(/The class stays open to its learners/i)).toBeVisible();

  const id = await profileId(request, mentor.token);
  const promoted = await request.put(`/api/admin/users/${id}/role`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { role: 'mentor' },
  });
  expect(promoted.ok()).toBe(true);
  await mentorPage.goto('/dashboard');
  await expect(mentorPage.getByText('Not verified yet')).toBeVisible();
  await mentorPage.getByRole('button', { name: 'Request verification' }).click();
  await expect(mentorPage.getByText('An admin is reviewing your request.', { exact: false })).toBeVisible();
  await mentorPage.goto(`/classes/${cls._id}`);
  // A mentor again but not verified: the class is theirs to run once more.
  await expect(mentorPage.getByRole('button', { name: 'Start live session' })).toBeVisible();
  await mentorContext.close();
});
