import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInContext, signInWithToken } from '../support/accounts';
import { adminToken, replyToDiscussion, seedClass, setEnrolment, startDiscussion } from '../support/seed';

const NOTICE = 'Hidden while a moderator reviews it';

// Issue #24's story end to end, in the browser throughout: a learner reports a reply from its ⋯ menu; an
// admin who has the Moderation tab open sees the entry arrive without a reload, hides the reply and
// silences its author for 3 days from the entry; the reporter and the author each find the outcome in
// their notifications; the author's reply form is closed, with the silence's end said above it.
test('a reported reply reaches the open queue live, is hidden with a silence, and both sides are told', async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  const spam = `Buy cheap watches at my site ${tag}!!!`;
  const seeded = await seedClass(request, `Moderation 101 ${tag}`, 'Ana Author');
  const discussion = await startDiscussion(request, seeded.learnerToken, {
    classId: seeded.classId,
    title: `Where do I start with types? ${tag}`,
    content: 'Any advice for a first week?',
  });
  await replyToDiscussion(request, seeded.learnerToken, discussion._id, spam);
  const reporterToken = await registerViaApi(request, newAccount('learner', 'Ben Reporter'));
  await setEnrolment(request, reporterToken, seeded.classId, true);

  // The admin's Moderation tab is open before anything is reported; it must not navigate again.
  const adminContext = await browser.newContext();
  const adminBearer = await adminToken(request);
  await signInContext(adminContext, baseURL, adminBearer);
  const admin = await adminContext.newPage();
  const adminStream = admin.waitForResponse((response) => response.url().endsWith('/api/events'));
  await signInWithToken(admin, adminBearer, '/admin?tab=moderation');
  expect((await adminStream).status()).toBe(200);
  await expect(admin.getByRole('heading', { name: /^Moderation/ })).toBeVisible();
  let adminNavigations = 0;
  admin.on('framenavigated', (frame) => {
    if (frame === admin.mainFrame()) adminNavigations++;
  });
  const entry = admin.getByRole('article', { name: `Reply: ${spam}` });
  await expect(entry).toHaveCount(0);

  // The reporter reports the reply from its menu.
  await signInContext(context, baseURL, reporterToken);
  await signInWithToken(page, reporterToken, `/discussions/${discussion._id}`);
  await page.getByRole('button', { name: 'More actions for the reply by Ana Author' }).click();
  await page.getByRole('button', { name: 'Report reply', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report reply' });
  await dialog.getByText('Spam', { exact: true }).click();
  await dialog.getByLabel(/Note/).fill('Advertising in a class discussion');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thanks, a moderator will look at it')).toBeVisible();

  // The entry reaches the admin's open tab live, with the report in it.
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Advertising in a class discussion');
  expect(adminNavigations, 'the entry arrived without a reload').toBe(0);

  // The admin selects it, gives a reason and a 3-day silence, and hides it; the undo time then runs out.
  await entry.getByRole('heading').first().click();
  await expect(entry).toHaveAttribute('aria-current', 'true');
  await entry.getByLabel('Private reason (optional)').fill('Advertising');
  await entry.getByLabel('Sanction of the author').selectOption({ label: 'Silence' });
  await entry.getByLabel('Days').fill('3');
  await entry.getByLabel('Message to the person').fill('Advertising in discussions');
  const decidedAt = Date.now();
  await entry.getByRole('button', { name: `Hide ${spam}` }).click();
  await expect(entry).toHaveCount(0);
  await expect(admin.getByText(`Hidden: ${spam}`)).toBeVisible();

  // The reporter's bell lights up once the decision is made (after the admin's undo time): that is the
  // signal the reply is hidden, so the reload that follows reads it hidden.
  const reporterBell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(reporterBell).toBeVisible({ timeout: 20_000 });
  await reporterBell.click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: /^Your report of “Reply” was reviewed: it was hidden/ }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('hidden-notice')).toHaveText(NOTICE);
  // Nowhere on the page, the bell's list (loaded, closed) included: it names the reply, not its text.
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await expect(page.getByText(spam)).toHaveCount(0);
  expect(adminNavigations).toBe(0);
  await adminContext.close();

  // The author finds the outcome in their notifications, reads the reply as written under a banner, and
  // is told why and until when on replying.
  const authorContext = await browser.newContext();
  await signInContext(authorContext, baseURL, seeded.learnerToken);
  const author = await authorContext.newPage();
  await signInWithToken(author, seeded.learnerToken, `/discussions/${discussion._id}`);
  const authorBell = author.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await authorBell.click();
  await expect(
    author
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: /^A moderator reviewed your .* it was hidden/ }),
  ).toBeVisible();
  await authorBell.click();
  await expect(author.getByRole('article', { name: 'Reply by Ana Author' })).toContainText(spam);
  await expect(author.getByRole('note', { name: NOTICE })).toContainText('Only you and moderators can see it');
  // The silence is said above the reply form, which is closed before anything is typed.
  const silence = author.getByTestId('silence-notice');
  // The end as the reader's own browser writes a date, three days after the decision.
  const endDay = await author.evaluate(
    (at) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(at)),
    decidedAt + 3 * 24 * 3600_000,
  );
  await expect(silence).toContainText(`Your account is silenced until ${endDay}`);
  await expect(silence).toContainText('You can read, but not publish, until then.');
  await expect(author.getByLabel('Your reply')).toBeDisabled();
  await expect(author.getByRole('button', { name: 'Post reply' })).toBeDisabled();
  await authorContext.close();
});
