import { expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';

// The boot script (apps/web/src/boot.ts, packages/ui/src/boot.ts) starts a signed-in page's session check
// and first request before the app's code has arrived, and the app then uses their answers. Without it,
// the page's request could only leave once the page's own chunk had arrived and run.

test('a signed-in page asks for its data before its code has loaded, and only once', async ({ page, request }) => {
  const token = await registerViaApi(request, newAccount('learner', 'Bea Booter'));
  const sent: string[] = [];
  page.on('request', (r) => sent.push(new URL(r.url()).pathname));
  // The token is there before the page's first script, in one page load: signing in on / first let a
  // slow landing page start its own session check after the token was set, counted here as a second.
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  await page.goto('/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /shown$/ })).toBeAttached();

  const chunk = sent.findIndex((path) => /\/assets\/CommunityPage-[\w-]+\.js$/.test(path));
  const feed = sent.indexOf('/api/community');
  const profile = sent.lastIndexOf('/api/auth/profile');
  expect(chunk).toBeGreaterThan(-1);
  expect(feed).toBeGreaterThan(-1);
  expect(feed).toBeLessThan(chunk);
  expect(profile).toBeLessThan(chunk);
  // The app took the early answers over instead of asking again.
  expect(sent.filter((path) => path === '/api/community')).toHaveLength(1);
  expect(sent.slice(sent.indexOf('/community')).filter((path) => path === '/api/auth/profile')).toHaveLength(1);
});

test('signed out, a signed-in page asks for nothing early and still sends to the login page', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => sent.push(new URL(r.url()).pathname));
  await page.goto('/classes');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(sent.filter((path) => path.startsWith('/api/'))).toEqual([]);
});

/** When the page started fetching the first file whose address matches (undefined: not fetched). */
const fetchStart = (page: Page, file: RegExp) =>
  page.evaluate(
    (source) =>
      performance.getEntriesByType('resource').find((entry) => new RegExp(source).test(entry.name))?.startTime,
    file.source,
  );
const fetched = async (page: Page, file: RegExp) => (await fetchStart(page, file)) !== undefined;
const RULES = /\/assets\/requests-[\w-]+\.js$/;

test('a signed-in page paints before zod and the contract’s answer schemas download, and they load after; the forms’ rules only with a form', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Zed Later'));
  await signInWithToken(page, token, '/classes');
  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
  const schemasStart = () => fetchStart(page, /\/assets\/schemas-/);
  // Once the page has loaded, the session's profile is checked against them (and live updates use them).
  await expect.poll(schemasStart).toBeDefined();
  const largestPaint = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  expect(largestPaint).toBeGreaterThan(0);
  expect(await schemasStart()).toBeGreaterThan(largestPaint);
  // zod is a file of its own, evaluated in a task before the one that builds the answer schemas.
  expect(await fetchStart(page, /\/assets\/zod-/)).toBeGreaterThan(largestPaint);
  // Those are the answers' schemas only: the forms' rules (a chunk of their own, whose building would
  // lengthen the same task) come with a page that has a form, as the settings page's password form.
  const loadedRules = () => fetched(page, RULES);
  await page.waitForTimeout(500);
  expect(await loadedRules()).toBe(false);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect.poll(loadedRules).toBe(true);
});

test('the community feed readies its create-post dialog after the page has loaded, and the forms’ rules only when it opens', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Rita Rules'));
  await signInWithToken(page, token, '/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  // The dialog is mounted once the page has loaded, so that it opens at once...
  await expect.poll(() => fetched(page, /\/assets\/CreatePostDialog-[\w-]+\.js$/)).toBe(true);
  // ...but building its rules was the page's longest task after its first paint: they wait for it to open.
  await page.waitForTimeout(500);
  expect(await fetched(page, RULES)).toBe(false);
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Create a post' })).toBeVisible();
  await expect.poll(() => fetched(page, RULES)).toBe(true);
});
