import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi } from '../support/accounts';
import { seedClassroom } from '../support/seed';

// axe-core's WCAG 2.1 A and AA rules (labels, names, landmarks, colour contrast, ...) on every screen
// built so far, in both themes.

const THEMES = ['light', 'dark'] as const;

async function openAs(page: Page, path: string, theme: string, token: string | null): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([themeValue, tokenValue]) => {
      window.localStorage.setItem('theme', themeValue ?? 'light');
      if (tokenValue) window.localStorage.setItem('token', tokenValue);
    },
    [theme, token],
  );
  await page.goto(path);
  await page.locator('h1').first().waitFor();
}

async function expectNoViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, label).toEqual([]);
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test('signed-out screens meet WCAG 2.1 AA', async ({ page }) => {
      for (const path of ['/', '/login', '/register', '/no-such-page']) {
        await openAs(page, path, theme, null);
        await expectNoViolations(page, `${theme} ${path}`);
      }
      await openAs(page, '/login', theme, null);
      await page.getByLabel('Email address').fill('nobody@e2e.mentora.test');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').first().waitFor();
      await expectNoViolations(page, `${theme} /login with the error banner`);
    });

    test('the dashboards meet WCAG 2.1 AA', async ({ page, request }) => {
      const room = await seedClassroom(request);
      await openAs(page, '/dashboard', theme, room.learnerToken);
      await page.getByText('Enrolled in a class').waitFor();
      await expectNoViolations(page, `${theme} learner dashboard`);

      const mentorToken = await registerViaApi(request, newAccount('mentor', 'Maria Mentor'));
      await openAs(page, '/dashboard', theme, mentorToken);
      await page.getByRole('button', { name: 'Request verification' }).waitFor();
      await page.getByRole('button', { name: /Account menu/ }).click();
      await expectNoViolations(page, `${theme} mentor dashboard with the account menu open`);
    });

    test('the phone menu meets WCAG 2.1 AA', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await openAs(page, '/', theme, null);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectNoViolations(page, `${theme} phone menu`);
    });
  });
}
