import { describe, expect, it } from 'vitest';
import { FakeLog, FakeUpdater } from '../../test/fakeElectron';
import { type AutoUpdateOptions, startAutoUpdate, UPDATE_CHECK_INTERVAL_MS } from './autoUpdate';

function setup(overrides: Partial<AutoUpdateOptions> = {}) {
  const updater = new FakeUpdater();
  const log = new FakeLog();
  const timers: { callback: () => void; ms: number }[] = [];
  let loads = 0;
  const options: AutoUpdateOptions = {
    isPackaged: true,
    hasUpdateConfig: () => true,
    loadUpdater: async () => {
      loads++;
      return updater;
    },
    log,
    setInterval: (callback, ms) => {
      timers.push({ callback, ms });
      return {};
    },
    ...overrides,
  };
  return { updater, log, timers, options, loads: () => loads };
}

describe('startAutoUpdate', () => {
  it('checks for updates (and notifies) in a packaged app built with an update URL, then every 6 hours', async () => {
    const { updater, timers, options } = setup();
    expect(await startAutoUpdate(options)).toBe('on');
    expect(updater.checks).toBe(1);
    expect(timers.map((timer) => timer.ms)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    timers[0]?.callback();
    expect(updater.checks).toBe(2);
  });

  it('stays off in development and tests (not packaged): the updater is not even loaded', async () => {
    const { updater, timers, options, loads } = setup({ isPackaged: false });
    expect(await startAutoUpdate(options)).toBe('off: not packaged');
    expect(loads()).toBe(0);
    expect(updater.checks).toBe(0);
    expect(timers).toEqual([]);
  });

  it('stays off in a package built without MENTORA_UPDATE_URL (no app-update.yml)', async () => {
    const { updater, options, loads } = setup({ hasUpdateConfig: () => false });
    expect(await startAutoUpdate(options)).toBe('off: no update URL');
    expect(loads()).toBe(0);
    expect(updater.checks).toBe(0);
  });

  it('logs a failed check or an updater error instead of crashing the app', async () => {
    const { updater, log, options } = setup();
    updater.failWith = new Error('net::ERR_INTERNET_DISCONNECTED');
    await startAutoUpdate(options);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(() => updater.emitError(new Error('404 latest.yml'))).not.toThrow();
    expect(log.warnings).toEqual([
      'Update check failed: net::ERR_INTERNET_DISCONNECTED',
      'Update check failed: 404 latest.yml',
    ]);
  });
});
