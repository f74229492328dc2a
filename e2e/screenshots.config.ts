import { defineConfig } from '@playwright/test';
import base, { chromiumLaunchOptions } from './playwright.config';

// `pnpm --filter @mentora/e2e screenshots`: saves PNGs of the main screens to e2e/screenshots/ for review.
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.ts',
  outputDir: './test-results/screenshot-artifacts',
  reporter: [['list']],
  retries: 0,
  workers: 2,
  timeout: 120_000,
  projects: [{ name: 'screenshots', use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions } }],
});
