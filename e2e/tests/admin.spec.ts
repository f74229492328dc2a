import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { adminToken, pendingMentor, seedClass, startDiscussion } from '../support/seed';
import { confirmIn } from '../support/ui';

// The admin dashboard against the real server: every delete and rejection goes through the confirmation.

const suffix = () => randomUUID().slice(0, 6);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function openAdmin(page: Page, request: import('@playwright/test').APIRequestContext, path = '/admin') {
  await signInWithToken(page, await adminToken(request), path);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
}

test('the dashboard opens on Classes, keeps the tab in the URL across a reload, and moves with the arrow keys', async ({
  page,
  request,
}) => {
  await openAdmin(page, request);
  await expect(page.getByRole('tab', { name: 'Classes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Classes' })).toBeVisible();

  await page.getByRole('tab', { name: 'Classes' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Admins' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Admins' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/admin\?tab=admins$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Admins' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Admins' })).toBeVisible();
});

test('an admin verifies a pending mentor', async ({ page, request }) => {
  const name = `Paula Prospect ${suffix()}`;
  const mentor = await pendingMentor(request, name);
  await openAdmin(page, request, '/admin?tab=mentors');

  const pending = page.getByRole('table', { name: 'Pending verification requests' });
  await expect(pending.getByRole('row', { name: new RegExp(name) })).toContainText('Pending');
  await pending.getByRole('button', { name: `Verify ${name}` }).click();
  await expect(page.getByText('Mentor verified successfully')).toBeVisible();
  await expect(pending.getByText(name)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Mentors' }).getByRole('row', { name: new RegExp(name) })).toContainText(
    'Verified',
  );

  const profile = await request.get('/api/auth/profile', { headers: bearer(mentor.token) });
  expect(((await profile.json()) as { verified: boolean }).verified).toBe(true);
});

