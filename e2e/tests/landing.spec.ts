import { expect, test } from '@playwright/test';

test('the landing page shows the hero, and its call to action leads to registration', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Mentora/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Future of Learning' })).toBeVisible();
  await expect(page.getByText('LEARN • GROW • EXCEL').first()).toBeVisible();
  await page.getByRole('link', { name: 'Explore Interface' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('the feature carousel advances on its own and selects on click', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByRole('list').filter({ has: page.getByRole('button', { name: /Live Classes/ }) });
  const live = cards.getByRole('button', { name: /Live Classes/ });
  const mentorship = cards.getByRole('button', { name: /AI Mentorship/ });
  const sentiment = cards.getByRole('button', { name: /Sentiment Analysis of Comments/ });
  await expect(cards.getByRole('button')).toHaveCount(4);

  await expect(live).toHaveAttribute('aria-pressed', 'true');
  await expect(mentorship).toHaveAttribute('aria-pressed', 'false');
  // 5000 ms per card (SPEC.md section 9): the second card takes over without anyone touching the page.
  await expect(mentorship).toHaveAttribute('aria-pressed', 'true', { timeout: 8_000 });
  await expect(live).toHaveAttribute('aria-pressed', 'false');

  await sentiment.click();
  await expect(sentiment).toHaveAttribute('aria-pressed', 'true');
  await expect(mentorship).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('heading', { level: 2, name: 'Sentiment Analysis of Comments' })).toBeVisible();
});
