import { expect, type Page, type Request, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';

// The app boots the ordinary way (packages/ui/src/routes.tsx): the router runs the loaders of the page
// being opened, and a page's loader starts its first query (TanStack Query's ensureQueryData) alongside
// the page's code, whose query then takes that answer instead of asking again.

const COMMUNITY_CHUNK = /\/assets\/CommunityPage-[\w-]+\.js$/;
const isFeed = (request: Request) => new URL(request.url()).pathname === '/api/community';

/**
 * Holds the community page's code back until the feed's answer has arrived: were the feed asked only by
 * the page, once its code has run, the page would never load. The answer is thus in the cache before the
 * page's query mounts, the moment a query would ask again if it did not take the loader's answer.
 */
async function holdPageCodeUntilFeedAnswered(page: Page) {
  const feedAnswered = page.waitForResponse((response) => isFeed(response.request()));
  await page.route(COMMUNITY_CHUNK, async (route) => {
    await feedAnswered;
    await route.continue();
  });
}

/** Resolves once the browser has nothing left to do: what was loaded has run, React has committed. */
const browserIdle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = () => requestIdleCallback(() => resolve());
        requestAnimationFrame(() => requestAnimationFrame(idle));
      }),
  );

/** When the page started fetching the first file whose address matches (undefined: not fetched). */
const fetchStart = (page: Page, file: RegExp) =>
  page.evaluate(
    (source) =>
      performance.getEntriesByType('resource').find((entry) => new RegExp(source).test(entry.name))?.startTime,
    file.source,
  );
const fetched = async (page: Page, file: RegExp) => (await fetchStart(page, file)) !== undefined;
/** The contract's answer schemas, and the forms' rules: each a chunk of its own (the contract's modules). */
const ANSWER_SCHEMAS = /\/assets\/responses-[\w-]+\.js$/;
const RULES = /\/assets\/requests-[\w-]+\.js$/;

test('opened cold, a signed-in page asks for its data from its loader, before its code has arrived, and once', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Bea Booter'));
  const sent: string[] = [];
  page.on('request', (r) => sent.push(new URL(r.url()).pathname));
  await holdPageCodeUntilFeedAnswered(page);
  // The token is there before the page's first script, in one page load: signing in on / first let a
  // slow landing page start its own session check after the token was set, counted here as a second.
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  await page.goto('/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /shown$/ })).toBeAttached();
  // Once the page has loaded, the shell checks the session's profile against the answer schemas; a
  // second request for the feed would have left by then (the shell waits for the page's requests).
  await expect.poll(() => fetched(page, ANSWER_SCHEMAS)).toBe(true);

  expect(sent.filter((path) => path === '/api/community')).toHaveLength(1);
  expect(sent.filter((path) => path === '/api/auth/profile')).toHaveLength(1);
  // The feed and the session check left first (the page's code was held back until the feed's answer
  // had arrived, so they did not wait for it either).
  const chunk = sent.findIndex((path) => COMMUNITY_CHUNK.test(path));
  expect(sent.indexOf('/api/community')).toBeLessThan(chunk);
  expect(sent.indexOf('/api/auth/profile')).toBeLessThan(chunk);
});

test('going to a page within the app, its loader asks for its data before its code has arrived, and once', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Nina Navigates'));
  await signInWithToken(page, token, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const feeds: string[] = [];
  page.on('request', (r) => {
    if (isFeed(r)) feeds.push(r.url());
  });
  await holdPageCodeUntilFeedAnswered(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /shown$/ })).toBeAttached();
  // The page's query has mounted and rendered the feed; anything it would ask for is asked by now.
  await browserIdle(page);
  expect(feeds).toHaveLength(1);
});

test('signed out, a signed-in page asks for nothing and still sends to the login page', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => sent.push(new URL(r.url()).pathname));
  await page.goto('/classes');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(sent.filter((path) => path.startsWith('/api/'))).toEqual([]);
});

test('a signed-in page shows its content before zod and the contract’s answer schemas download, and they load after; the forms’ rules only with a form', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Zed Later'));
  // When the page's heading entered the document. Not the largest-contentful-paint time: that is when the
  // compositor presented the frame, which on a loaded machine can trail the main thread by tens of
  // milliseconds, after the page has already, rightly, gone on to the extras.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('main h1')) {
        (window as unknown as { contentShownAt: number }).contentShownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await signInWithToken(page, token, '/classes');
  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
  const schemasStart = () => fetchStart(page, ANSWER_SCHEMAS);
  // Once the page has loaded, the session's profile is checked against them (and live updates use them).
  await expect.poll(schemasStart).toBeDefined();
  const contentShown = await page.evaluate(() => (window as unknown as { contentShownAt: number }).contentShownAt);
  expect(contentShown).toBeGreaterThan(0);
  expect(await schemasStart()).toBeGreaterThan(contentShown);
  // zod is a file of its own, evaluated in a task before the one that builds the answer schemas.
  expect(await fetchStart(page, /\/assets\/zod-/)).toBeGreaterThan(contentShown);
  // Those are the answers' schemas only: the forms' rules (a chunk of their own, whose building would
  // lengthen the same task) come with a page that has a form, as the settings page's password form. By
  // the time the schemas have been fetched and run, and the browser is idle, they would have come too.
  await browserIdle(page);
  expect(await fetched(page, RULES)).toBe(false);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect.poll(() => fetched(page, RULES)).toBe(true);
});

test('the community feed readies its create-post dialog after the page has loaded, and the forms’ rules only when it opens', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Rita Rules'));
  const dialogCode = page.waitForResponse(/\/assets\/CreatePostDialog-[\w-]+\.js$/);
  await signInWithToken(page, token, '/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  // The dialog is mounted once the page has loaded, so that it opens at once...
  await (await dialogCode).finished();
  // ...but building its rules was the page's longest task after its first paint: they wait for it to
  // open. Once its code has run and the dialog has mounted (the browser idle), they would have come.
  await browserIdle(page);
  expect(await fetched(page, RULES)).toBe(false);
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Create a post' })).toBeVisible();
  await expect.poll(() => fetched(page, RULES)).toBe(true);
});
