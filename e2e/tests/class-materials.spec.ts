import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, registerViaApi, signInContext, signInWithToken } from '../support/accounts';
import { seedClass } from '../support/seed';
import { confirmIn } from '../support/ui';

// Issue #26: a class's mentor uploads several files at once from the class page (each with its
// progress), an enrolled learner downloads one and gets the very bytes, a learner not enrolled neither
// sees the files nor can fetch one, and a file that is not what its name says is refused with the
// server's reason.

/** A small but real-looking PDF, big enough (about 300 kB) for the upload to take a few progress events. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
  Buffer.alloc(300_000, 'x'),
  Buffer.from('\n%%EOF\n'),
]);
const MARKDOWN = Buffer.from('# Week 2\n\nRead chapters 3 and 4 before Tuesday.\n');
// A Windows program named as a PDF: its bytes start with MZ, whatever the name says.
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);

/** Picks files through the card's "Add files" button, as the system's file chooser would. */
async function pick(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('materials-card').getByRole('button', { name: 'Add files' }).click();
  await (await chooser).setFiles(files);
}

test('a mentor uploads files with progress; an enrolled learner downloads the same bytes; an outsider cannot', async ({
  browser,
  baseURL,
  request,
}) => {
  const seeded = await seedClass(request, 'Field botany', 'Grace Hopper');
  const outsiderToken = await registerViaApi(request, newAccount('learner', 'Otto Outsider'));
  const mentorContext = await browser.newContext();
  const learnerContext = await browser.newContext({ acceptDownloads: true });
  const outsiderContext = await browser.newContext();
  try {
    const mentor = await mentorContext.newPage();
    await signInWithToken(mentor, seeded.mentorToken, `/classes/${seeded.classId}`);
    const card = mentor.getByTestId('materials-card');
    await expect(card.getByText(/^No files yet\./)).toBeVisible();
    await expect(card.getByTestId('materials-storage')).toHaveText(/^0 B of [\d.]+ [MG]B used$/);

    // Every value the bars take, as the upload's progress events move them.
    await mentor.evaluate(() => {
      const seen: Record<string, number[]> = {};
      Object.assign(window, { __progress: seen });
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const name = bar.getAttribute('aria-label') ?? '';
          seen[name] = [...(seen[name] ?? []), Number(bar.getAttribute('aria-valuenow'))];
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // Loopback is too fast to catch a bar between its ends: the upload is slowed to about 1.5 s.
    const cdp = await mentorContext.newCDPSession(mentor);
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await throttle(200 * 1024);
    await pick(mentor, [
      { name: 'week1.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'week2.md', mimeType: 'text/markdown', buffer: MARKDOWN },
    ]);
    const items = card.getByTestId('material-item');
    await expect(items).toHaveCount(2);
    await expect(card.getByTestId('upload-item')).toHaveCount(0);
    const progress = await mentor.evaluate(
      () => (window as unknown as { __progress: Record<string, number[]> }).__progress,
    );
    await throttle(-1);
    // Each file had its own bar, and the big one's moved with its upload's progress events.
    expect(progress['Uploading week1.pdf']?.some((value) => value > 0 && value < 100)).toBe(true);
    expect(progress['Uploading week2.md']?.length).toBeGreaterThan(0);
    await expect(card.getByText('week1.pdf')).toBeVisible();
    await expect(items.filter({ hasText: 'week1.pdf' })).toContainText('PDF · 293 kB');
    await expect(items.filter({ hasText: 'week2.md' })).toContainText(`Markdown · ${MARKDOWN.length} B`);
    await expect(card.getByTestId('materials-storage')).toHaveText(/^293 kB of [\d.]+ [MG]B used$/);

    // An upload held at the server's door can be cancelled: its request is aborted and nothing is added.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await mentor.route(`**/api/classes/${seeded.classId}/materials`, async (route) => {
      if (route.request().method() === 'POST') await gate;
      await route.continue().catch(() => {});
    });
    await pick(mentor, [{ name: 'draft.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await expect(card.getByRole('progressbar', { name: 'Uploading draft.pdf' })).toBeVisible();
    await card.getByRole('button', { name: 'Cancel the upload of draft.pdf' }).click();
    await expect(card.getByTestId('upload-item')).toHaveCount(0);
    release();
    await mentor.unroute(`**/api/classes/${seeded.classId}/materials`);
    await mentor.reload();
    await expect(items).toHaveCount(2);
    await expect(card.getByText('draft.pdf')).toHaveCount(0);

    // A program named .pdf: the server reads its bytes and says why it refuses it.
    await pick(mentor, [{ name: 'syllabus.pdf', mimeType: 'application/pdf', buffer: EXE }]);
    await expect(card.getByTestId('upload-item').getByRole('alert')).toHaveText(
      /^This type of file is not accepted: upload a PDF/,
    );
    await card.getByRole('button', { name: 'Dismiss syllabus.pdf' }).click();
    await expect(card.getByTestId('upload-item')).toHaveCount(0);
    await expect(items).toHaveCount(2);

    // The enrolled learner sees both, can change neither, and downloads the very bytes uploaded.
    const learner = await learnerContext.newPage();
    await signInWithToken(learner, seeded.learnerToken, `/classes/${seeded.classId}`);
    const learnerCard = learner.getByTestId('materials-card');
    await expect(learnerCard.getByTestId('material-item')).toHaveCount(2);
    await expect(learnerCard.getByRole('button', { name: 'Add files' })).toHaveCount(0);
    await expect(learnerCard.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    const download = learner.waitForEvent('download');
    await learnerCard.getByRole('button', { name: 'Download week1.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('week1.pdf');
    expect((await readFile((await file.path()) ?? '')).equals(PDF)).toBe(true);

    // A learner not enrolled: no card on the page, and the download URL answers 403 to token and cookie alike.
    const listed = (await (
      await request.get(`/api/classes/${seeded.classId}/materials`, {
        headers: { Authorization: `Bearer ${seeded.learnerToken}` },
      })
    ).json()) as { materials: { _id: string; name: string }[] };
    const pdfId = listed.materials.find((m) => m.name === 'week1.pdf')?._id;
    expect(pdfId).toBeTruthy();
    const outsider = await outsiderContext.newPage();
    await signInWithToken(outsider, outsiderToken, `/classes/${seeded.classId}`);
    await expect(outsider.getByRole('heading', { level: 1, name: 'Field botany' })).toBeVisible();
    await expect(outsider.getByTestId('materials-card')).toHaveCount(0);
    const byToken = await request.get(`/api/materials/${pdfId}/download`, {
      headers: { Authorization: `Bearer ${outsiderToken}` },
    });
    expect(byToken.status()).toBe(403);
    await signInContext(outsiderContext, baseURL, outsiderToken);
    const byCookie = await outsider.request.get(`/api/materials/${pdfId}/download`);
    expect(byCookie.status()).toBe(403);

    // The mentor renames one and deletes the other; the learner's list follows.
    await card.getByRole('button', { name: 'Rename week2.md' }).click();
    const dialog = mentor.getByRole('dialog', { name: 'Rename file' });
    await dialog.getByLabel('Name').fill('Reading for week 2.md');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Reading for week 2.md')).toBeVisible();
    await card.getByRole('button', { name: 'Delete week1.pdf' }).click();
    await confirmIn(mentor, 'Delete this file?', 'Delete');
    await expect(items).toHaveCount(1);
    await learner.reload();
    await expect(learnerCard.getByTestId('material-item')).toHaveCount(1);
    await expect(learnerCard.getByText('Reading for week 2.md')).toBeVisible();
  } finally {
    await mentorContext.close();
    await learnerContext.close();
    await outsiderContext.close();
  }
});