test('an admin rejects a pending mentor, which deletes the mentor', async ({ page, request }) => {
  const name = `Rita Rejected ${suffix()}`;
  const mentor = await pendingMentor(request, name);
  await openAdmin(page, request, '/admin?tab=mentors');

  await page.getByRole('button', { name: `Reject ${name}` }).click();
  // Cancelling changes nothing.
  const dialog = page.getByRole('alertdialog', { name: 'Reject this verification request?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Reject ${name}` })).toBeFocused();

  await page.getByRole('button', { name: `Reject ${name}` }).click();
  await confirmIn(page, 'Reject this verification request?', 'Reject and delete');
  await expect(page.getByText('Mentor deleted successfully')).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);

  const mentors = await request.get('/api/users/mentors', { headers: bearer(await adminToken(request)) });
  expect(((await mentors.json()) as { _id: string }[]).map((user) => user._id)).not.toContain(mentor.id);
});

test('an admin deletes a learner', async ({ page, request }) => {
  const name = `Leo Learner ${suffix()}`;
  const token = await registerViaApi(request, newAccount('learner', name));
  await openAdmin(page, request, '/admin?tab=learners');

  await expect(
    page.getByRole('table', { name: 'Learners' }).getByRole('row', { name: new RegExp(name) }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await confirmIn(page, 'Delete this learner?', 'Delete learner');
  await expect(page.getByText('Learner deleted successfully')).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  // The account is gone: its token no longer works.
  expect((await request.get('/api/auth/profile', { headers: bearer(token) })).status()).toBe(401);
});

test("an admin changes a learner's role after a confirmation, and the audit log shows it", async ({
  page,
  request,
}) => {
  const name = `Rae Role ${suffix()}`;
  const token = await registerViaApi(request, newAccount('learner', name));
  await openAdmin(page, request, '/admin?tab=learners');

  const row = page.getByRole('table', { name: 'Learners' }).getByRole('row', { name: new RegExp(name) });
  await row.getByRole('combobox', { name: `Role of ${name}` }).selectOption('mentor');
  await confirmIn(page, 'Change this role?', 'Change role');
  await expect(page.getByText('Role changed successfully')).toBeVisible();
  // Now a mentor, the person leaves the learners list; their session goes on, with the new role.
  await expect(page.getByRole('table', { name: 'Learners' }).getByText(name)).toHaveCount(0);
  const profile = await request.get('/api/auth/profile', { headers: bearer(token) });
  expect(((await profile.json()) as { role: string }).role).toBe('mentor');

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const entry = page.getByRole('table', { name: 'Audit log' }).getByRole('row', { name: new RegExp(name) });
  await expect(entry).toContainText('Changed a role');
  await expect(entry).toContainText('learner → mentor');
});

test('an admin promotes a learner to admin, finds them under Admins, and demotes them back', async ({
  page,
  request,
}) => {
  const name = `Ari Admin ${suffix()}`;
  const token = await registerViaApi(request, newAccount('learner', name));
  const canAdminister = async () => (await request.get('/api/users/admins', { headers: bearer(token) })).status();
  expect(await canAdminister()).toBe(403);
  await openAdmin(page, request, '/admin?tab=learners');

  const learners = page.getByRole('table', { name: 'Learners' });
  await learners.getByRole('combobox', { name: `Role of ${name}` }).selectOption('admin');
  await confirmIn(page, 'Change this role?', 'Change role');
  await expect(learners.getByText(name)).toHaveCount(0);
  expect(await canAdminister()).toBe(200);

  await page.getByRole('tab', { name: 'Admins' }).click();
  const admins = page.getByRole('table', { name: 'Admins' });
  const select = admins.getByRole('combobox', { name: `Role of ${name}` });
  await expect(select).toHaveValue('admin');
  await expect(select).toBeEnabled();
  // The signed-in admin's own row says so, and its role is left to another admin.
  await expect(admins.getByRole('rowheader', { name: /\(you\)$/ })).toHaveCount(1);
  await expect(admins.getByRole('row', { name: /\(you\)/ }).getByRole('combobox')).toBeDisabled();

  await select.selectOption('learner');
  const dialog = page.getByRole('alertdialog', { name: 'Change this role?' });
  await expect(dialog).toContainText('They will lose access to the admin dashboard.');
  await confirmIn(page, 'Change this role?', 'Change role');
  await expect(admins.getByText(name)).toHaveCount(0);
  expect(await canAdminister()).toBe(403);
  const profile = await request.get('/api/auth/profile', { headers: bearer(token) });
  expect(((await profile.json()) as { role: string }).role).toBe('learner');

  await page.getByRole('tab', { name: 'Learners' }).click();
  await expect(learners.getByRole('combobox', { name: `Role of ${name}` })).toHaveValue('learner');
});

test('an admin deletes a discussion and then its class', async ({ page, request }) => {
  const classTitle = `Moderated class ${suffix()}`;
  const seeded = await seedClass(request, classTitle, 'Grace Hopper');
  const discussionTitle = `Off-topic thread ${suffix()}`;
  const discussion = await startDiscussion(request, seeded.learnerToken, {
    classId: seeded.classId,
    title: discussionTitle,
    content: 'This does not belong here.',
  });
  await openAdmin(page, request, '/admin?tab=discussions');

  const row = page.getByRole('table', { name: 'Discussions' }).getByRole('row', { name: new RegExp(discussionTitle) });
  await expect(row).toContainText(classTitle);
  await expect(row.getByRole('link', { name: discussionTitle })).toHaveAttribute(
    'href',
    `/discussions/${discussion._id}`,
  );
  await page.getByRole('button', { name: `Delete ${discussionTitle}` }).click();
  await confirmIn(page, 'Delete this discussion?', 'Delete discussion');
  await expect(page.getByText('Discussion deleted successfully')).toBeVisible();
  await expect(page.getByText(discussionTitle)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Classes' }).click();
  const classRow = page.getByRole('table', { name: 'Classes' }).getByRole('row', { name: new RegExp(classTitle) });
  await expect(classRow.getByRole('link', { name: classTitle })).toHaveAttribute('href', `/classes/${seeded.classId}`);
  await expect(classRow).toContainText('Marie Curie');
  await page.getByRole('button', { name: `Delete ${classTitle}` }).click();
  await confirmIn(page, 'Delete this class?', 'Delete class');
  await expect(page.getByText('Class deleted successfully')).toBeVisible();
  await expect(page.getByText(classTitle)).toHaveCount(0);
  expect((await request.get(`/api/classes/${seeded.classId}`, { headers: bearer(seeded.learnerToken) })).status()).toBe(
    404,
  );
});

test('at phone width the lists become cards that fit the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const name = `Carla Card ${suffix()}`;
  await pendingMentor(request, name);
  await openAdmin(page, request, '/admin?tab=mentors');
  const cards = page.getByRole('list', { name: 'Pending verification requests' });
  await expect(cards.getByText(name)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // Every tab is on screen (rows of three), none scrolled out of sight.
  const tabs = await page.getByRole('tab').all();
  expect(tabs).toHaveLength(7);
  for (const tab of tabs) {
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, String(await tab.textContent())).toBe(true);
  }
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a learner who visits /admin is brought to their dashboard and told why; / is their dashboard too', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Curious Learner'));
  await signInWithToken(page, token, '/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('alert')).toHaveText(
    'That page is for administrators only, so you were brought to your home page.',
  );
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Future of Learning' })).toHaveCount(0);
});
