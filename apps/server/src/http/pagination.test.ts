import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { decodeCursor, encodeCursor, pageOf } from './pagination.js';

const row = { createdAt: new Date('2026-01-02T03:04:05.678Z'), id: '0b6f3c1e-5d0a-4c38-9a55-3c1f2f1d9e10' };

describe('cursor pagination', () => {
  it('round-trips a cursor and treats a missing one as the first page', () => {
    expect(decodeCursor(encodeCursor(row))).toEqual(row);
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor('')).toBeUndefined();
  });

  it('answers 400 for cursors it did not make', () => {
    const forged = [
      'not base64!',
      Buffer.from('yesterday|x').toString('base64url'),
      Buffer.from(`${row.createdAt.toISOString()}|not-an-id`).toString('base64url'),
      Buffer.from(`${row.createdAt.toISOString()}|${row.id}|more`).toString('base64url'),
    ];
    for (const raw of forged) {
      expect(() => decodeCursor(raw)).toThrow(HttpError);
      try {
        decodeCursor(raw);
      } catch (e) {
        expect((e as HttpError).status).toBe(400);
      }
    }
  });

  it('cuts limit + 1 rows into a page and the cursor of its last item', () => {
    const rows = [1, 2, 3].map((n) => ({ ...row, id: row.id.replace(/0$/, String(n)) }));
    const page = pageOf(rows, 2, (r) => r);
    expect(page.items).toHaveLength(2);
    expect(decodeCursor(page.nextCursor ?? undefined)?.id).toBe(rows[1]?.id);
    expect(pageOf(rows.slice(0, 2), 2, (r) => r).nextCursor).toBeNull();
  });
});
