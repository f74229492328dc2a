import { describe, expect, it } from 'vitest';
import { isStatementRefused } from './errors.js';

/** As drizzle throws them: its own error, the driver's as the cause. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: …'), { cause });

describe('isStatementRefused', () => {
  it('is true when PostgreSQL answered the statement with an error code', () => {
    for (const code of ['23503', '23505', '22021', '57014', '40001']) {
      expect(isStatementRefused(wrapped(Object.assign(new Error('refused'), { code })))).toBe(true);
    }
  });

  it('is false when the statement may have been written: a lost connection, a network error, no code', () => {
    for (const code of ['57P01', '57P04', '08006', '08007', '08P01', 'EPIPE', 'ECONNRESET', 'ETIMEDOUT']) {
      expect(isStatementRefused(wrapped(Object.assign(new Error('lost'), { code })))).toBe(false);
    }
    expect(isStatementRefused(wrapped(new Error('Connection terminated unexpectedly')))).toBe(false);
    expect(isStatementRefused(new Error('reply insert returned no head row per reply'))).toBe(false);
    expect(isStatementRefused(undefined)).toBe(false);
  });
});
