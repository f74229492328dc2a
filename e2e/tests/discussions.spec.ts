import { expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { replyToDiscussion, seedClass, setEnrolment, startDiscussion } from '../support/seed';

/** Fails the test if the page ever opens a JavaScript dialog (alert, confirm, prompt). */
function forbidDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

test('a learner starts a discussion from their class, finds it under the class, opens it and replies', async ({
  page,
  request,
}) => {
  // A long journey: give it the slow budget on a busy machine.
  test.slow();
  const room = await seedClass(request, 'Compilers for everyone', 'Grace Hopper');
  await signInWithToken(page, room.learnerToken, `/discussions/create?classId=${room.classId}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Start a discussion' })).toBeVisible();
  // ?classId= picks the class and locks the selector.
  const classSelect = page.getByLabel('Class');
  await expect(classSelect).toBeDisabled();
  await expect(classSelect).toHaveValue(room.classId);
  await expect(classSelect.locator('option:checked')).toHaveText(room.classTitle);

  // Blank after trimming: the form says so and sends nothing.
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/discussions')) posts.push(req.url());
  });
  await page.getByLabel('Title').fill('   ');
  await page.getByRole('button', { name: 'Start Discussion' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  expect(posts).toHaveLength(0);

  await page.getByLabel('Title').fill('Why are linkers so mysterious?');
  await page.getByLabel('Content').fill('I get the compiler.\nThe linker, not so much: what does it actually do?');
  await page.getByRole('button', { name: 'Start Discussion' }).click();

  await expect(page).toHaveURL(/\/discussions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Why are linkers so mysterious?' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Class: ${room.classTitle}` })).toHaveAttribute(
    'href',
    `/classes/${room.classId}`,
  );
  // Line breaks survive.
  await expect(page.getByText('I get the compiler.', { exact: false })).toHaveCSS('white-space', 'pre-wrap');
  expect(posts).toHaveLength(1);

  // The list groups it under its class, in a section that folds away.
  await page.getByRole('link', { name: 'All discussions' }).click();
  const section = page.getByRole('region', { name: new RegExp(room.classTitle) });
  const toggle = section.getByRole('button', { name: new RegExp(room.classTitle) });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const item = section.getByRole('link', { name: 'Why are linkers so mysterious?' });
  await expect(item).toBeVisible();
  await expect(section.getByText('0 replies')).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(item).toBeHidden();
  await toggle.press('Enter');
  await expect(item).toBeVisible();

  // My posts has it; my replies does not, yet.
  await page.getByText('My replies', { exact: true }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByText('You have not replied to any discussions here yet')).toBeVisible();
  await page.getByText('My posts', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Why are linkers so mysterious?' })).toBeVisible();

  // Open it and reply.
  await page.getByRole('link', { name: 'Why are linkers so mysterious?' }).click();
  const replyBox = page.getByLabel('Your reply');
  const send = page.getByRole('button', { name: 'Post reply' });
  await expect(send).toBeDisabled();
  await replyBox.fill('   \n  ');
  await expect(send).toBeDisabled();
  await replyBox.fill('It stitches the object files together and resolves the symbols. Great question!');
  await send.click();
  const replies = page.getByRole('region', { name: /Replies/ });
  await expect(replies.getByRole('article', { name: 'Reply by Grace Hopper' })).toContainText(
    'It stitches the object files together',
  );
  await expect(replies.getByRole('img', { name: /^Sentiment: / })).toHaveCount(1);
  await expect(replyBox).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Replies (1)' })).toBeVisible();

  // Back in the list: one reply, and "my replies" now has it.
  await page.getByRole('link', { name: 'All discussions' }).click();
  await expect(page.getByText('1 reply', { exact: true })).toBeVisible();
  await page.getByText('My replies', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Why are linkers so mysterious?' })).toBeVisible();
});

test('the list is filtered by ?classId= and searched on the server', async ({ page, request }) => {
  const room = await seedClass(request, 'Typography basics', 'Ada Lovelace');
  const other = await seedClass(request, 'Gardening at home', 'Someone Else');
  // The learner also joins the second class.
  await setEnrolment(request, room.learnerToken, other.classId, true);
  await startDiscussion(request, room.learnerToken, {
    classId: room.classId,
    title: 'Serif or sans serif?',
    content: 'Which reads better on screens?',
  });
  await startDiscussion(request, room.learnerToken, {
    classId: other.classId,
    title: 'Tomatoes on a balcony',
    content: 'How much sun do they need?',
  });

  await signInWithToken(page, room.learnerToken, '/discussions');
  await expect(page.getByRole('region', { name: /Typography basics/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /Gardening at home/ })).toBeVisible();

  await page.getByLabel('Search discussions').fill('tomatoes');
  await expect(page.getByRole('link', { name: 'Serif or sans serif?' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Tomatoes on a balcony' })).toBeVisible();
  await page.getByLabel('Search discussions').fill('');

  await page.goto(`/discussions?classId=${room.classId}`);
  await expect(page.getByText('Showing discussions of')).toContainText('Typography basics');
  await expect(page.getByRole('link', { name: 'Serif or sans serif?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tomatoes on a balcony' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Start Discussion' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/discussions/create\\?classId=${room.classId}$`));
  await expect(page.getByLabel('Class')).toBeDisabled();
});

test('someone in no class gets a friendly empty state, and a non-member cannot reply or start a discussion', async ({
  page,
  request,
}) => {
  const outsiderToken = await registerViaApi(request, newAccount('learner', 'Otto Outsider'));
  await signInWithToken(page, outsiderToken, '/discussions');
  await expect(page.getByText('You are not enrolled in any classes')).toBeVisible();
  await page.getByRole('link', { name: 'Browse classes' }).click();
  await expect(page).toHaveURL(/\/classes$/);

  // Starting one in a class they are not enrolled in: the server's 403 is shown.
  const room = await seedClass(request, 'Members only', 'Mia Member');
  await page.goto(`/discussions/create?classId=${room.classId}`);
  await expect(page.getByLabel('Class').locator('option:checked')).toHaveText('Members only');
  await page.getByLabel('Title').fill('Can I join?');
  await page.getByLabel('Content').fill('Just curious.');
  await page.getByRole('button', { name: 'Start Discussion' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must be enrolled in the class to start a discussion.');

  // A learner who leaves the class after opening a discussion gets the 403 text when replying.
  const discussion = await startDiscussion(request, room.learnerToken, {
    classId: room.classId,
    title: 'Homework for week one',
    content: 'Where do we hand it in?',
  });
  await signInWithToken(page, room.learnerToken, `/discussions/${discussion._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Homework for week one' })).toBeVisible();
  await setEnrolment(request, room.learnerToken, room.classId, false);
  await page.getByLabel('Your reply').fill('Never mind, found it.');
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must be enrolled in the class to post a reply.');
  // The text stays, to send again once enrolled.
  await expect(page.getByLabel('Your reply')).toHaveValue('Never mind, found it.');
});

test('abusive text carries the red Flagged Content banner with its reason, on the discussion and on a reply', async ({
  page,
  request,
}) => {
  const room = await seedClass(request, 'Debate club', 'Dora Debater');
  const discussion = await startDiscussion(request, room.learnerToken, {
    classId: room.classId,
    title: 'Feedback on my proposal',
    content: 'What a stupid idea, you idiot.',
  });
  expect(discussion.moderation.flagged).toBe(true);
  await replyToDiscussion(request, room.mentorToken, discussion._id, 'Let us keep this kind and constructive, please.');
  await replyToDiscussion(request, room.learnerToken, discussion._id, 'Shut up, you stupid idiot.');

  await signInWithToken(page, room.learnerToken, '/discussions');
  await expect(page.getByRole('region', { name: /Debate club/ }).getByText('Flagged', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Feedback on my proposal' }).click();
  const main = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 1 }) });
  const banner = main.getByRole('note', { name: 'Flagged Content' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Flagged Content');
  // A reason in words, beyond the heading.
  expect(((await banner.textContent()) ?? '').replace('Flagged Content', '').trim().length).toBeGreaterThan(3);
  await expect(main.getByRole('img', { name: 'Sentiment: negative' })).toBeVisible();
  await expect(main.getByText('What a stupid idea, you idiot.')).toBeVisible();

  const replies = page.getByRole('article', { name: /^Reply by/ });
  await expect(replies).toHaveCount(2);
  // Oldest first: the mentor's calm reply, then the flagged one.
  await expect(replies.nth(0).getByRole('note', { name: 'Flagged Content' })).toHaveCount(0);
  await expect(replies.nth(1).getByRole('note', { name: 'Flagged Content' })).toBeVisible();
});

test('markup in a discussion shows as text, and the author deletes it after confirming', async ({ page, request }) => {
  const dialogs = forbidDialogs(page);
  const room = await seedClass(request, 'Web security', 'Sam Secure');
  const discussion = await startDiscussion(request, room.learnerToken, {
    classId: room.classId,
    title: '<b>Bold</b> title <script>alert(2)</script>',
    content: '<img src=x onerror=alert(1)> is that safe?',
  });
  await signInWithToken(page, room.learnerToken, `/discussions/${discussion._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('<b>Bold</b> title <script>alert(2)</script>');
  await expect(page.getByText('<img src=x onerror=alert(1)> is that safe?')).toBeVisible();
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this discussion?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeFocused();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete discussion' }).click();
  await expect(page).toHaveURL(new RegExp(`/discussions\\?classId=${room.classId}$`));
  await expect(page.getByText('Discussion deleted successfully')).toBeVisible();
  await expect(page.getByText('No discussions yet')).toBeVisible();

  await page.goto(`/discussions/${discussion._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Discussion not found' })).toBeVisible();
  expect(dialogs).toEqual([]);
});
