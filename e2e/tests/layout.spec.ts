import { expect, type Page, test } from '@playwright/test';
import { signInWithToken } from '../support/accounts';
import { seedClassroom } from '../support/seed';

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('the theme toggle switches to dark, and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test('without a stored choice, the theme follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('the navigation bar changes its background once the page scrolls past 10 px', async ({ page }) => {
  await page.goto('/');
  const bar = page.locator('header').first();
  await expect(bar).toHaveAttribute('data-scrolled', 'false');
  const before = await bar.evaluate((element) => getComputedStyle(element).backgroundColor);

  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(bar).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect(bar).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(() => bar.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(before);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toHaveAttribute('data-scrolled', 'false');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu opens with the same links and closes when the location changes', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeHidden();
    // The wide-screen links are folded away at this width.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible();

    await menu.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('nothing is wider than the screen', async ({ page }) => {
    for (const path of ['/', '/login', '/register', '/missing']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    }
  });

  test('a dashboard with long titles still fits', async ({ page, request }) => {
    const room = await seedClassroom(request, 'Ada Lovelace');
    await signInWithToken(page, room.learnerToken);
    await expect(page.getByText('Participated in a class')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
