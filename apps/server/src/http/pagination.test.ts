import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeClassWithLearners, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { HttpError } from './errors.js';
import { decodeCursor, encodeCursor, pageOf } from './pagination.js';

/** Dates a JavaScript Date holds but PostgreSQL cannot read, or forms encodeCursor never writes. */
const OUT_OF_RANGE = [
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
  '2026-01-02',
  '2026-01-02T03:04:05Z',
].map((iso) => Buffer.from(`${iso}|0b6f3c1e-5d0a-4c38-9a55-3c1f2f1d9e10`).toString('base64url'));

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
      ...OUT_OF_RANGE,
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

describe('every paged list', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('answers 400, never 500, to a well-formed cursor whose time is out of range', async () => {
    const admin = await makeAdmin(t);
    const { cls, learners } = await makeClassWithLearners(t, 1);
    const learner = learners[0] as TestUser;
    const lists = [
      { path: `/api/classes?`, auth: learner.auth },
      { path: `/api/discussions?classId=${cls.id}&`, auth: learner.auth },
      { path: `/api/discussions/all?`, auth: admin.auth },
      { path: `/api/community?`, auth: learner.auth },
      { path: `/api/notifications?`, auth: learner.auth },
      { path: `/api/admin/audit-log?`, auth: admin.auth },
    ];
    for (const { path, auth } of lists) {
      for (const cursor of OUT_OF_RANGE) {
        const res = await t.http.get(`${path}cursor=${cursor}`).set(auth);
        expect(res.status, `${path} ${Buffer.from(cursor, 'base64url').toString()}`).toBe(400);
        expect(res.body.errors).toEqual([{ path: 'cursor', message: 'cursor is invalid' }]);
      }
    }
  });
});
