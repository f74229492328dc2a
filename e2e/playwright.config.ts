import { defineConfig, devices } from '@playwright/test';
import { BASE_URL_VARIABLE, CHROMIUM_PATH } from './support/env';

/** Debian's Chromium (TOOLCHAIN.md): Playwright's own browser download does not work here. */
export const chromiumLaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

// Journeys in a real Chromium against the real, built server (started by the global setup).
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  // Generous because a shared 2-core machine runs these journeys several times slower than a quiet one:
  // a timeout here should say "stuck", not "slow".
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    // Set by the global setup before any worker starts, so each worker's copy of this config sees it.
    baseURL: process.env[BASE_URL_VARIABLE],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
  ],
});
