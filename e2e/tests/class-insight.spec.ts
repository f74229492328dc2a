import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInWithToken } from '../support/accounts';
import { replyToDiscussion, reviewViaApi, seedClass, startDiscussion } from '../support/seed';

// Issue #25: a class's mentor opens its insight from the class page and reads the figures, drawn as
// charts (from the lazily loaded 'charts' chunk) and given as tables.

const SHOTS = path.join(import.meta.dirname, '..', 'test-results', 'class-insight');

test('a mentor reads their class insight: charts and the same figures as tables', async ({ page, request }) => {
  const seeded = await seedClass(request, 'Orbital mechanics', 'Grace Hopper');
  const discussion = await startDiscussion(request, seeded.learnerToken, {
    classId: seeded.classId,
    title: 'Transfer orbits',
    content: 'I love these lessons, they are wonderful and very helpful.',
  });
  await replyToDiscussion(request, seeded.mentorToken, discussion._id, 'Thank you, glad it helps!');
  await reviewViaApi(request, seeded.learnerToken, { classId: seeded.classId, rating: 4 });

  await signInWithToken(page, seeded.mentorToken, `/classes/${seeded.classId}`);
  await page.getByRole('link', { name: 'Insight' }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${seeded.classId}/insight$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Insight' })).toBeVisible();
  // The three charts are drawn.
  await expect(page.locator('.recharts-wrapper')).toHaveCount(3);

  const weekly = page.getByRole('table', { name: 'Enrolments, discussions and replies per week' });
  await page.getByText('The figures as a table').first().click();
  await expect(weekly.getByRole('row').last().getByRole('cell')).toHaveText(['1', '1', '1']);
  await page.getByText('The figures as a table').nth(1).click();
  const stars = page.getByRole('table', { name: 'Reviews per number of stars' });
  await expect(stars.getByRole('row', { name: /4 stars/ }).getByRole('cell')).toHaveText(['1']);
  await page.getByText('The figures as a table').nth(2).click();
  const mood = page.getByRole('table', { name: 'Share of positive, negative and neutral discussions and replies' });
  await expect(mood.getByRole('row')).toHaveCount(4);
  await expect(page.getByText(/2 discussions and replies in this class/)).toBeVisible();

  // For review by eye (not committed): both themes, desktop and phone widths.
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.locator('.recharts-wrapper')).toHaveCount(3);
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(SHOTS, `insight-${theme}-${width}.png`), fullPage: true });
    }
  }
});
