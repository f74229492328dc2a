import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken } from '../support/accounts';
import { createClassViaApi, verifiedMentor } from '../support/seed';

// The floating assistant against the real server, which has no GEMINI_API_KEY here: the offline assistant
// answers, streamed over Server-Sent Events, from the platform's own classes.

const QUESTION = 'which classes teach typescript';

/** A TypeScript class with a word no other journey uses in its title, and a new learner. */
async function seedTypeScriptClass(request: import('@playwright/test').APIRequestContext) {
  const mentor = await verifiedMentor(request, 'Grace Hopper');
  const title = `TypeScript for Testers ${randomUUID().slice(0, 6)}`;
  const cls = await createClassViaApi(request, mentor.token, {
    title,
    description: 'Types that catch bugs before your users do.',
    category: 'programming',
    tags: ['typescript'],
  });
  const learnerToken = await registerViaApi(request, newAccount('learner', 'Ada Lovelace'));
  return { classId: cls._id, title, learnerToken };
}

async function openAssistant(page: Page) {
  await page.getByRole('button', { name: 'Open the assistant' }).click();
  const panel = page.getByRole('dialog', { name: 'Mentora Assistant' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Message the assistant')).toBeFocused();
  return panel;
}

async function ask(page: Page, question: string) {
  const panel = page.getByRole('dialog', { name: 'Mentora Assistant' });
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/gemini/chat/stream'));
  await panel.getByLabel('Message the assistant').fill(question);
  await panel.getByLabel('Message the assistant').press('Enter');
  const response = await answered;
  // The answer came as a stream of events, not one JSON body.
  expect(response.headers()['content-type']).toContain('text/event-stream');
  return panel;
}

test('a learner asks which classes teach TypeScript, follows the link, and finds the conversation again after a reload', async ({
  page,
  request,
}) => {
  const seeded = await seedTypeScriptClass(request);
  await signInWithToken(page, seeded.learnerToken, '/dashboard');

  const panel = await openAssistant(page);
  await expect(panel.getByText('Offline assistant')).toBeVisible();
  await expect(panel.getByText('How can I help?')).toBeVisible();
  // A blank message is not sent.
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();

  await ask(page, QUESTION);
  const conversation = panel.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByText(QUESTION, { exact: true })).toBeVisible();
  const link = conversation.getByRole('link', { name: seeded.title });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/classes/${seeded.classId}`);
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/classes/${seeded.classId}$`));
  await expect(page.getByRole('heading', { level: 1, name: seeded.title })).toBeVisible();
  // On a wide screen the chat stays open beside the page.
  await expect(panel).toBeVisible();

  await page.reload();
  const again = await openAssistant(page);
  await expect(again.getByText(QUESTION, { exact: true })).toBeVisible();
  await expect(again.getByRole('link', { name: seeded.title })).toBeVisible();

  // Escape closes the panel and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open the assistant' })).toBeFocused();
});

test('a learner clears the chat history after confirming', async ({ page, request }) => {
  const seeded = await seedTypeScriptClass(request);
  await signInWithToken(page, seeded.learnerToken, '/classes');
  const panel = await openAssistant(page);
  await ask(page, QUESTION);
  await expect(panel.getByRole('link', { name: seeded.title })).toBeVisible();

  await panel.getByRole('button', { name: 'Clear chat history' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Clear the conversation?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Clear history' }).click();
  await expect(page.getByText('Chat history cleared')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(panel.getByText('How can I help?')).toBeVisible();
  await expect(panel.getByText(QUESTION, { exact: true })).toHaveCount(0);

  // The server forgot it too.
  await page.reload();
  const again = await openAssistant(page);
  await expect(again.getByText('How can I help?')).toBeVisible();
});

test('on a phone the chat fills the screen and closes when a link is followed', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const seeded = await seedTypeScriptClass(request);
  await signInWithToken(page, seeded.learnerToken, '/dashboard');
  // On a phone the launcher is a button of the navigation bar, not one floating over the page (#37.1).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open the assistant' })).toBeVisible();

  const panel = await openAssistant(page);
  await expect(panel).toHaveAttribute('aria-modal', 'true');
  expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });

  await ask(page, QUESTION);
  await panel.getByRole('link', { name: seeded.title }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${seeded.classId}$`));
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: seeded.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open the assistant' })).toBeVisible();
});

test('the assistant is on signed-in pages only', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open the assistant' })).toHaveCount(0);

  const token = await registerViaApi(request, newAccount('learner', 'Lin Learner'));
  await signInWithToken(page, token, '/community');
  await expect(page.getByRole('button', { name: 'Open the assistant' })).toBeVisible();
  await page.goto('/reset-password');
  await expect(page.getByRole('button', { name: 'Open the assistant' })).toHaveCount(0);
});

// That the button covers no control, on any page and wherever it is scrolled to: assistant-clearance.spec.ts.
