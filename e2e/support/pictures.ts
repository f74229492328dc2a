import type { Page } from '@playwright/test';

/** A portrait drawn in the page's own canvas, as a camera's JPEG would arrive (profile pictures). */
export async function portrait(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const sky = g.createLinearGradient(0, 0, 0, 600);
    sky.addColorStop(0, '#0e7490');
    sky.addColorStop(1, '#164e63');
    g.fillStyle = sky;
    g.fillRect(0, 0, 800, 600);
    g.fillStyle = '#fcd34d';
    g.beginPath();
    g.arc(400, 250, 120, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#f59e0b';
    g.beginPath();
    g.ellipse(400, 600, 230, 190, 0, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] as string;
  });
  return Buffer.from(base64, 'base64');
}

/**
 * A PNG strip 30000 by 10 px, drawn in the page's canvas: a valid picture far longer than a profile
 * picture may be (the server refuses it from its header instead of decoding it, issue #35).
 */
export async function strip(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 30_000;
    canvas.height = 10;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#0e7490';
    g.fillRect(0, 0, 30_000, 10);
    return canvas.toDataURL('image/png').split(',')[1] as string;
  });
  return Buffer.from(base64, 'base64');
}
