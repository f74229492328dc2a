import { expect, test } from '@playwright/test';

test('the landing page shows the hero, and its call to action leads to registration', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Mentora/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Future of Learning' })).toBeVisible();
  await expect(page.getByText('LEARN • GROW • EXCEL').first()).toBeVisible();
  await page.getByRole('link', { name: 'Explore Interface' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

// The carousel's own timers run on Playwright's clock: the tests move time on instead of waiting for it.

test('the feature carousel advances on its own and selects on click', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const cards = page.getByRole('list').filter({ has: page.getByRole('button', { name: /Live Classes/ }) });
  const live = cards.getByRole('button', { name: /Live Classes/ });
  const mentorship = cards.getByRole('button', { name: /AI Mentorship/ });
  const sentiment = cards.getByRole('button', { name: /Sentiment Analysis of Comments/ });
  await expect(cards.getByRole('button')).toHaveCount(4);

  await expect(live).toHaveAttribute('aria-pressed', 'true');
  await expect(mentorship).toHaveAttribute('aria-pressed', 'false');
  // 5000 ms per card: the second card takes over without anyone touching the page.
  await page.clock.runFor(5_000);
  await expect(mentorship).toHaveAttribute('aria-pressed', 'true');
  await expect(live).toHaveAttribute('aria-pressed', 'false');

  await sentiment.click();
  await expect(sentiment).toHaveAttribute('aria-pressed', 'true');
  await expect(mentorship).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('heading', { level: 2, name: 'Sentiment Analysis of Comments' })).toBeVisible();
});

test('the carousel resumes after a click once the pointer and focus have left it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const cards = page.getByRole('list').filter({ has: page.getByRole('button', { name: /Live Classes/ }) });
  const live = cards.getByRole('button', { name: /Live Classes/ });
  const sentiment = cards.getByRole('button', { name: /Sentiment Analysis of Comments/ });

  await sentiment.click();
  await expect(sentiment).toHaveAttribute('aria-pressed', 'true');
  // While the pointer rests on the cards, nothing moves.
  await page.clock.runFor(5_500);
  await expect(sentiment).toHaveAttribute('aria-pressed', 'true');

  // The pointer leaves; the clicked card keeps the focus, but a click's focus does not hold the rotation.
  await page.mouse.move(5, 5);
  await expect(sentiment).toBeFocused();
  // After the last card comes the first again.
  await page.clock.runFor(5_100);
  await expect(live).toHaveAttribute('aria-pressed', 'true');
});

test('keyboard focus on the carousel holds it until the focus leaves', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const cards = page.getByRole('list').filter({ has: page.getByRole('button', { name: /Live Classes/ }) });
  const live = cards.getByRole('button', { name: /Live Classes/ });
  await page.getByRole('button', { name: 'Pause rotation' }).focus();
  await page.keyboard.press('Tab');
  await expect(live).toBeFocused();
  await page.clock.runFor(6_000);
  await expect(live).toHaveAttribute('aria-pressed', 'true');
  // Focus leaves the cards: the rotation goes on.
  await page.getByRole('link', { name: 'Explore Interface' }).focus();
  await page.clock.runFor(5_100);
  await expect(live).toHaveAttribute('aria-pressed', 'false');
});
