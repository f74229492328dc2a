import { expect, test } from '@playwright/test';
import { signInWithToken } from '../support/accounts';
import { seedClassroom } from '../support/seed';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Session reminders and the calendar feed (issue #25) against the real server process, whose job queue
// polls on its own: nothing here runs jobs by hand.
test('a learner is reminded of a session in the bell, and subscribes to their sessions with the calendar link', async ({
  page,
  baseURL,
  request,
}) => {
  const room = await seedClassroom(request, 'Lise Meitner');
  // The web app's live stream (EventSource) is signed in by the cookie, as after a real sign-in.
  await page.context().addCookies([{ name: 'token', value: room.learnerToken, url: baseURL ?? '', httpOnly: true }]);
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await signInWithToken(page, room.learnerToken, '/dashboard');
  await stream;
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Ten minutes ahead: inside the 15-minute reminder lead, so the reminder is due at once.
  const startsAt = new Date(Date.now() + 10 * 60_000).toISOString();
  const scheduled = await request.post(`/api/classes/${room.classId}/sessions`, {
    headers: bearer(room.mentorToken),
    data: { title: 'Decay lab', startsAt, durationMinutes: 45 },
  });
  expect(scheduled.status()).toBe(201);

  // Told of the new session, then reminded of it by the job queue, both live on the open page.
  const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible({ timeout: 30_000 });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(
    panel.getByRole('link', { name: `Reminder: the session “Decay lab” of “${room.classTitle}” starts soon` }),
  ).toHaveAttribute('href', `/classes/${room.classId}`);
  await page.keyboard.press('Escape');

  await page.goto('/settings');
  const link = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const oldUrl = new URL(await link.inputValue());
  // As a calendar app fetches it: no session, the token in the path.
  const feed = await request.get(oldUrl.pathname, { headers: {} });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain(`SUMMARY:Decay lab (${room.classTitle})`);

  await page.getByRole('button', { name: 'Make a new link' }).click();
  await page
    .getByRole('alertdialog', { name: 'Make a new calendar link?' })
    .getByRole('button', { name: 'Make a new link' })
    .click();
  await expect(link).not.toHaveValue(oldUrl.toString());
  const newUrl = new URL(await link.inputValue());
  expect((await request.get(oldUrl.pathname)).status()).toBe(404);
  expect((await request.get(newUrl.pathname)).status()).toBe(200);
});
