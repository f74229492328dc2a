import { crc32 } from 'node:zlib';
import { MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blankPng, makeAdmin, makeLearner, makePost, PDF_BYTES, type TestUser } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { startS3Server } from '../../test/s3.js';
import { jobs, users } from '../db/schema.js';
import { MAX_ASPECT_RATIO, MAX_INPUT_PIXELS } from './avatars.js';

// Profile pictures (issue #26) on a real server, with each file store: what is served is the server's
// own square WebP re-encoding without the original's metadata; links are no longer taken; replacing,
// removing or deleting the account deletes the old file.

const MB = 1024 * 1024;
const asBytes = (request: import('supertest').Test) =>
  request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** A 600 by 400 JPEG carrying camera and place metadata (EXIF), as phones write them. */
const photo = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Secret Camera 9', Copyright: 'Ada at 51.5N 0.1W' } })
    .toBuffer();

describe.each(['fs', 's3'] as const)('profile pictures in the %s store', { timeout: 120_000 }, (storage) => {
  let t: TestServer;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let admin: TestUser;

  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    t = await startTestServer({ env: { ...s3?.env, AVATAR_MAX_MB: '1' } });
    admin = await makeAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (who: TestUser, bytes: Buffer, name = 'me.jpg') =>
    t.http.put('/api/auth/profile/picture').set(who.auth).attach('file', bytes, name);

  it('stores a photo square at 256 px as WebP, without its metadata, and serves it to anyone, cacheable', async () => {
    const ada = await makeLearner(t);
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(ada, original).expect(200);
    expect(res.body.profilePicture).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}$/);

    const served = await asBytes(t.http.get(res.body.profilePicture)).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect((served.body as Buffer).includes('Secret Camera')).toBe(false);

    // The profile and what others see of them carry the new picture.
    expect((await t.http.get('/api/auth/profile').set(ada.auth).expect(200)).body.profilePicture).toBe(
      res.body.profilePicture,
    );
    const post = await makePost(t, ada);
    const feed = await t.http.get('/api/community').set(admin.auth).expect(200);
    const shown = (feed.body as { _id: string; author: { profilePicture: string } }[]).find((p) => p._id === post._id);
    expect(shown?.author.profilePicture).toBe(res.body.profilePicture);
  });

  it('refuses what is not a picture (415), a picture past AVATAR_MAX_MB (413), and no file (400)', async () => {
    const bo = await makeLearner(t);
    const pdf = await upload(bo, PDF_BYTES, 'me.png').expect(415);
    expect(pdf.body.message).toBe(MESSAGES.avatars.refusedType);
    // A PNG's signature on bytes that are no picture: the decoder refuses it.
    await upload(bo, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(300, 7)]), 'x.png').expect(
      415,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    await upload(bo, svg, 'me.svg').expect(415);
    const big = await upload(bo, Buffer.concat([await photo(), Buffer.alloc(1 * MB)]), 'big.jpg').expect(413);
    expect(big.body.message).toBe(MESSAGES.avatars.tooLarge(1));
    await t.http.put('/api/auth/profile/picture').set(bo.auth).send({ file: 'x' }).expect(400);
    expect((await t.http.get('/api/auth/profile').set(bo.auth)).body.profilePicture).toBe('');
  });

  it('takes no new link, keeps an old one, and lets nobody name another’s upload', async () => {
    const cy = await makeLearner(t);
    await t.ctx.db
      .update(users)
      .set({ profilePicture: 'https://img.example.test/old.png' })
      .where(eq(users.id, cy.user.id));
    const profile = { name: cy.user.name, email: cy.user.email, bio: '' };
    const kept = await t.http
      .put('/api/auth/profile')
      .set(cy.auth)
      .send({ ...profile, profilePicture: 'https://img.example.test/old.png' })
      .expect(200);
    expect(kept.body.profilePicture).toBe('https://img.example.test/old.png');
    const link = await t.http
      .put('/api/auth/profile')
      .set(cy.auth)
      .send({ ...profile, profilePicture: 'https://img.example.test/new.png' })
      .expect(400);
    expect(link.body.errors).toEqual([{ path: 'profilePicture', message: MESSAGES.avatars.linkRefused }]);
    const other = await makeLearner(t);
    const theirs = (await upload(other, await photo()).expect(200)).body.profilePicture as string;
    await t.http
      .put('/api/auth/profile')
      .set(cy.auth)
      .send({ ...profile, profilePicture: theirs })
      .expect(400);
    const registered = await t.http
      .post('/api/auth/register')
      .send({
        name: 'Dee',
        email: 'dee@example.test',
        password: 'long enough pw',
        profilePicture: 'https://x.test/a.png',
      })
      .expect(400);
    expect(registered.body.message).toBe(MESSAGES.avatars.linkRefused);
  });

  it('deletes the old file when the picture is replaced, removed, or its account deleted', async () => {
    const di = await makeLearner(t);
    const keyOf = (picture: string) => `avatars/${picture.split('/').pop()}`;
    const first = (await upload(di, await photo()).expect(200)).body.profilePicture as string;
    const second = (await upload(di, await photo()).expect(200)).body.profilePicture as string;
    expect(second).not.toBe(first);
    // The profile form sends back the picture it has: nothing changes.
    await t.http
      .put('/api/auth/profile')
      .set(di.auth)
      .send({ name: di.user.name, email: di.user.email, profilePicture: second })
      .expect(200);
    await t.ctx.jobs.runDue();
    expect(await t.ctx.files.get(keyOf(first))).toBeNull();
    await t.http.get(first).expect(404);
    const kept = await t.ctx.files.get(keyOf(second));
    expect(kept).not.toBeNull();
    // Opened, not read: closed here rather than left to the garbage collector.
    kept?.destroy();

    const removed = await t.http.delete('/api/auth/profile/picture').set(di.auth).expect(200);
    expect(removed.body.profilePicture).toBe('');
    await t.ctx.jobs.runDue();
    await t.http.get(second).expect(404);

    const third = (await upload(di, await photo()).expect(200)).body.profilePicture as string;
    await t.http.delete(`/api/users/learner/${di.user.id}`).set(admin.auth).expect(200);
    await t.ctx.jobs.runDue();
    await t.http.get(third).expect(404);
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'file-delete'))).toEqual([]);
  });

  it('answers 404 for an id that names no picture, or is no id', async () => {
    await t.http.get('/api/avatars/00000000-0000-4000-8000-000000000000').expect(404);
    await t.http.get('/api/avatars/..%2F..%2Fjwt-secret').expect(404);
    await t.http.get('/api/avatars/NOT-AN-ID').expect(404);
  });
});

