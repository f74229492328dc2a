import { expect, request as playwrightRequest, test } from '@playwright/test';
import { type SmtpStub, startSmtpStub } from '../../apps/server/test/smtpStub';
import { signInWithToken } from '../support/accounts';
import { seedClass, startDiscussion } from '../support/seed';
import { type RunningServer, startServer } from '../support/server';

// Issue #29: notifications by email, end to end. A server of its own sends real mail to an SMTP server on
// loopback (the journeys' shared server logs mail instead); its job queue polls on its own. A learner
// chooses in Settings to get new discussions by email at once, gets one, and stops them from the
// email's link, signed out.

let smtp: SmtpStub;
let server: RunningServer;

test.beforeAll(async () => {
  smtp = await startSmtpStub();
  server = await startServer({ env: (baseUrl) => ({ SMTP_URL: smtp.url, PUBLIC_URL: baseUrl }) });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

test('a learner gets new discussions by email at once, then stops them from the email’s link', async ({ browser }) => {
  test.slow();
  const api = await playwrightRequest.newContext({ baseURL: server.baseUrl });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  try {
    const seeded = await seedClass(api, 'Pottery by post', 'Clara Clay');
    const page = await context.newPage();
    await signInWithToken(page, seeded.learnerToken, '/settings#notifications');

    // Settings, opened at the Notifications section from the email's own link.
    const section = page.getByRole('region', { name: 'Notifications' });
    await expect(section).toBeInViewport();
    const discussions = section.getByRole('combobox', { name: 'New discussions by email' });
    await expect(discussions).toHaveValue('daily');
    await discussions.selectOption('immediate');
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    // The mentor starts a discussion: the learner is told by email within a few polls of the queue.
    await startDiscussion(api, seeded.mentorToken, {
      classId: seeded.classId,
      title: 'Glaze day is moved',
      content: 'Bring your bisque pieces on Thursday.',
    });
    // (The mentor's own mail, of their verification, may come first.)
    let mail = await smtp.next(30_000);
    while (!mail.to.includes(seeded.learner.email)) mail = await smtp.next(30_000);
    expect(mail.to).toEqual([seeded.learner.email]);
    expect(mail.subject).toBe('Marie Curie started the discussion “Glaze day is moved” in “Pottery by post”');
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const stopLink = /Stop these emails: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(stopLink).toMatch(new RegExp(`^${server.baseUrl}/unsubscribe\\?token=`));

    // The link, opened in a browser that is signed out: it asks first, then stops that topic only.
    const stranger = await browser.newContext({ baseURL: server.baseUrl });
    const outside = await stranger.newPage();
    await outside.goto(stopLink);
    await expect(outside.getByRole('heading', { name: 'Stop these emails?' })).toBeVisible();
    await outside.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(
      outside.getByText('You will no longer get emails about new discussions in your classes.'),
    ).toBeVisible();
    await stranger.close();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'New discussions by email' })).toHaveValue('off');
    await expect(page.getByRole('combobox', { name: 'Replies by email' })).toHaveValue('immediate');
  } finally {
    await context.close();
    await api.dispose();
  }
});
