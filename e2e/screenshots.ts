import path from 'node:path';
import { type Page, test } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts';
import { seedClassroom } from './support/seed';

const OUT = path.join(import.meta.dirname, 'screenshots');
const THEMES = ['light', 'dark'] as const;
const SIZES = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 375, height: 812 },
] as const;

async function open(page: Page, url: string, theme: string, token: string | null): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([themeValue, tokenValue]) => {
      window.localStorage.setItem('theme', themeValue ?? 'light');
      if (tokenValue) window.localStorage.setItem('token', tokenValue);
      else window.localStorage.removeItem('token');
    },
    [theme, token],
  );
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  // Let toasts, skeletons and the theme transition settle.
  await page.waitForTimeout(600);
}

for (const size of SIZES) {
  test(`screens at ${size.label} width`, async ({ browser, request }) => {
    const room = await seedClassroom(request, 'Ada Lovelace');
    const mentorToken = await registerViaApi(request, newAccount('mentor', 'Maria Mentor'));
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: path.join(OUT, `${name}-${theme}-${size.width}.png`), fullPage });

      await open(page, '/', theme, null);
      await shot('landing');
      await open(page, '/login', theme, null);
      await shot('login');
      await open(page, '/register', theme, null);
      await shot('register');
      await open(page, '/no-such-page', theme, null);
      await shot('404');
      await open(page, '/dashboard', theme, room.learnerToken);
      await page.getByText('Enrolled in a class').first().waitFor();
      await shot('dashboard-learner');
      await open(page, '/dashboard', theme, mentorToken);
      await page.getByRole('button', { name: 'Request verification' }).waitFor();
      await shot('dashboard-mentor');
      if (size.label === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await shot('menu-open', false);
      } else {
        await page.getByRole('button', { name: /Account menu/ }).click();
        await shot('account-menu', false);
      }
      await open(page, '/login', theme, null);
      await page.getByLabel('Email address').fill('nobody@example.com');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').first().waitFor();
      await shot('login-error', false);
      await context.close();
    }
  });
}
