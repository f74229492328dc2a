import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { ADMIN } from '../support/env';
import {
  adminToken,
  createClassViaApi,
  pendingMentor,
  seedClass,
  setEnrolment,
  startDiscussion,
  verifiedMentor,
} from '../support/seed';
import { confirmIn, recordExternalOpens } from '../support/ui';

// Long journeys through the real UI, one per role, plus the guard matrix and the 401 rule (SPEC.md 6, 8).
// Everything runs against the one shared server: each journey finds its own data by a unique word.

const unique = () => `zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

async function registerInUi(page: Page, account: Account): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('I am joining as').selectOption(account.role);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Registration successful! Welcome to our platform!')).toBeVisible();
}

async function signInInUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** A second, independent browser context on the same server (another person at another computer). */
async function secondPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test('learner journey: register, find and enrol in a class, discuss, review, post in the community, ask the assistant, log out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const word = unique();
  const mentor = await verifiedMentor(request, 'Marie Curie');
  const classTitle = `Stellar navigation ${word}`;
  const cls = await createClassViaApi(request, mentor.token, {
    title: classTitle,
    description: 'Finding your way by the stars.',
    maxStudents: 10,
  });

  // Register through the form, as a learner.
  const learner = newAccount('learner', `Lena Learner ${word}`);
  await registerInUi(page, learner);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Lena!' })).toBeVisible();

  // Browse the classes and search for the seeded one.
  await navLink(page, 'Classes').click();
  await expect(page).toHaveURL(/\/classes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
  await page.getByLabel('Search classes').fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole('link', { name: classTitle }).click();

  // Open it and enrol.
  await expect(page).toHaveURL(new RegExp(`/classes/${cls._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: classTitle })).toBeVisible();
  await expect(page.getByTestId('capacity')).toHaveText('0 / 10');
  await page.getByRole('button', { name: 'Enrol in class' }).click();
  await expect(page.getByText('Successfully enrolled in the class!')).toBeVisible();
  await expect(page.getByTestId('capacity')).toHaveText('1 / 10');

  // Start a discussion from the class page, then reply to it.
  await page.getByRole('link', { name: 'Start Discussion' }).click();
  await expect(page).toHaveURL(new RegExp(`/discussions/create\\?classId=${cls._id}$`));
  await expect(page.getByLabel('Class')).toBeDisabled();
  await expect(page.getByLabel('Class')).toHaveValue(cls._id);
  const discussionTitle = 'Which star points north?';
  await page.getByLabel('Title').fill(discussionTitle);
  await page.getByLabel('Content').fill('Is it always Polaris, or does that change over the centuries?');
  await page.getByRole('button', { name: 'Start Discussion' }).click();
  await expect(page).toHaveURL(/\/discussions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: discussionTitle })).toBeVisible();

  await page.getByLabel('Your reply').fill('Answering myself: precession moves the pole star over millennia.');
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(
    page.getByRole('region', { name: /Replies/ }).getByRole('article', { name: `Reply by ${learner.name}` }),
  ).toContainText('precession moves the pole star');
  await expect(page.getByRole('heading', { name: 'Replies (1)' })).toBeVisible();

  // Back to the class and write a review (4 stars).
  await page.getByRole('link', { name: `Class: ${classTitle}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: classTitle })).toBeVisible();
  await page.getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${cls._id}/reviews$`));
  await expect(page.getByTestId('average-rating')).toHaveText('No ratings yet');
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await page.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByLabel('Comment (optional)').fill('Clear and calm, like a good night sky.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Review submitted successfully')).toBeVisible();
  await expect(page.getByTestId('average-rating')).toHaveText('4.0');
  await expect(page.getByTestId('review-count')).toHaveText('1 review');
  const reviews = page.getByRole('list', { name: 'Reviews, newest first' }).getByRole('listitem');
  await expect(reviews).toHaveCount(1);
  await expect(reviews.first().getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();

  // A community post: create, like, reply.
  await navLink(page, 'Community').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await expect(dialog).toBeVisible();
  const postTitle = `Night sky meetup ${unique()}`;
  await dialog.getByLabel('Title').fill(postTitle);
  await dialog.getByLabel('Content').fill('Anyone up for stargazing after the class this week? It will be lovely!');
  await dialog.getByLabel('Category').selectOption('general');
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: postTitle, exact: true });
  await expect(card).toBeVisible();
  const like = card.getByRole('button', { name: /^Like, / });
  await expect(like).toHaveAccessibleName('Like, 0 likes');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Like, 1 like');
  await card.getByLabel(`Reply to ${postTitle}`).fill('Count me in, I will bring a telescope.');
  await card.getByRole('button', { name: 'Reply' }).click();
  const replies = card.getByRole('list', { name: `Replies to ${postTitle}` });
  await expect(replies.getByRole('listitem')).toHaveCount(1);
  await expect(replies).toContainText('Count me in, I will bring a telescope.');

  // The assistant finds the class by a word of its title.
  await page.getByRole('button', { name: 'Open the assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Mentora Assistant' });
  await expect(panel).toBeVisible();
  const question = `which classes teach ${word}`;
  await panel.getByLabel('Message the assistant').fill(question);
  await panel.getByLabel('Message the assistant').press('Enter');
  const conversation = panel.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByText(question, { exact: true })).toBeVisible();
  const classLink = conversation.getByRole('link', { name: classTitle }).first();
  await expect(classLink).toBeVisible({ timeout: 15_000 });
  await expect(classLink).toHaveAttribute('href', `/classes/${cls._id}`);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Log out: lands on the landing page, signed out.
  await page.getByRole('button', { name: `Account menu for ${learner.name}` }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'The Future of Learning' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('mentor journey: register, get verified by an admin in another browser, create a class, go live, see a learner enrol', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const word = unique();
  const opened = await recordExternalOpens(page);
  const mentor = newAccount('mentor', `Mona Mentor ${word}`);
  await registerInUi(page, mentor);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Mona!' })).toBeVisible();

  // Unverified: the dashboard offers the verification request.
  const requestButton = page.getByRole('button', { name: 'Request verification' });
  await expect(requestButton).toBeVisible();
  await requestButton.click();
  await expect(page.getByText('Verification request sent to admin!')).toBeVisible();
  await expect(page.getByText('Verification pending', { exact: true })).toBeVisible();

  // The admin, elsewhere, signs in and verifies this mentor.
  const adminPage = await secondPage(browser);
  try {
    await signInInUi(adminPage, ADMIN.email, ADMIN.password);
    await expect(adminPage).toHaveURL(/\/admin$/);
    await adminPage.getByRole('tab', { name: 'Mentors' }).click();
    const pending = adminPage.getByRole('table', { name: 'Pending verification requests' });
    await expect(pending.getByRole('row', { name: new RegExp(mentor.name) })).toContainText('Pending');
    await pending.getByRole('button', { name: `Verify ${mentor.name}` }).click();
    await expect(adminPage.getByText('Mentor verified successfully')).toBeVisible();
    await expect(pending.getByText(mentor.name)).toHaveCount(0);
  } finally {
    await adminPage.context().close();
  }

  // Back at the mentor's computer: the dashboard re-checks the profile every 10 s (SPEC.md section 9).
  await expect(page.getByText('Verified mentor', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(requestButton).toHaveCount(0);

  // Create a class.
  await page
    .getByRole('link', { name: /Create class/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/classes\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a class' })).toBeVisible();
  const classTitle = `Tide tables ${word}`;
  await page.getByLabel('Title').fill(classTitle);
  await page.getByLabel('Description').fill('Reading the sea before it reads you.');
  await page.getByLabel('Category').selectOption('other');
  await page.getByLabel('Content type').selectOption('live');
  await page.getByLabel('Max students (optional)').fill('12');
  await page.getByRole('button', { name: 'Create class' }).click();
  await expect(page.getByText('Class created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/classes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: classTitle })).toBeVisible();
  const classId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByTestId('capacity')).toHaveText('0 / 12');

  // Start the live session: the room is opened through window.open.
  await page.getByRole('button', { name: 'Start live session' }).click();
  await expect(page.getByText('Live session started.')).toBeVisible();
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const live = await page.request.get(`/api/classes/${classId}/live`, { headers: bearer(token ?? '') });
  expect(live.ok()).toBe(true);
  const roomUrl = ((await live.json()) as { url: string }).url;
  await expect.poll(opened).toEqual([roomUrl]);
  await expect(page.getByTestId('live-status')).toHaveText('The live session is on now.');

  // A learner enrols (through the API); the mentor sees the count after a reload.
  const learnerToken = await registerViaApi(request, newAccount('learner', `Lars Learner ${word}`));
  await setEnrolment(request, learnerToken, classId, true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: classTitle })).toBeVisible();
  await expect(page.getByTestId('capacity')).toHaveText('1 / 12');
  await expect(page.getByText('Your class', { exact: true })).toBeVisible();

  // And the classes list card counts the student too.
  await navLink(page, 'Classes').click();
  await page.getByLabel('Search classes').fill(word);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').first().getByText('1 student', { exact: true })).toBeVisible();
});

test('admin journey: sign in to the Classes tab, reject a pending mentor, delete a class, a discussion and a learner', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const word = unique();
  const mentorName = `Rex Rejected ${word}`;
  const mentor = await pendingMentor(request, mentorName);
  const seeded = await seedClass(request, `Discussed class ${word}`, `Dan Discusser ${word}`);
  const discussionTitle = `Thread to remove ${word}`;
  await startDiscussion(request, seeded.learnerToken, {
    classId: seeded.classId,
    title: discussionTitle,
    content: 'This thread is going away.',
  });
  const doomedMentor = await verifiedMentor(request, `Owner ${word}`);
  const doomedClass = await createClassViaApi(request, doomedMentor.token, { title: `Doomed class ${word}` });
  const learnerName = `Lola Leaving ${word}`;
  const learnerToken = await registerViaApi(request, newAccount('learner', learnerName));

  await signInInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Classes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Classes' })).toBeVisible();

  // Reject the pending mentor: that deletes the account.
  await page.getByRole('tab', { name: 'Mentors' }).click();
  await page.getByRole('button', { name: `Reject ${mentorName}` }).click();
  await confirmIn(page, 'Reject this verification request?', 'Reject and delete');
  await expect(page.getByText('Mentor deleted successfully')).toBeVisible();
  await expect(page.getByText(mentorName)).toHaveCount(0);
  expect((await request.get('/api/auth/profile', { headers: bearer(mentor.token) })).status()).toBe(401);

  // Delete a class.
  await page.getByRole('tab', { name: 'Classes' }).click();
  const classes = page.getByRole('table', { name: 'Classes' });
  await expect(classes.getByRole('row', { name: new RegExp(doomedClass.title) })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${doomedClass.title}` }).click();
  await confirmIn(page, 'Delete this class?', 'Delete class');
  await expect(page.getByText('Class deleted successfully')).toBeVisible();
  await expect(classes.getByText(doomedClass.title)).toHaveCount(0);

  // Delete a discussion.
  await page.getByRole('tab', { name: 'Discussions' }).click();
  const discussions = page.getByRole('table', { name: 'Discussions' });
  await expect(discussions.getByRole('row', { name: new RegExp(discussionTitle) })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${discussionTitle}` }).click();
  await confirmIn(page, 'Delete this discussion?', 'Delete discussion');
  await expect(page.getByText('Discussion deleted successfully')).toBeVisible();
  await expect(page.getByText(discussionTitle)).toHaveCount(0);

  // Delete a learner.
  await page.getByRole('tab', { name: 'Learners' }).click();
  await expect(
    page.getByRole('table', { name: 'Learners' }).getByRole('row', { name: new RegExp(learnerName) }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Delete ${learnerName}` }).click();
  await confirmIn(page, 'Delete this learner?', 'Delete learner');
  await expect(page.getByText('Learner deleted successfully')).toBeVisible();
  await expect(page.getByText(learnerName)).toHaveCount(0);

  // The server agrees.
  const admin = await adminToken(request);
  expect((await request.get(`/api/classes/${doomedClass._id}`, { headers: bearer(admin) })).status()).toBe(404);
  expect((await request.get('/api/auth/profile', { headers: bearer(learnerToken) })).status()).toBe(401);
  // The class whose discussion went is untouched.
  expect((await request.get(`/api/classes/${seeded.classId}`, { headers: bearer(admin) })).status()).toBe(200);
});

// ---------- guards (SPEC.md section 6) ----------
// Already covered elsewhere: signed out → /dashboard (guards.spec.ts); signed out, learner and 'both' →
// /classes/create (classes.spec.ts); learner → /admin (admin.spec.ts). These are the remaining cells.

type Who = 'signed out' | 'learner' | 'mentor' | 'both' | 'admin';

async function tokenFor(request: APIRequestContext, who: Exclude<Who, 'signed out'>): Promise<string> {
  if (who === 'admin') return adminToken(request);
  return registerViaApi(request, newAccount(who, `Guard ${who} ${unique()}`));
}

const HEADINGS: Record<string, RegExp> = {
  '/dashboard': /^Welcome, /,
  '/classes': /^Classes$/,
  '/classes/create': /^Create a class$/,
  '/admin': /^Admin dashboard$/,
  '/': /^The Future of Learning$/,
  '/login': /^Welcome Back!$/,
};

const GUARD_CASES: { who: Who; visits: string; endsOn: string }[] = [
  { who: 'signed out', visits: '/admin', endsOn: '/' },
  { who: 'learner', visits: '/dashboard', endsOn: '/dashboard' },
  { who: 'mentor', visits: '/dashboard', endsOn: '/dashboard' },
  { who: 'mentor', visits: '/classes/create', endsOn: '/classes/create' },
  { who: 'mentor', visits: '/admin', endsOn: '/dashboard' },
  { who: 'both', visits: '/dashboard', endsOn: '/dashboard' },
  { who: 'both', visits: '/admin', endsOn: '/dashboard' },
  { who: 'admin', visits: '/dashboard', endsOn: '/dashboard' },
  { who: 'admin', visits: '/classes/create', endsOn: '/classes' },
  { who: 'admin', visits: '/admin', endsOn: '/admin' },
];

for (const { who, visits, endsOn } of GUARD_CASES) {
  test(`guard: ${who} visiting ${visits} ends on ${endsOn}`, async ({ page, request }) => {
    if (who === 'signed out') await page.goto(visits);
    else await signInWithToken(page, await tokenFor(request, who), visits);
    await expect(page).toHaveURL(new RegExp(`${endsOn.replace(/\//g, '\\/')}$`));
    const heading = HEADINGS[endsOn];
    if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

// ---------- the 401 rule (SPEC.md section 8) ----------

test('a session revoked on the server sends the browser to /login at the next API call', async ({ page, request }) => {
  const token = await registerViaApi(request, newAccount('learner', 'Rhea Revoked'));
  await signInWithToken(page, token, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rhea!' })).toBeVisible();

  // An in-app navigation (no reload, so no start-up profile check) makes the next API call, which
  // answers 401. A background call (the live stream reconnecting and resyncing) may get there first and
  // have already moved the page to /login; either way the first 401 must end on /login.
  const firstUnauthorized = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith('/api/') && response.status() === 401,
  );

  // Logged out elsewhere: the same token is revoked on the server.
  const revoked = await page.request.post('/api/auth/logout', { headers: bearer(token) });
  expect(revoked.ok()).toBe(true);

  if (new URL(page.url()).pathname === '/dashboard') {
    await navLink(page, 'Classes')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
  }
  await firstUnauthorized;
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('a 401 from the start-up profile check on an open page does not redirect', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('token', 'not-a-valid-token'));
  const profileCall = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/profile' && response.status() === 401,
  );
  await page.reload();
  await profileCall;
  await expect(page.getByRole('heading', { level: 1, name: 'The Future of Learning' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Signed out quietly: the stale token is dropped and the Login link is shown.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});
