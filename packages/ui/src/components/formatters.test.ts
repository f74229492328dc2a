import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

/** A fresh copy of the module (no formatter made yet) and a count of the formatters made from now on. */
async function freshFormatters() {
  vi.resetModules();
  const { DateTimeFormat, NumberFormat } = Intl;
  // biome-ignore lint/complexity/useArrowFunction: called with `new`, which an arrow function cannot be
  const dates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
    return new DateTimeFormat(...args);
  });
  // biome-ignore lint/complexity/useArrowFunction: called with `new`, which an arrow function cannot be
  const numbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args) {
    return new NumberFormat(...args);
  });
  return { module: await import('./formatters'), made: () => dates.mock.calls.length + numbers.mock.calls.length };
}

describe('formatters', () => {
  it('formats dates, dates with times and two-decimal numbers; missing or unreadable dates as empty', async () => {
    const { module } = await freshFormatters();
    const iso = '2026-11-25T21:14:00.000Z';
    expect(module.formatDate(iso)).toBe(new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }));
    expect(module.formatDateTime(iso)).toBe(
      new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(module.formatDecimal(19.5)).toMatch(/^19[.,]50$/);
    for (const unreadable of [null, undefined, '', 'not a date']) {
      expect(module.formatDate(unreadable)).toBe('');
      expect(module.formatDateTime(unreadable)).toBe('');
    }
  });

  it('makes each formatter once, on first use', async () => {
    const { module, made } = await freshFormatters();
    expect(made()).toBe(0);
    module.formatDate('2026-01-01');
    module.formatDate('2026-01-02');
    expect(made()).toBe(1);
  });

  it('after the warm-up, formatting makes no formatter: the screens use the very ones it made', async () => {
    const { module, made } = await freshFormatters();
    module.warmUpFormatters();
    expect(made()).toBe(3);
    module.formatDate('2026-01-01');
    module.formatDateTime('2026-01-01');
    module.formatDecimal(1);
    expect(made()).toBe(3);
  });
});
