import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi } from '../support/accounts';
import { injectDesktopBridge } from '../support/desktopBridge';
import { replyToDiscussion, seedClass, startDiscussion } from '../support/seed';

// The desktop app's renderer (the built apps/desktop/out/renderer, under the desktop CSP) in Chromium,
// with its bridge injected and the desktop app's real main-process handlers behind it. The page's
// origin is not the server's: every API call crosses origins, as from app://mentora.

function serverUrl(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not set');
  return baseURL;
}

async function liveUrl(request: APIRequestContext, classId: string, token: string): Promise<string> {
  const response = await request.get(`/api/classes/${classId}/live`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { url: string }).url;
}

/** The page's console warnings, to see what the desktop platform refused. */
function consoleWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

test('the first run asks for the server address and saves it only once /api/health answers', async ({
  page,
  baseURL,
}) => {
  const desktop = await injectDesktopBridge(page);
  await desktop.open();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Mentora' })).toBeVisible();
  const field = page.getByLabel('Server address');
  await expect(field).toHaveValue('http://localhost:3000');

  // Nothing listens on port 9: the check fails, nothing is saved, the screen stays.
  await field.fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('alert')).toContainText('Could not reach http://127.0.0.1:9');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(desktop.store.serverUrl()).toBeNull();

  // Plain http to another computer is refused before any request.
  await field.fill('http://192.168.1.20:3000');
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('alert')).toContainText('Use https://');
  expect(desktop.store.serverUrl()).toBeNull();

  await field.fill(`${serverUrl(baseURL)}/`);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Future of Learning' })).toBeVisible();
  expect(desktop.store.serverUrl()).toBe(serverUrl(baseURL));
});

