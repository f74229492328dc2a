import { expect, type Page } from '@playwright/test';

// Page helpers several journeys share.

/**
 * Records what the page asks the web Platform to open externally (window.open, or the blank tab of
 * openExternalLater once it is sent somewhere), instead of opening it: the live room is on another site,
 * which tests neither need nor reach.
 */
export async function recordExternalOpens(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const opened: string[] = [];
    Object.defineProperty(window, '__opened', { value: opened });
    window.open = (url?: string | URL) => {
      const target = String(url ?? '');
      if (target !== '' && target !== 'about:blank') {
        opened.push(target);
        return null;
      }
      // openExternalLater's blank tab: what counts is where it is sent once the API has answered.
      const tab = {
        opener: window as unknown,
        closed: false,
        close() {
          tab.closed = true;
        },
        location: { replace: (next: string | URL) => opened.push(String(next)) },
      };
      return tab as unknown as Window;
    };
  });
  return () => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
}

/** Confirms (or cancels) the confirmation dialog with this title, and waits for it to close. */
export async function confirmIn(page: Page, title: string, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}
