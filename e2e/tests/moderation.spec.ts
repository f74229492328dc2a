import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { adminToken, replyToDiscussion, seedClass, setEnrolment, startDiscussion } from '../support/seed';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const NOTICE = 'Hidden while a moderator reviews it';

// Issue #24 end to end: a learner reports a reply from its ⋯ menu; an admin hides it (through the API,
// silencing its author with the same decision); the reporter then reads the notice in its place, the
// author reads it as written under a banner, and the author's next reply is refused with the end date.
test('a reported reply is hidden by an admin, and its silenced author is told until when', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const seeded = await seedClass(request, 'Moderation 101', 'Ana Author');
  const discussion = await startDiscussion(request, seeded.learnerToken, {
    classId: seeded.classId,
    title: 'Where do I start with types?',
    content: 'Any advice for a first week?',
  });
  await replyToDiscussion(request, seeded.learnerToken, discussion._id, 'Buy cheap watches at my site!!!');
  const reporterToken = await registerViaApi(request, newAccount('learner', 'Ben Reporter'));
  await setEnrolment(request, reporterToken, seeded.classId, true);

  // The reporter reports the reply from its menu.
  await signInWithToken(page, reporterToken, `/discussions/${discussion._id}`);
  await page.getByRole('button', { name: 'More actions for the reply by Ana Author' }).click();
  await page.getByRole('button', { name: 'Report reply', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report reply' });
  await dialog.getByText('Spam', { exact: true }).click();
  await dialog.getByLabel(/Note/).fill('Advertising in a class discussion');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thanks, a moderator will look at it')).toBeVisible();

  // The admin finds the entry (other journeys share the queue) and hides the reply, silencing its author.
  const admin = await adminToken(request);
  const detail = (await (
    await request.get(`/api/discussions/${discussion._id}`, { headers: bearer(seeded.learnerToken) })
  ).json()) as { replies: { _id: string }[] };
  const replyId = detail.replies[0]?._id;
  const queue = (await (
    await request.get('/api/moderation/queue?targetType=reply&limit=100', { headers: bearer(admin) })
  ).json()) as { items: { _id: string; targetId: string }[] };
  const entry = queue.items.find((item) => item.targetId === replyId);
  expect(entry, 'the report opened a queue entry').toBeDefined();
  const resolved = await request.post(`/api/moderation/queue/${entry?._id}/resolve`, {
    headers: bearer(admin),
    data: {
      action: 'hide',
      reason: 'Advertising',
      sanction: { kind: 'silence', days: 3, message: 'Advertising in discussions' },
    },
  });
  expect(resolved.status()).toBe(200);

  // The reporter now reads the notice in its place.
  await page.reload();
  await expect(page.getByTestId('hidden-notice')).toHaveText(NOTICE);
  await expect(page.getByText('Buy cheap watches at my site!!!')).toHaveCount(0);

  // The author reads it as written, under a banner, and is told why and until when on replying.
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await signInWithToken(author, seeded.learnerToken, `/discussions/${discussion._id}`);
  await expect(author.getByText('Buy cheap watches at my site!!!')).toBeVisible();
  await expect(author.getByRole('note', { name: NOTICE })).toContainText('Only you and moderators can see it');
  await author.getByLabel('Your reply').fill('Sorry, here is a real answer.');
  await author.getByRole('button', { name: 'Post reply' }).click();
  await expect(author.getByRole('alert')).toContainText(
    /Your account is silenced until \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC: /,
  );
  await authorContext.close();
});