test('logging in stores the token through the bridge and sends it as a bearer token; logging out removes it', async ({
  page,
  baseURL,
  request,
}) => {
  const account = newAccount('learner', 'Grace Hopper');
  await registerViaApi(request, account);
  const desktop = await injectDesktopBridge(page, { serverUrl: serverUrl(baseURL) });
  await desktop.open('/login');

  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace!' })).toBeVisible();

  const token = desktop.store.stored().token;
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(desktop.calls).toContainEqual({ channel: 'mentora:stored:set', args: ['token', token] });

  // The token, not a cookie, is what signs the next calls in.
  const next = page.waitForRequest((req) => req.url().startsWith(`${serverUrl(baseURL)}/api/`));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace!' })).toBeVisible();
  expect((await next).headers().authorization).toBe(`Bearer ${token}`);

  await page.getByRole('button', { name: 'Account menu for Grace Hopper' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect.poll(() => desktop.store.stored().token).toBeUndefined();
  expect(desktop.calls).toContainEqual({ channel: 'mentora:stored:remove', args: ['token'] });
});

test('the theme is kept through the bridge and applied on the next start', async ({ page, baseURL }) => {
  const desktop = await injectDesktopBridge(page, { serverUrl: serverUrl(baseURL), stored: { theme: 'light' } });
  await desktop.open();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect.poll(() => desktop.store.stored().theme).toBe('dark');
  expect(desktop.calls).toContainEqual({ channel: 'mentora:stored:set', args: ['theme', 'dark'] });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('starting and joining a live session open the room in the system browser', async ({
  browser,
  baseURL,
  request,
}) => {
  const room = await seedClass(request, 'Desktop live class', 'Ada Lovelace');
  const mentorPage = await browser.newPage();
  const learnerPage = await browser.newPage();
  try {
    const mentor = await injectDesktopBridge(mentorPage, {
      serverUrl: serverUrl(baseURL),
      stored: { token: room.mentorToken },
    });
    await mentor.open(`/classes/${room.classId}`);
    await mentorPage.getByRole('button', { name: 'Start live session' }).click();
    const url = await liveUrl(request, room.classId, room.mentorToken);
    expect(url).toMatch(/^https:\/\//);
    await expect.poll(() => mentor.shell.opened).toEqual([url]);
    expect(mentor.calls).toContainEqual({ channel: 'mentora:open-external', args: [url] });

    const learner = await injectDesktopBridge(learnerPage, {
      serverUrl: serverUrl(baseURL),
      stored: { token: room.learnerToken },
    });
    await learner.open(`/classes/${room.classId}`);
    await learnerPage.getByRole('button', { name: 'Join live session' }).click();
    await expect.poll(() => learner.shell.opened).toEqual([url]);
  } finally {
    await mentorPage.close();
    await learnerPage.close();
  }
});

test('a mentor edits their class and schedules a session from the desktop app', async ({ page, baseURL, request }) => {
  const room = await seedClass(request, 'Desktop pottery', 'Ada Lovelace');
  const desktop = await injectDesktopBridge(page, {
    serverUrl: serverUrl(baseURL),
    stored: { token: room.mentorToken },
  });
  await desktop.open(`/classes/${room.classId}`);

  // The edit screen: prefilled, saved across origins with the stored token.
  await page.getByRole('link', { name: 'Edit class' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Desktop pottery');
  await page.getByLabel('Title').fill('Desktop pottery, term two');
  await page.getByLabel('Status').selectOption('ongoing');
  const saved = page.waitForRequest(
    (req) => req.method() === 'PUT' && req.url() === `${serverUrl(baseURL)}/api/classes/${room.classId}`,
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).headers().authorization).toBe(`Bearer ${room.mentorToken}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Desktop pottery, term two' })).toBeVisible();

  // The schedule dialog: a session tomorrow at 09:00, listed on the class page and kept by the server.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
  await page.getByRole('button', { name: 'Schedule session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule session' });
  await dialog.getByLabel('Title (optional)').fill('Glazes');
  await dialog.getByLabel('Starts').fill(`${day}T09:00`);
  await dialog.getByLabel('Duration (minutes)').fill('45');
  await dialog.getByRole('button', { name: 'Schedule session' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('session-item').getByText('Glazes')).toBeVisible();
  const listed = await request.get(`/api/classes/${room.classId}/sessions`, {
    headers: { Authorization: `Bearer ${room.learnerToken}` },
  });
  const { sessions } = (await listed.json()) as { sessions: { title: string; durationMinutes: number }[] };
  expect(sessions.map(({ title, durationMinutes }) => ({ title, durationMinutes }))).toEqual([
    { title: 'Glazes', durationMinutes: 45 },
  ]);

  // Add to calendar works under the desktop CSP: the .ics comes down as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.ics$/);
});

test('a mentor drops a file on the class page of the desktop app, and downloads it back', async ({
  page,
  baseURL,
  request,
}) => {
  const room = await seedClass(request, 'Desktop herbarium', 'Ada Lovelace');
  const desktop = await injectDesktopBridge(page, {
    serverUrl: serverUrl(baseURL),
    stored: { token: room.mentorToken },
  });
  await desktop.open(`/classes/${room.classId}`);
  const card = page.getByTestId('materials-card');
  await expect(card.getByText(/^No files yet\./)).toBeVisible();

  // A drop from the file manager: a DataTransfer holding a File, as Chromium hands it to the page.
  const text = '# Pressing flowers\n\nTwo weeks between sheets of blotting paper.\n';
  const uploaded = page.waitForRequest(
    (req) => req.method() === 'POST' && req.url() === `${serverUrl(baseURL)}/api/classes/${room.classId}/materials`,
  );
  const dataTransfer = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], 'pressing.md', { type: 'text/markdown' }));
    return transfer;
  }, text);
  await card.dispatchEvent('dragover', { dataTransfer });
  await card.dispatchEvent('drop', { dataTransfer });
  // Across origins, with the stored token: the desktop app has no cookie for the server.
  expect((await uploaded).headers().authorization).toBe(`Bearer ${room.mentorToken}`);
  const item = card.getByTestId('material-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('pressing.md');
  await expect(item).toContainText('Markdown');

  // Downloading works under the desktop CSP: the bytes come down as a file under its name.
  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Download pressing.md' }).click();
  expect((await download).suggestedFilename()).toBe('pressing.md');

  // Once saved, the row offers to open it with the system's viewer: the page asks by the download's id,
  // and the main process opens the path it recorded.
  await item.getByRole('button', { name: 'Open pressing.md' }).click();
  await expect.poll(() => desktop.shell.openedPaths).toHaveLength(1);
  const [saved] = desktop.downloads;
  expect(saved?.fileName).toBe('pressing.md');
  expect(desktop.shell.openedPaths).toEqual([saved?.savePath]);
  expect(desktop.calls).toContainEqual({ channel: 'mentora:download:open', args: [saved?.id] });
  expect(await readFile(saved?.savePath ?? '', 'utf8')).toBe(text);

  // A page that names a path, or an id the main process never gave out, opens nothing.
  const refused = await page.evaluate(() =>
    Promise.all(
      ['/etc/passwd', '00000000-0000-4000-8000-000000000000'].map((id) =>
        window.mentora?.openDownload(id).then(
          () => 'opened',
          () => 'refused',
        ),
      ),
    ),
  );
  expect(refused).toEqual(['refused', 'refused']);
  expect(desktop.shell.openedPaths).toHaveLength(1);
});

test('a javascript: or file: URL never reaches the system browser', async ({ page, baseURL, request }) => {
  const room = await seedClass(request, 'Desktop hostile server', 'Ada Lovelace');
  const desktop = await injectDesktopBridge(page, {
    serverUrl: serverUrl(baseURL),
    stored: { token: room.learnerToken },
  });
  const warnings = consoleWarnings(page);
  // A server the person pointed the app at is not to be trusted with what the app opens: this one
  // answers the live room as a javascript: URL.
  // Its mentor has started the session, so the learner is offered Join (issue #37.2).
  const started = await request.post(`/api/classes/${room.classId}/live`, {
    headers: { Authorization: `Bearer ${room.mentorToken}` },
  });
  expect(started.ok()).toBe(true);
  await page.route(`**/api/classes/${room.classId}/live`, (route) =>
    route.fulfill({ json: { url: 'javascript:alert(document.domain)', live: true } }),
  );
  await desktop.open(`/classes/${room.classId}`);
  await page.getByRole('button', { name: 'Join live session' }).click();
  await expect.poll(() => warnings.some((text) => text.startsWith('Refused to open a non-http(s) URL'))).toBe(true);
  expect(desktop.calls.filter((call) => call.channel === 'mentora:open-external')).toEqual([]);

  // And asked directly, the main process refuses and logs; the page gets `false`.
  const answers = await page.evaluate(() =>
    Promise.all([window.mentora?.openExternal('file:///etc/passwd'), window.mentora?.openExternal('javascript:1')]),
  );
  expect(answers).toEqual([false, false]);
  expect(desktop.shell.opened).toEqual([]);
  expect(desktop.log.warnings.filter((line) => line.startsWith('Refused to open'))).toHaveLength(2);
});

test('live updates arrive over the bearer-token stream', async ({ page, baseURL, request }) => {
  test.slow();
  const room = await seedClass(request, 'Desktop live updates', 'Ada Lovelace');
  const discussion = await startDiscussion(request, room.learnerToken, {
    classId: room.classId,
    title: 'Where do live updates come from?',
    content: 'Asking from the desktop app.',
  });
  const desktop = await injectDesktopBridge(page, {
    serverUrl: serverUrl(baseURL),
    stored: { token: room.learnerToken },
  });
  const stream = page.waitForRequest((req) => req.url() === `${serverUrl(baseURL)}/api/events`);
  await desktop.open('/dashboard');
  expect((await stream).headers().authorization).toBe(`Bearer ${room.learnerToken}`);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await replyToDiscussion(request, room.mentorToken, discussion._id, 'From the server, over the stream.');
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
});

test('Settings and the app menu change the server address; a new server signs out', async ({
  page,
  baseURL,
  request,
}) => {
  const token = await registerViaApi(request, newAccount('learner', 'Alan Turing'));
  const desktop = await injectDesktopBridge(page, { serverUrl: serverUrl(baseURL), stored: { token } });
  await desktop.open('/settings');
  const section = page.getByRole('region', { name: 'Server' });
  await expect(section.getByLabel('Server address')).toHaveValue(serverUrl(baseURL));

  // A failing address changes nothing.
  await section.getByLabel('Server address').fill('http://127.0.0.1:9');
  await section.getByRole('button', { name: 'Check and save' }).click();
  await expect(section.getByRole('alert')).toContainText('Could not reach');
  expect(desktop.store.serverUrl()).toBe(serverUrl(baseURL));

  // The same server again: checked, saved, still signed in.
  await section.getByLabel('Server address').fill(serverUrl(baseURL));
  await section.getByRole('button', { name: 'Check and save' }).click();
  await expect(section.getByRole('status')).toHaveText('The server answered. Address saved.');
  expect(desktop.store.stored().token).toBe(token);

  // The menu's "Server Address…" shows the screen over the app; Cancel goes back to where it was.
  await desktop.showServerAddressFromMenu();
  await expect(page.getByRole('heading', { level: 1, name: 'Server address' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // Another server (the same one under another name: localhost): the token stays with the old one.
  const other = serverUrl(baseURL).replace('127.0.0.1', 'localhost');
  await desktop.showServerAddressFromMenu();
  // Until the screen is up, the one visible field is still Settings' own: wait for the screen first.
  await expect(page.getByRole('heading', { level: 1, name: 'Server address' })).toBeVisible();
  // The app underneath is hidden while the screen shows: the one visible field is the screen's.
  await page.getByRole('textbox', { name: 'Server address' }).fill(other);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
  expect(desktop.store.serverUrl()).toBe(other);
  expect(desktop.store.stored().token).toBeUndefined();
});
