import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { createPost } from '../support/seed';

// The feed is shared by every journey running in parallel: each test finds its own posts by a unique word.
const unique = () => `zq${randomUUID().replace(/-/g, '').slice(0, 10)}`;

function postCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

function likeButton(card: Locator): Locator {
  return card.getByRole('button', { name: /^Like, / });
}

test('when the form’s rules cannot be loaded, publishing says so and works once they can', async ({
  page,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Olga Offline'));
  const word = unique();
  // The rules (the contract's requests chunk) load when the dialog opens; here the network refuses them.
  const rules = /\/assets\/requests-[\w-]+\.js$/;
  await page.route(rules, (route) => route.abort());
  await signInWithToken(page, token, '/community');
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await dialog.getByLabel('Title').fill(`Offline for a moment ${word}`);
  await dialog.getByLabel('Content').fill('Written while the network came and went.');
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to create post');
  await expect(dialog.getByRole('button', { name: 'Publish post' })).toBeEnabled();
  // Nothing was lost: the draft is still there, and the next try loads the rules and publishes.
  await expect(dialog.getByLabel('Title')).toHaveValue(`Offline for a moment ${word}`);
  await page.unroute(rules);
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expect(dialog).toBeHidden();
  await expect(postCard(page, `Offline for a moment ${word}`)).toBeVisible();
});

test('a post made in the dialog goes to the top; like toggles and persists; a reply appears; the author deletes it', async ({
  page,
  request,
}) => {
  // A long journey: give it the slow budget on a busy machine.
  test.slow();
  const token = await registerViaApi(request, newAccount('learner', 'Paula Poster'));
  const word = unique();
  const title = `Loving this community ${word}`;
  // A post of theirs from before, so the feed is not empty and "the top" means above something.
  const earlier = `Earlier post ${word}`;
  await createPost(request, token, { title: earlier, content: 'Posted before the one made in the dialog.' });
  await signInWithToken(page, token, '/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(postCard(page, earlier)).toBeVisible();

  const opener = page.getByRole('button', { name: 'Create Post' }).first();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title')).toBeFocused();

  // Title and content are required; nothing is sent without them.
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Content is required')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill('I learned so much here this week. Thank you, everyone, this is wonderful!');
  await dialog.getByLabel('Category').selectOption('announcement');
  await dialog.getByLabel('Tags (optional)').fill(' thanks ,  , learning,');
  // Other journeys post to the same feed meanwhile, and theirs arrive live: "the top" is above every
  // post that was there before this one.
  const articles = page.getByRole('list', { name: 'Posts' }).getByRole('article');
  const shownBefore = await articles.evaluateAll((nodes) => nodes.map((node) => node.id));
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  const card = postCard(page, title);
  await expect(card).toBeVisible();
  const mine = await card.getAttribute('id');
  const order = await articles.evaluateAll((nodes) => nodes.map((node) => node.id));
  const olderAbove = shownBefore.filter((id) => order.includes(id) && order.indexOf(id) < order.indexOf(mine ?? ''));
  expect(olderAbove).toEqual([]);
  await expect(card.getByRole('img', { name: 'Sentiment: positive' })).toBeVisible();
  await expect(card.getByText('Announcement')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['#thanks', '#learning']);
  await expect(card.getByText('Paula Poster')).toBeVisible();

  // Like, unlike; the server keeps the last state.
  const like = likeButton(card);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Like, 0 likes');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Like, 1 like');
  await expect(like).toBeEnabled();
  await page.reload();
  await expect(likeButton(postCard(page, title))).toHaveAccessibleName('Like, 1 like');
  await likeButton(postCard(page, title)).click();
  await expect(likeButton(postCard(page, title))).toHaveAccessibleName('Like, 0 likes');
  await expect(likeButton(postCard(page, title))).toBeEnabled();
  await page.reload();
  await expect(likeButton(postCard(page, title))).toHaveAccessibleName('Like, 0 likes');
  await expect(likeButton(postCard(page, title))).toHaveAttribute('aria-pressed', 'false');

  // Reply: blank is blocked, text is posted and shown with its sentiment.
  const replyCard = postCard(page, title);
  const replyButton = replyCard.getByRole('button', { name: 'Reply' });
  await expect(replyButton).toBeDisabled();
  await replyCard.getByLabel(`Reply to ${title}`).fill('   ');
  await expect(replyButton).toBeDisabled();
  await replyCard.getByLabel(`Reply to ${title}`).fill('Glad you like it, welcome aboard!');
  await replyButton.click();
  const replies = replyCard.getByRole('list', { name: `Replies to ${title}` });
  await expect(replies.getByRole('listitem')).toHaveCount(1);
  await expect(replies).toContainText('Glad you like it, welcome aboard!');
  await expect(replies.getByRole('img', { name: /^Sentiment: / })).toHaveCount(1);
  await expect(replyCard.getByLabel(`Reply to ${title}`)).toHaveValue('');

  // The author deletes it, after confirming.
  await replyCard.getByRole('button', { name: 'Delete post' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText('Post deleted successfully')).toBeVisible();
  await expect(postCard(page, title)).toHaveCount(0);
  // Focus does not get lost with the card: it goes to the page heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await expect(postCard(page, title)).toHaveCount(0);
});

test('the category filter and the search narrow the feed', async ({ page, request }) => {
  const token = await registerViaApi(request, newAccount('learner', 'Fiona Filter'));
  const word = unique();
  await createPost(request, token, {
    title: `Help with CSS grid ${word}`,
    content: 'My grid collapses.',
    category: 'help',
  });
  await createPost(request, token, {
    title: `Meetup on Friday ${word}`,
    content: 'Pizza and talks.',
    category: 'announcement',
    tags: ['meetup'],
  });
  await signInWithToken(page, token, '/community');
  await expect(postCard(page, `Meetup on Friday ${word}`)).toBeVisible();
  await expect(postCard(page, `Help with CSS grid ${word}`)).toBeVisible();

  const categories = page.getByRole('group', { name: 'Category' });
  await categories.getByText('Help', { exact: true }).click();
  await expect(postCard(page, `Meetup on Friday ${word}`)).toHaveCount(0);
  await expect(postCard(page, `Help with CSS grid ${word}`)).toBeVisible();
  await categories.getByText('Announcement', { exact: true }).click();
  await expect(postCard(page, `Help with CSS grid ${word}`)).toHaveCount(0);
  await expect(postCard(page, `Meetup on Friday ${word}`)).toBeVisible();

  await categories.getByText('All', { exact: true }).click();
  await page.getByLabel('Search posts').fill(`${word} pizza`);
  await expect(postCard(page, `Help with CSS grid ${word}`)).toHaveCount(0);
  await expect(postCard(page, `Meetup on Friday ${word}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Posts' }).getByRole('article')).toHaveCount(1);

  await page.getByLabel('Search posts').fill(`nothing-like-this-${word}`);
  await expect(page.getByText(/^No posts match/)).toBeVisible();

  // On a phone the categories are a select.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByLabel('Search posts').fill(word);
  await page.getByLabel('Category').selectOption('help');
  await expect(postCard(page, `Help with CSS grid ${word}`)).toBeVisible();
  await expect(postCard(page, `Meetup on Friday ${word}`)).toHaveCount(0);
});

test('a failed like is rolled back with a message, and another person cannot delete the post', async ({
  page,
  request,
}) => {
  const authorToken = await registerViaApi(request, newAccount('learner', 'Arthur Author'));
  const readerToken = await registerViaApi(request, newAccount('learner', 'Rita Reader'));
  const title = `Opinions wanted ${unique()}`;
  await createPost(request, authorToken, { title, content: 'What do you think?', category: 'question' });
  await signInWithToken(page, readerToken, '/community');
  const card = postCard(page, title);
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete post' })).toHaveCount(0);

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/community/*/like', async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
  });
  const like = likeButton(card);
  await like.click();
  // Shown at once, and locked while the answer is awaited: a second click cannot toggle again.
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toBeDisabled();
  await like.click({ force: true });
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  release();
  await expect(page.getByText('Failed to like post')).toBeVisible();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Like, 0 likes');
});

test('markup in a post shows as text and never runs', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const token = await registerViaApi(request, newAccount('learner', 'Mallory <b>Markup</b>'));
  const word = unique();
  await signInWithToken(page, token, '/community');
  await page.getByRole('button', { name: 'Create Post' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a post' });
  await dialog.getByLabel('Title').fill(`<script>alert(3)</script> ${word}`);
  await dialog.getByLabel('Content').fill('<img src=x onerror=alert(1)>');
  await dialog.getByLabel('Tags (optional)').fill('<svg onload=alert(2)>');
  await dialog.getByRole('button', { name: 'Publish post' }).click();
  await expect(dialog).toBeHidden();

  const card = postCard(page, `<script>alert(3)</script> ${word}`);
  await expect(card.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
  await expect(card.getByText('#<svg onload=alert(2)>')).toBeVisible();
  await expect(card.getByText('Mallory <b>Markup</b>')).toBeVisible();
  await card.getByLabel(/^Reply to/).fill('<img src=y onerror=alert(4)>');
  await card.getByRole('button', { name: 'Reply' }).click();
  await expect(card.getByText('<img src=y onerror=alert(4)>', { exact: true })).toBeVisible();
  await expect(page.locator('main img[src="x"], main img[src="y"], main svg[onload]')).toHaveCount(0);
  await page.reload();
  await expect(postCard(page, `<script>alert(3)</script> ${word}`)).toBeVisible();
  expect(dialogs).toEqual([]);
});