/**
 * A 6300 px square interlaced PNG of a pattern (1.4 MB): nearly MAX_INPUT_PIXELS, and an interlaced
 * picture is decoded whole, so it keeps a decoder busy for a while (figures in bench/results).
 */
async function heavyPng(): Promise<Buffer> {
  const side = 6300;
  const raw = Buffer.alloc(side * side);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + (i >> 12)) & 255;
  return sharp(raw, { raw: { width: side, height: side, channels: 1 } })
    .png({ progressive: true, compressionLevel: 6 })
    .toBuffer();
}

// Issue #35: no picture can exhaust memory or CPU. What a picture's header says is checked before
// anything is decoded, decoding runs a few at a time (IMAGE_THREADS), a client that has gone gets no
// decoding, and each user's uploads are rate-limited. How long each takes, and resident memory, are
// measured by bench/upload (`pnpm bench:upload --pictures`), not here.
describe('picture work is bounded', { timeout: 120_000 }, () => {
  let t: TestServer;
  let heavy: Buffer;

  beforeAll(async () => {
    t = await startTestServer({ env: { IMAGE_THREADS: '1', IMAGE_QUEUE_MAX: '8' } });
    heavy = await heavyPng();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (who: TestUser, bytes: Buffer) =>
    t.http.put('/api/auth/profile/picture').set(who.auth).attach('file', bytes, 'me.png');

  it('refuses, from the header and without decoding, a picture too long or with too many pixels', async () => {
    const ada = await makeLearner(t);
    const before = t.ctx.images.stats.started;
    // About 1 KB each: filling the square would first have enlarged them to gigapixels.
    for (const [width, height] of [
      [100_000, 10],
      [10, 100_000],
      [2_000_000, 20],
      [MAX_ASPECT_RATIO * 50 + 1, 50],
    ] as const) {
      const res = await upload(ada, blankPng(width, height)).expect(400);
      expect(res.body.message, `${width}x${height}`).toBe(MESSAGES.avatars.tooLong(MAX_ASPECT_RATIO));
    }
    const huge = await upload(ada, blankPng(7000, 7000)).expect(400);
    expect(huge.body.message).toBe(MESSAGES.avatars.tooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
    // A header that claims 50000 by 50000 pixels, with none of them after it.
    const claim = Buffer.from(blankPng(1, 1));
    claim.writeUInt32BE(50_000, 16);
    claim.writeUInt32BE(50_000, 20);
    claim.writeUInt32BE(crc32(claim.subarray(12, 29)), 29);
    const lie = await upload(ada, claim).expect(400);
    expect(lie.body.message).toBe(MESSAGES.avatars.tooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
    expect(t.ctx.images.stats.started).toBe(before);
    expect((await t.http.get('/api/auth/profile').set(ada.auth)).body.profilePicture).toBe('');

    // Right at the limits, pictures are taken.
    await upload(ada, blankPng(MAX_ASPECT_RATIO * 50, 50)).expect(200);
    expect(t.ctx.images.stats.started).toBe(before + 1);
  });

  it('decodes one picture at a time with IMAGE_THREADS=1, and answers /api/health meanwhile', async () => {
    const people = await Promise.all([makeLearner(t), makeLearner(t), makeLearner(t)]);
    const before = t.ctx.images.stats.started;
    const uploads = people.map((who) => upload(who, heavy).then((res) => res));
    // Once the first decode runs, health is answered while pictures are still being worked on.
    await vi.waitFor(() => expect(t.ctx.images.stats.running).toBe(1), { timeout: 60_000, interval: 5 });
    const health = await t.http.get('/api/health');
    const during = t.ctx.images.stats;
    expect(health.status).toBe(200);
    expect(during.running + during.waiting).toBeGreaterThan(0);
    const answers = await Promise.all(uploads);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(t.ctx.images.stats).toMatchObject({ running: 0, waiting: 0, peak: 1, started: before + 3 });
  });

  it('never decodes the picture of a client that went away while it waited', async () => {
    const [first, second, gone] = await Promise.all([makeLearner(t), makeLearner(t), makeLearner(t)]);
    const before = t.ctx.images.stats.started;
    const ahead = [upload(first, heavy).then((res) => res), upload(second, heavy).then((res) => res)];
    await vi.waitFor(() => expect(t.ctx.images.stats.waiting).toBe(1), { timeout: 60_000, interval: 5 });
    const abort = new AbortController();
    const form = new FormData();
    form.append('file', new Blob([heavy], { type: 'image/png' }), 'me.png');
    const leaving = fetch(`${t.baseUrl}/api/auth/profile/picture`, {
      method: 'PUT',
      headers: gone.auth,
      body: form,
      signal: abort.signal,
    }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(t.ctx.images.stats.waiting).toBe(2), { timeout: 60_000, interval: 5 });
    abort.abort();
    await leaving;
    await vi.waitFor(() => expect(t.ctx.images.stats.waiting).toBeLessThan(2), { timeout: 60_000, interval: 5 });
    expect((await Promise.all(ahead)).map((res) => res.status)).toEqual([200, 200]);
    expect(t.ctx.images.stats.started).toBe(before + 2);
    expect((await t.http.get('/api/auth/profile').set(gone.auth)).body.profilePicture).toBe('');
  });
});

describe('picture uploads per user', { timeout: 60_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { RATE_LIMIT: 'on', PICTURE_RATE_LIMIT_PER_HOUR: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are limited to PICTURE_RATE_LIMIT_PER_HOUR, refusals included, for that user only', async () => {
    const [ada, bo] = await Promise.all([makeLearner(t), makeLearner(t)]);
    const upload = (who: TestUser, bytes: Buffer) =>
      t.http.put('/api/auth/profile/picture').set(who.auth).attach('file', bytes, 'me.png');
    await upload(ada, blankPng(100_000, 10)).expect(400);
    await upload(ada, blankPng(64, 64)).expect(200);
    const refused = await upload(ada, blankPng(64, 64)).expect(429);
    expect(refused.body.message).toBe(MESSAGES.server.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await upload(bo, blankPng(64, 64)).expect(200);
  });
});
