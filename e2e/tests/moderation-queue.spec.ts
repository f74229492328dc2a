import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { adminToken, createPost } from '../support/seed';

// The Moderation tab against the real server, worked by keyboard alone (issue #24): j and k move, ? shows
// the keys, h hides (sent once the undo time is over), x deletes after the confirmation.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const suffix = () => randomUUID().slice(0, 6);

async function report(request: APIRequestContext, token: string, postId: string, reason: string) {
  const res = await request.post('/api/reports', {
    headers: bearer(token),
    data: { targetType: 'post', targetId: postId, reason },
  });
  expect(res.status(), await res.text()).toBe(201);
}

interface QueueItem {
  targetId: string;
  resolution: { action: string } | null;
}

async function resolvedAction(request: APIRequestContext, admin: string, postId: string) {
  const res = await request.get('/api/moderation/queue?status=resolved&limit=100', { headers: bearer(admin) });
  const { items } = (await res.json()) as { items: QueueItem[] };
  return items.find((item) => item.targetId === postId)?.resolution?.action ?? null;
}

test('an admin works the queue by keyboard alone', async ({ page, request }) => {
  test.setTimeout(60_000);
  const tag = suffix();
  const author = await registerViaApi(request, newAccount('learner', `Spammy Author ${tag}`));
  const reporters = await Promise.all(
    ['One', 'Two', 'Three', 'Four'].map((n) => registerViaApi(request, newAccount('learner', `Reporter ${n} ${tag}`))),
  );
  // Four people report the first post and three the second: the two lead the queue, in that order.
  const first = await createPost(request, author, { title: `Cheap pills ${tag}`, content: 'Buy now, limited offer' });
  const second = await createPost(request, author, { title: `Click my link ${tag}`, content: 'Free money here' });
  for (const token of reporters) await report(request, token, first._id, 'spam');
  for (const token of reporters.slice(0, 3)) await report(request, token, second._id, 'spam');

  const admin = await adminToken(request);
  await signInWithToken(page, admin, '/admin?tab=moderation');
  await expect(page.getByRole('heading', { name: /^Moderation/ })).toBeVisible();
  const firstCard = page.getByRole('article', { name: `Community post: Cheap pills ${tag}` });
  const secondCard = page.getByRole('article', { name: `Community post: Click my link ${tag}` });
  await expect(firstCard).toHaveAttribute('aria-current', 'true');

  // ? shows the keys; Escape closes them.
  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys).toContainText('Hide the content');
  await page.keyboard.press('Escape');
  await expect(keys).toBeHidden();

  // j and k move the selection.
  await page.keyboard.press('j');
  await expect(secondCard).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('k');
  await expect(firstCard).toHaveAttribute('aria-current', 'true');

  // h hides the first: it leaves the list at once, and the server hears of it after the undo time.
  await page.keyboard.press('h');
  await expect(firstCard).toHaveCount(0);
  await expect(page.getByText(`Hidden: Cheap pills ${tag}`)).toBeVisible();
  await expect(secondCard).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => resolvedAction(request, admin, first._id), { timeout: 15_000 }).toBe('hide');

  // x asks first (Cancel has the focus); Tab and Enter confirm.
  await page.keyboard.press('x');
  const confirm = page.getByRole('alertdialog', { name: 'Delete this content?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(secondCard).toHaveCount(0);
  await expect.poll(() => resolvedAction(request, admin, second._id), { timeout: 10_000 }).toBe('delete');
});
