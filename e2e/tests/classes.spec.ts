import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { adminToken, createClassViaApi, setEnrolment, verifiedMentor } from '../support/seed';
import { recordExternalOpens } from '../support/ui';

/** A word no other journey uses, so a search finds only this journey's classes. */
const uniqueWord = () => `zq${randomUUID().slice(0, 8)}`;

async function liveUrl(page: Page, classId: string, token: string): Promise<string> {
  const response = await page.request.get(`/api/classes/${classId}/live`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { url: string }).url;
}

test('a verified mentor creates a class with tags and lands on its page', async ({ page, request }) => {
  const mentor = await verifiedMentor(request, 'Marie Curie');
  const title = `Radium chemistry ${uniqueWord()}`;
  await signInWithToken(page, mentor.token, '/classes');

  await page.getByRole('link', { name: 'Create Class' }).click();
  await expect(page).toHaveURL(/\/classes\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a class' })).toBeVisible();

  // Client validation from the contract's schema: required fields, and a URL unless live.
  await page.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Please choose a category')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Isolating radium, safely this time.');
  await page.getByLabel('Category').selectOption('design');
  await page.getByLabel('Content type').selectOption('video');
  await page.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByText('Content URL is required')).toBeVisible();
  await page.getByLabel('Content URL').fill('not a link');
  await page.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByText('Content URL must be a valid URL (http or https)')).toBeVisible();

  // A live class needs no URL.
  await page.getByLabel('Content type').selectOption('live');
  await page.getByLabel('Content URL (optional)').fill('');
  await page.getByLabel('Tags (optional)').fill(' chemistry , ,  lab safety,');
  await expect(page.getByRole('list', { name: 'Tags to be saved' }).getByRole('listitem')).toHaveText([
    'chemistry',
    'lab safety',
  ]);
  await page.getByLabel('This is a paid class').check();
  await page.getByLabel('Price').fill('12.50');
  await page.getByLabel('Max students (optional)').fill('8');
  await page.getByLabel('Schedule (optional)').fill('Tuesdays 17:00');
  await page.getByRole('button', { name: 'Create class' }).click();

  await expect(page.getByText('Class created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/classes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('#chemistry')).toBeVisible();
  await expect(page.getByText('#lab safety')).toBeVisible();
  await expect(page.getByTestId('capacity')).toHaveText('0 / 8');
  await expect(page.getByText('Tuesdays 17:00')).toBeVisible();
  await expect(page.getByText('12.50')).toBeVisible();
  // Its own mentor starts the session and may delete; never enrols.
  await expect(page.getByRole('button', { name: 'Start live session' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete class' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enrol in class' })).toHaveCount(0);
});

