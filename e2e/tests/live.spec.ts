import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, signInContext, signInWithToken } from '../support/accounts';
import { createPost, seedClass, setEnrolment, startDiscussion } from '../support/seed';

test('a reply from someone else appears live on the open discussion and rings its author’s bell', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const room = await seedClass(request, 'Live compilers', 'Grace Hopper');
  const discussion = await startDiscussion(request, room.learnerToken, {
    classId: room.classId,
    title: 'What does a linker do?',
    content: 'I get the compiler, not the linker.',
  });
  const other = newAccount('learner', 'Alan Turing');
  const otherToken = await registerViaApi(request, other);
  await setEnrolment(request, otherToken, room.classId, true);

  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  try {
    await signInContext(contextA, baseURL, room.learnerToken);
    await signInContext(contextB, baseURL, otherToken);
    const pageA = await contextA.newPage();
    const pageB = await contextB.newPage();

    // A (the author) has the discussion open and nothing unread.
    const stream = pageA.waitForResponse((response) => response.url().endsWith('/api/events'));
    await signInWithToken(pageA, room.learnerToken, `/discussions/${discussion._id}`);
    await expect(pageA.getByRole('heading', { level: 1, name: 'What does a linker do?' })).toBeVisible();
    expect((await stream).status()).toBe(200);
    await expect(pageA.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    let navigations = 0;
    pageA.on('framenavigated', (frame) => {
      if (frame === pageA.mainFrame()) navigations += 1;
    });

    // B replies in their own browser.
    await signInWithToken(pageB, otherToken, `/discussions/${discussion._id}`);
    await pageB.getByLabel('Your reply').fill('It stitches the object files together.');
    await pageB.getByRole('button', { name: 'Post reply' }).click();
    await expect(pageB.getByRole('article', { name: 'Reply by Alan Turing' })).toHaveCount(1);

    // A sees it without reloading, once.
    const replyOnA = pageA.getByRole('article', { name: 'Reply by Alan Turing' });
    await expect(replyOnA).toContainText('It stitches the object files together.');
    await expect(replyOnA).toHaveCount(1);
    expect(navigations).toBe(0);

    // A's bell shows the unread reply; the popover lists it; "Mark all as read" clears it.
    const bell = pageA.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = pageA.getByRole('region', { name: 'Notifications' });
    await expect(panel.getByRole('link', { name: /Alan Turing replied to your discussion/ })).toHaveAttribute(
      'href',
      `/discussions/${discussion._id}`,
    );
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(pageA.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await pageA.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(pageA.getByRole('button', { name: 'Notifications', exact: true })).toBeFocused();

    // Still read after a reload: the server has it.
    await pageA.reload();
    await expect(pageA.getByRole('heading', { level: 1, name: 'What does a linker do?' })).toBeVisible();
    await expect(pageA.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  } finally {
    await contextA.close();
    await contextB.close();
  }
});

test('a new community post appears live at the top of the feed, once', async ({ browser, baseURL, request }) => {
  const readerToken = await registerViaApi(request, newAccount('learner', 'Ada Lovelace'));
  const writerToken = await registerViaApi(request, newAccount('learner', 'Grace Hopper'));
  const context = await browser.newContext();
  try {
    await signInContext(context, baseURL, readerToken);
    const page = await context.newPage();
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    // The feed's first page must have arrived, so the post can only come over the stream: one made while
    // the page loads is fetched again instead (live/dispatch.ts), which would not prove the stream.
    const feed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/community' && response.ok(),
    );
    await signInWithToken(page, readerToken, '/community');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await stream;
    await feed;

    const title = `Live post ${Date.now()}`;
    const post = await createPost(request, writerToken, { title, content: 'Hello from the other side.' });
    const card = page.getByRole('article', { name: title });
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute('id', `post-${post._id}`);
  } finally {
    await context.close();
  }
});
