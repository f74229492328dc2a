import { describe, expect, it } from 'vitest';
import { sessionCalendarFileName, titleSlug } from './fileNames.js';

describe('file names', () => {
  it('make a title into letters, digits and dashes', () => {
    expect(titleSlug('Compilers from Scratch: Part 2!')).toBe('compilers-from-scratch-part-2');
    expect(titleSlug('Café & Crème')).toBe('cafe-creme');
    expect(titleSlug('???')).toBe('class');
    expect(titleSlug(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59));
  });

  it('name a session’s calendar file by its class and day', () => {
    expect(sessionCalendarFileName('Ceramics at dawn', '2026-12-03')).toBe('ceramics-at-dawn-2026-12-03.ics');
  });
});