test("an unverified mentor's new class is refused with the server's message and a way to get verified", async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('mentor', 'Nina Newmentor'));
  await signInWithToken(page, token, '/classes/create');
  await expect(page.getByText('Your mentor account is not verified yet')).toBeVisible();
  await page.getByLabel('Title').fill('Not yet');
  await page.getByLabel('Description').fill('Waiting for an admin.');
  await page.getByLabel('Category').selectOption('other');
  await page.getByLabel('Content type').selectOption('live');
  await page.getByRole('button', { name: 'Create class' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'Only verified mentors can create classes. Request verification from your dashboard.',
  );
  await alert.getByRole('link', { name: 'Go to your dashboard to request verification' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a learner finds a class by search, enrols, joins the live session and unenrols after confirming', async ({
  page,
  request,
}) => {
  const word = uniqueWord();
  const mentor = await verifiedMentor(request);
  const title = `Quantum knitting ${word}`;
  const cls = await createClassViaApi(request, mentor.token, {
    title,
    description: 'Purl, knit, superpose. A long description that goes on and on to be clamped on its card.',
    maxStudents: 5,
    tags: ['craft'],
  });
  await createClassViaApi(request, mentor.token, { title: `Unrelated ${uniqueWord()}` });
  const learnerToken = await registerViaApi(request, newAccount('learner', 'Lin Learner'));
  const opened = await recordExternalOpens(page);
  await signInWithToken(page, learnerToken, '/classes');

  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
  // Learners have no Create Class button and no "Created" filter.
  await expect(page.getByRole('link', { name: 'Create Class' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Created' })).toHaveCount(0);

  await page.getByLabel('Search classes').fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  await expect(card.getByText('0 students')).toBeVisible();
  await expect(card.getByText('No ratings yet')).toBeVisible();

  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${cls._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('capacity')).toHaveText('0 / 5');
  await expect(page.getByText('Enrol to read this class')).toBeVisible();

  await page.getByRole('button', { name: 'Enrol in class' }).click();
  await expect(page.getByText('Successfully enrolled in the class!')).toBeVisible();
  await expect(page.getByTestId('capacity')).toHaveText('1 / 5');
  await expect(page.getByRole('link', { name: 'View discussions' })).toHaveAttribute(
    'href',
    `/discussions?classId=${cls._id}`,
  );
  await expect(page.getByRole('link', { name: 'Start Discussion' })).toHaveAttribute(
    'href',
    `/discussions/create?classId=${cls._id}`,
  );

  // Nothing on and nothing scheduled: no Join (issue #37.2). Its mentor schedules a session five minutes
  // from now: the one Join opens its room already.
  await expect(page.getByTestId('live-status')).toHaveText(
    'No live session is on or scheduled yet. You will be told when one is.',
  );
  await expect(page.getByRole('button', { name: /Join/ })).toHaveCount(0);
  const scheduled = await request.post(`/api/classes/${cls._id}/sessions`, {
    headers: { Authorization: `Bearer ${mentor.token}` },
    data: { startsAt: new Date(Date.now() + 5 * 60_000).toISOString(), durationMinutes: 30 },
  });
  expect(scheduled.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('live-status')).toHaveText(
    /^The next session starts in \d min \d\d s\. The room is open\.$/,
  );
  // Joining asks the server for the room and opens it through the Platform (window.open on the web).
  await page.getByRole('button', { name: 'Join live session' }).click();
  const room = await liveUrl(page, cls._id, learnerToken);
  await expect.poll(opened).toEqual([room]);
  await expect(page.getByText('The session has not started yet.')).toBeVisible();

  // Unenrolling asks first; Cancel keeps the seat.
  const unenrol = page.getByRole('button', { name: 'Unenrol' });
  await unenrol.click();
  const dialog = page.getByRole('alertdialog', { name: 'Unenrol from this class?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(unenrol).toBeFocused();
  await expect(page.getByTestId('capacity')).toHaveText('1 / 5');

  await unenrol.click();
  await dialog.getByRole('button', { name: 'Unenrol' }).click();
  await expect(page.getByText('Successfully unenrolled from the class')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('capacity')).toHaveText('0 / 5');
  await expect(page.getByRole('button', { name: 'Enrol in class' })).toBeVisible();
});

test("the class's mentor starts the live session and it opens the room", async ({ page, request }) => {
  const mentor = await verifiedMentor(request);
  const cls = await createClassViaApi(request, mentor.token, { title: `Live optics ${uniqueWord()}` });
  const opened = await recordExternalOpens(page);
  await signInWithToken(page, mentor.token, `/classes/${cls._id}`);

  await expect(page.getByRole('heading', { level: 1, name: cls.title })).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText(
    'No session is on or scheduled: start one now, or schedule one.',
  );
  await page.getByRole('button', { name: 'Start live session' }).click();
  await expect(page.getByText('Live session started.')).toBeVisible();
  await expect.poll(opened).toEqual([await liveUrl(page, cls._id, mentor.token)]);
  await expect(page.getByTestId('live-status')).toHaveText('The live session is on now.');
  await expect(page.getByText('Live now', { exact: true })).toBeVisible();
});

test("the class's mentor makes a new room link after confirming; its learners are handed only the new one", async ({
  page,
  request,
}) => {
  const mentor = await verifiedMentor(request);
  const cls = await createClassViaApi(request, mentor.token, { title: `Rotated room ${uniqueWord()}` });
  const learnerToken = await registerViaApi(request, newAccount('learner', 'Leo Learner'));
  await setEnrolment(request, learnerToken, cls._id, true);
  const oldRoom = await liveUrl(page, cls._id, learnerToken);

  // Its learners are never offered the action.
  await signInWithToken(page, learnerToken, `/classes/${cls._id}`);
  await expect(page.getByTestId('live-status')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New room link' })).toHaveCount(0);

  await signInWithToken(page, mentor.token, `/classes/${cls._id}`);
  const rotate = page.getByRole('button', { name: 'New room link' });
  await rotate.click();
  const dialog = page.getByRole('alertdialog', { name: 'Make a new room link?' });
  await expect(dialog).toContainText('old link stops working');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await liveUrl(page, cls._id, learnerToken)).toBe(oldRoom);

  await rotate.click();
  await dialog.getByRole('button', { name: 'Make new link' }).click();
  await expect(page.getByText('New room link made. The old link no longer leads to your class.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const newRoom = await liveUrl(page, cls._id, learnerToken);
  expect(newRoom).not.toBe(oldRoom);
  expect(await liveUrl(page, cls._id, mentor.token)).toBe(newRoom);
});

test('an admin deletes a class after confirming, and it is gone', async ({ page, request }) => {
  const mentor = await verifiedMentor(request);
  const cls = await createClassViaApi(request, mentor.token, { title: `Doomed class ${uniqueWord()}` });
  await signInWithToken(page, await adminToken(request), `/classes/${cls._id}`);

  await expect(page.getByRole('heading', { level: 1, name: cls.title })).toBeVisible();
  // An admin is offered a seat like anyone who is not its mentor (API.md), and may also delete it.
  await expect(page.getByRole('button', { name: 'Enrol in class' })).toBeVisible();
  const remove = page.getByRole('button', { name: 'Delete class' });
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this class?' });
  await expect(dialog).toContainText(cls.title);
  // Escape closes it and nothing is deleted.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete class' }).click();
  await expect(page.getByText('Class deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/classes$/);

  await page.goto(`/classes/${cls._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Class not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse classes' }).click();
  await expect(page).toHaveURL(/\/classes$/);
});

test("enrolling in a full class shows the server's answer", async ({ page, request }) => {
  const mentor = await verifiedMentor(request);
  const cls = await createClassViaApi(request, mentor.token, {
    title: `One seat only ${uniqueWord()}`,
    maxStudents: 1,
  });
  const first = await registerViaApi(request, newAccount('learner', 'First Learner'));
  await setEnrolment(request, first, cls._id, true);
  const second = await registerViaApi(request, newAccount('learner', 'Second Learner'));
  await signInWithToken(page, second, `/classes/${cls._id}`);

  await expect(page.getByTestId('capacity')).toHaveText('1 / 1Full');
  await page.getByRole('button', { name: 'Enrol in class' }).click();
  await expect(page.getByText('This class is full')).toBeVisible();
  await expect(page.getByTestId('capacity')).toHaveText('1 / 1Full');
});

test('a learner who opens /classes/create is sent to /classes; a signed-out visitor to /login', async ({
  page,
  request,
}) => {
  await page.goto('/classes/create');
  await expect(page).toHaveURL(/\/login$/);

  const token = await registerViaApi(request, newAccount('learner', 'Lin Learner'));
  await signInWithToken(page, token, '/classes/create');
  await expect(page).toHaveURL(/\/classes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();

  // Role "both" is turned away too (SPEC.md section 6: the guard wants exactly mentor).
  const both = await registerViaApi(request, newAccount('both', 'Bo Both'));
  await signInWithToken(page, both, '/classes/create');
  await expect(page).toHaveURL(/\/classes$/);
});

test('the list filters, searches on the server and pages with "Load more"', async ({ page, request }) => {
  test.slow();
  const word = uniqueWord();
  const mentor = await verifiedMentor(request, 'Paging Mentor');
  for (let index = 1; index <= 13; index += 1) {
    await createClassViaApi(request, mentor.token, {
      title: `Paged class ${index} ${word}`,
      category: index === 13 ? 'business' : 'other',
    });
  }
  await signInWithToken(page, mentor.token, `/classes?q=${word}`);

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(12);
  // Newest first.
  await expect(cards.first().getByRole('heading')).toHaveText(`Paged class 13 ${word}`);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(13);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByLabel('Category').selectOption('business');
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Category').selectOption('');

  // A mentor sees the "Created" filter; nothing of theirs is in "Enrolled".
  await page.getByRole('button', { name: 'Created' }).click();
  await expect(page.getByRole('button', { name: 'Created' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(12);
  await page.getByRole('button', { name: 'Enrolled' }).click();
  await expect(page.getByText('No classes found')).toBeVisible();
  await page.getByRole('button', { name: 'Show all classes' }).click();
  await expect(page.getByLabel('Search classes')).toHaveValue('');
});

test('the live room opens in a tab made in the click itself, so popup blockers let it through', async ({
  page,
  request,
  context,
}) => {
  const mentor = await verifiedMentor(request);
  const cls = await createClassViaApi(request, mentor.token, { title: `Popup optics ${uniqueWord()}` });
  const room = await liveUrl(page, cls._id, mentor.token);
  await context.route(`${new URL(room).origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Room</title>' }),
  );
  // The API's answer is held back: the tab must already be open while it is awaited (a window.open after
  // an await is what Safari's and Firefox's blockers refuse).
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/classes/*/live', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.fallback();
  });
  await signInWithToken(page, mentor.token, `/classes/${cls._id}`);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Start live session' }).click();
  const tab = await popup;
  expect(tab.url()).toBe('about:blank');
  answer();
  await tab.waitForURL(room);
  await expect(page.getByText('Live session started.')).toBeVisible();
  // The room's page cannot reach back into the app.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
});

test('when the API refuses the live session, its blank tab closes and the error shows', async ({ page, request }) => {
  const mentor = await verifiedMentor(request);
  const cls = await createClassViaApi(request, mentor.token, { title: `Refused optics ${uniqueWord()}` });
  await page.route('**/api/classes/*/live', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, json: { message: 'The room service is unavailable' } })
      : route.fallback(),
  );
  await signInWithToken(page, mentor.token, `/classes/${cls._id}`);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Start live session' }).click();
  const tab = await popup;
  await expect.poll(() => tab.isClosed()).toBe(true);
  await expect(page.getByText('The room service is unavailable')).toBeVisible();
});
