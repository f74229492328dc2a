import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { classMaterialsResponseSchema, MESSAGES } from '@mentora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrol,
  makeAdmin,
  makeClass,
  makeLearner,
  makeMaterial,
  makeVerifiedMentor,
  PDF_BYTES,
  PNG_BYTES,
  type TestUser,
} from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { startS3Server, TEST_BUCKET } from '../../test/s3.js';
import { openReadyStream } from '../../test/sse.js';
import { auditLog, type ClassRow, classMaterials, jobs } from '../db/schema.js';

// Class materials (issue #26) on a real server and database, once with each file store: uploads
// streamed into the store with their type read from their bytes, the list, downloads (attachment,
// nosniff, sandboxing CSP, ETag, ranges), renaming and deleting, the per-file limit and the class's
// quota, and files deleted with their row, class or mentor.

const MB = 1024 * 1024;
const read = async (stream: NodeJS.ReadableStream | null) =>
  stream ? Buffer.concat(await (stream as import('node:stream').Readable).toArray()) : null;

/** A Windows program: what a renamed .exe starts with. */
const EXE_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);

/** The answer's body as the bytes sent, whatever their type. */
const asBytes = (request: import('supertest').Test) =>
  request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe.each(['fs', 's3'] as const)('class materials in the %s store', { timeout: 120_000 }, (storage) => {
  let t: TestServer;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let mentor: TestUser;
  let learner: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let cls: ClassRow;

  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    // A small quota, so that filling it takes a few small files.
    t = await startTestServer({ env: { ...s3?.env, CLASS_STORAGE_MAX_MB: '1' } });
    mentor = await makeVerifiedMentor(t);
    learner = await makeLearner(t);
    outsider = await makeLearner(t);
    admin = await makeAdmin(t);
    cls = await makeClass(t, mentor, { title: 'Pottery' });
    await enrol(t, cls, learner);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (who: TestUser, bytes: Buffer, name: string, classId = cls.id) =>
    t.http.post(`/api/classes/${classId}/materials`).set(who.auth).attach('file', bytes, name);
  const keyOf = async (id: string) =>
    (await t.ctx.db.select().from(classMaterials).where(eq(classMaterials.id, id)))[0]?.storageKey as string;
  /** Every file in the store (fs: below DATA_DIR/files; s3: s3rver's objects) that no material names. */
  const leftovers = async () => {
    const root = s3 ? path.join(s3.dir, TEST_BUCKET) : path.join(t.ctx.config.dataDir, 'files');
    const suffix = s3 ? '._S3rver_object' : '';
    const stored = existsSync(root)
      ? readdirSync(root, { recursive: true, encoding: 'utf8' })
          .filter((name) => statSync(path.join(root, name)).isFile() && name.endsWith(suffix))
          .map((name) => name.slice(0, name.length - suffix.length))
      : [];
    const named = new Set((await t.ctx.db.select().from(classMaterials)).map((m) => m.storageKey));
    return stored.filter((key) => !named.has(key));
  };
  /** Bytes in files the fs store is still writing. */
  const partialBytes = () => {
    const root = path.join(t.ctx.config.dataDir, 'files');
    if (!existsSync(root)) return 0;
    return readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.partial'))
      .reduce((sum, name) => sum + statSync(path.join(root, name)).size, 0);
  };
  const freshClass = async () => {
    const c = await makeClass(t, mentor);
    await enrol(t, c, learner);
    return c;
  };

  it('uploads a file its mentor sends, lists it to members, and streams it back byte for byte', async () => {
    const c = await freshClass();
    const res = await upload(mentor, PDF_BYTES, 'Week 1 – slides.pdf', c.id).expect(201);
    expect(res.body.material).toEqual({
      _id: expect.any(String),
      name: 'Week 1 – slides.pdf',
      size: PDF_BYTES.length,
      type: 'application/pdf',
      createdAt: expect.any(String),
    });
    expect(await t.ctx.files.get(await keyOf(res.body.material._id)).then(read)).toEqual(PDF_BYTES);

    for (const who of [learner, mentor, admin]) {
      const list = classMaterialsResponseSchema.parse(
        (await t.http.get(`/api/classes/${c.id}/materials`).set(who.auth).expect(200)).body,
      );
      expect(list.materials.map((m) => m._id)).toEqual([res.body.material._id]);
      expect(list).toMatchObject({ usedBytes: PDF_BYTES.length, quotaBytes: 1 * MB });
    }
    await t.http.get(`/api/classes/${c.id}/materials`).set(outsider.auth).expect(403);

    const download = await asBytes(
      t.http.get(`/api/materials/${res.body.material._id}/download`).set(learner.auth),
    ).expect(200);
    expect(download.body).toEqual(PDF_BYTES);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Week 1 ? slides.pdf"; filename*=UTF-8''Week%201%20%E2%80%93%20slides.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['cache-control']).toBe('private, no-cache');
    expect(download.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);

    // A browser's revalidation, and a resumed download.
    const path = `/api/materials/${res.body.material._id}/download`;
    await t.http.get(path).set(learner.auth).set('If-None-Match', String(download.headers.etag)).expect(304);
    const part = await asBytes(t.http.get(path).set(learner.auth).set('Range', 'bytes=0-3')).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${PDF_BYTES.length}`);
    expect(part.body.toString()).toBe('%PDF');
    const tail = await asBytes(t.http.get(path).set(learner.auth).set('Range', 'bytes=-6')).expect(206);
    expect(tail.body.toString()).toBe('%%EOF\n');
    const outside = await t.http.get(path).set(learner.auth).set('Range', `bytes=${PDF_BYTES.length}-`).expect(416);
    expect(outside.body.message).toBe(MESSAGES.materials.badRange);
    expect(outside.headers['content-range']).toBe(`bytes */${PDF_BYTES.length}`);
    // An invalid range (the last byte before the first, not bytes, no numbers) is ignored, as RFC 9110
    // says: the whole file. Several valid ranges of which none lies in the file are still a 416.
    for (const invalid of ['bytes=5-2', 'bytes=0-3,9-1', 'bytes=abc', 'lines=1-2', 'bytes=-']) {
      const whole = await asBytes(t.http.get(path).set(learner.auth).set('Range', invalid));
      expect(whole.status, invalid).toBe(200);
      expect((whole.body as Buffer).equals(PDF_BYTES), invalid).toBe(true);
      expect(whole.headers['content-range'], invalid).toBeUndefined();
    }
    const past = `bytes=${PDF_BYTES.length}-,${PDF_BYTES.length + 5}-${PDF_BYTES.length + 9}`;
    await t.http.get(path).set(learner.auth).set('Range', past).expect(416);
    // A range of other bytes than these (If-Range names another version) gets the whole file.
    const stale = await t.http.get(path).set(learner.auth).set('Range', 'bytes=0-3').set('If-Range', '"other"');
    expect(stale.status).toBe(200);

    await t.http.get(path).set(outsider.auth).expect(403);
    await t.http.get(path).expect(401);
  });

  it('decides the type from the content: a renamed .exe and unknown bytes are refused with 415', async () => {
    const c = await freshClass();
    const exe = await upload(mentor, EXE_BYTES, 'syllabus.pdf', c.id).expect(415);
    expect(exe.body.message).toBe(MESSAGES.materials.refusedType);
    await upload(mentor, Buffer.from([0, 1, 2, 3, 0, 255, 254]), 'data.txt', c.id).expect(415);
    const png = await upload(mentor, PNG_BYTES, 'diagram.pdf', c.id).expect(201);
    expect(png.body.material).toMatchObject({ name: 'diagram.pdf', type: 'image/png' });
    const md = await upload(mentor, Buffer.from('# Week 1\n\nBring clay.\n'), 'notes.md', c.id).expect(201);
    expect(md.body.material.type).toBe('text/markdown');
    // Refused uploads left nothing: the class has the two accepted files.
    const list = (await t.http.get(`/api/classes/${c.id}/materials`).set(mentor.auth).expect(200)).body;
    // Newest first.
    expect(list.materials.map((m: { name: string }) => m.name)).toEqual(['notes.md', 'diagram.pdf']);
    expect(await leftovers()).toEqual([]);
  });

  it('never serves an SVG with script or an HTML polyglot as something a browser would run', async () => {
    const c = await freshClass();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"></svg>');
    const svgUp = await upload(mentor, svg, 'logo.svg', c.id).expect(201);
    expect(svgUp.body.material.type).toBe('text/plain');
    const polyglot = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><script>alert(1)</script></html>')]);
    const gifUp = await upload(mentor, polyglot, 'page.html', c.id).expect(201);
    expect(gifUp.body.material.type).toBe('image/gif');
    for (const [id, type] of [
      [svgUp.body.material._id, 'text/plain; charset=utf-8'],
      [gifUp.body.material._id, 'image/gif'],
    ]) {
      const res = await t.http.get(`/api/materials/${id}/download`).set(learner.auth).expect(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('keeps a name for display only: a path is cut to its last part', async () => {
    const c = await freshClass();
    const res = await upload(mentor, PDF_BYTES, '../../etc/passwd.pdf', c.id).expect(201);
    expect(res.body.material.name).toBe('passwd.pdf');
    expect(await keyOf(res.body.material._id)).toMatch(/^materials\/[0-9a-f-]{36}$/);
    // Saved under an extension that fits what it is: text named .bat would run as a program when opened.
    const script = await upload(mentor, Buffer.from('del /q C:\\*\r\n'), 'notes.bat', c.id).expect(201);
    expect(script.body.material).toMatchObject({ name: 'notes.bat', type: 'text/plain' });
    const saved = await t.http.get(`/api/materials/${script.body.material._id}/download`).set(learner.auth).expect(200);
    expect(saved.headers['content-disposition']).toBe('attachment; filename=notes.bat.txt');
  });

  it('answers 400 for a request without a file, an empty file or a JSON body', async () => {
    const path = `/api/classes/${cls.id}/materials`;
    const none = await t.http.post(path).set(mentor.auth).field('name', 'x').expect(400);
    expect(none.body.message).toBe(MESSAGES.materials.missing);
    await t.http.post(path).set(mentor.auth).send({ file: 'x' }).expect(400);
    const empty = await upload(mentor, Buffer.alloc(0), 'empty.pdf').expect(400);
    expect(empty.body.message).toBe(MESSAGES.materials.empty);
  });

  it('lets only the class’s mentor upload and rename, and its mentor or an admin delete', async () => {
    for (const who of [learner, outsider, admin]) {
      const res = await upload(who, PDF_BYTES, 'x.pdf').expect(403);
      expect(res.body.message).toBe(MESSAGES.materials.mentorOnly);
    }
    const material = await makeMaterial(t, mentor, cls);
    for (const who of [learner, admin]) {
      await t.http.patch(`/api/materials/${material._id}`).set(who.auth).send({ name: 'y.pdf' }).expect(403);
    }
    for (const who of [learner, outsider, await makeVerifiedMentor(t)]) {
      const res = await t.http.delete(`/api/materials/${material._id}`).set(who.auth).expect(403);
      expect(res.body.message).toBe(MESSAGES.materials.mentorOnly);
    }
    const renamed = await t.http
      .patch(`/api/materials/${material._id}`)
      .set(mentor.auth)
      .send({ name: '  Final handout.pdf ' })
      .expect(200);
    expect(renamed.body.material).toMatchObject({ _id: material._id, name: 'Final handout.pdf', size: material.size });
    for (const name of ['', 'a\u0000b', 'x'.repeat(201), 42]) {
      await t.http.patch(`/api/materials/${material._id}`).set(mentor.auth).send({ name }).expect(400);
    }
    await t.http.patch('/api/materials/not-an-id').set(mentor.auth).send({ name: 'z' }).expect(404);
  });

  it('lets an admin delete one file: recorded in the audit log, its file gone, the class’s other files kept', async () => {
    const c = await freshClass();
    const unwanted = await makeMaterial(t, mentor, c, { name: 'Leaked answers.pdf' });
    const kept = await makeMaterial(t, mentor, c);
    const key = await keyOf(unwanted._id);
    const res = await t.http.delete(`/api/materials/${unwanted._id}`).set(admin.auth).expect(200);
    expect(res.body).toMatchObject({ message: MESSAGES.materials.deleted });
    await t.http.delete(`/api/materials/${unwanted._id}`).set(admin.auth).expect(404);
    const listed = (await t.http.get(`/api/classes/${c.id}/materials`).set(learner.auth).expect(200)).body;
    expect(classMaterialsResponseSchema.parse(listed).materials.map((m) => m._id)).toEqual([kept._id]);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, unwanted._id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'material_deleted',
        actorId: admin.user.id,
        targetType: 'material',
        targetName: 'Leaked answers.pdf',
        detail: `from ${c.title}`,
      }),
    ]);
    // Its mentor deleting their own file is no moderation: not in the log.
    await t.http.delete(`/api/materials/${kept._id}`).set(mentor.auth).expect(200);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, kept._id))).toEqual([]);
    await t.ctx.jobs.runDue();
    expect(await t.ctx.files.get(key)).toBeNull();
  });

  it('tells enrolled learners of a new file, and not its mentor', async () => {
    const c = await freshClass();
    await upload(mentor, PDF_BYTES, 'Reading list.pdf', c.id).expect(201);
    const bell = (await t.http.get('/api/notifications').set(learner.auth).expect(200)).body.notifications as {
      kind: string;
      message: string;
    }[];
    expect(bell[0]).toMatchObject({
      kind: 'material_added',
      message: MESSAGES.notifications.materialAdded(mentor.user.name, 'Reading list.pdf', c.title),
    });
    const own = (await t.http.get('/api/notifications').set(mentor.auth).expect(200)).body.notifications as {
      kind: string;
    }[];
    expect(own.some((n) => n.kind === 'material_added')).toBe(false);
  });

  it("withdraws a deleted file's notices, and sends the bell its new unread count (issue #37)", async () => {
    const c = await freshClass();
    const reader = await makeLearner(t);
    await enrol(t, c, reader);
    const file = (await upload(mentor, PDF_BYTES, 'diagram.pdf', c.id).expect(201)).body.material;
    const bell = async () => (await t.http.get('/api/notifications').set(reader.auth).expect(200)).body;
    const before = await bell();
    expect(before.notifications[0]).toMatchObject({ kind: 'material_added' });
    const stream = await openReadyStream(`${t.baseUrl}/api/events`, { headers: reader.auth });
    try {
      await t.http.delete(`/api/materials/${file._id}`).set(mentor.auth).expect(200);
      const after = await bell();
      expect(after.notifications.some((n: { kind: string }) => n.kind === 'material_added')).toBe(false);
      expect(after.unreadCount).toBe(before.unreadCount - 1);
      expect(JSON.parse((await stream.waitForEvent('notification.read')).data)).toEqual({
        unreadCount: after.unreadCount,
      });
    } finally {
      stream.close();
    }
    // The file goes too, so that the tests after this one find the store as they left it.
    await t.ctx.jobs.runDue();
  });

  it('streams a 60 MB upload into the store as it arrives, and refuses it past MATERIAL_MAX_MB (50) with 413, leaving nothing', async () => {
    const c = await freshClass();
    const boundary = 'mentora-big-upload';
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    let resume = () => {};
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
      );
      for (let sent = 0; sent < 60 * MB; sent += chunk.length) {
        // Halfway through 20 MB, the client waits: those bytes must already be in the store.
        if (sent === 20 * MB) await paused;
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const answer = fetch(`${t.baseUrl}/api/classes/${c.id}/materials`, {
      method: 'POST',
      headers: { ...mentor.auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: ReadableStream.from(body()),
      duplex: 'half',
    } as RequestInit);
    if (!s3) {
      // Held in memory until the end, nothing would be written yet.
      await expect.poll(() => partialBytes(), { timeout: 20_000 }).toBeGreaterThanOrEqual(19 * MB);
    }
    resume();
    const res = await answer;
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.materials.tooLarge(50));
    const list = (await t.http.get(`/api/classes/${c.id}/materials`).set(mentor.auth).expect(200)).body;
    expect(list).toMatchObject({ materials: [], usedBytes: 0 });
    expect(await leftovers()).toEqual([]);
    expect(partialBytes()).toBe(0);
  });

  it('leaves nothing behind when the client goes away half-way through an upload', async () => {
    const c = await freshClass();
    const boundary = 'mentora-cut-upload';
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const controller = new AbortController();
    let sent = 0;
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
      );
      for (; sent < 20 * MB; sent += chunk.length) {
        // The connection drops once 8 MB are on their way.
        if (sent === 8 * MB) controller.abort();
        yield chunk;
      }
    }
    await expect(
      fetch(`${t.baseUrl}/api/classes/${c.id}/materials`, {
        method: 'POST',
        headers: { ...mentor.auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body: ReadableStream.from(body()),
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit),
    ).rejects.toThrow();
    // The server notices the closed connection, stops writing and removes what it had written.
    await expect.poll(async () => [await leftovers(), partialBytes()], { timeout: 20_000 }).toEqual([[], 0]);
    const list = (await t.http.get(`/api/classes/${c.id}/materials`).set(mentor.auth).expect(200)).body;
    expect(list).toMatchObject({ materials: [], usedBytes: 0 });
  });

  it('keeps a class within its quota, even for uploads racing each other (507)', async () => {
    const c = await freshClass();
    // Four of 300 KB: three fit in 1 MB, the fourth does not, whatever order they arrive in.
    const file = (n: number) => Buffer.concat([PDF_BYTES, Buffer.alloc(300 * 1024 - PDF_BYTES.length, n)]);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => upload(mentor, file(n), `part-${n}.pdf`, c.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 507]);
    const full = answers.find((a) => a.status === 507);
    expect(full?.body.message).toBe(MESSAGES.materials.quotaFull(1));
    const list = (await t.http.get(`/api/classes/${c.id}/materials`).set(mentor.auth).expect(200)).body;
    expect(list.materials).toHaveLength(3);
    expect(list.usedBytes).toBeLessThanOrEqual(MB);
    // Full: the next is refused before its bytes are read.
    await upload(mentor, file(5), 'more.pdf', c.id).expect(507);
    expect(await leftovers()).toEqual([]);
  });

  it('deletes the file with its row: by its mentor, with its class, with its mentor’s account', async () => {
    const other = await makeVerifiedMentor(t);
    const own = await makeClass(t, other);
    const c = await freshClass();
    const byMentor = await makeMaterial(t, mentor, c);
    const withClass = await makeMaterial(t, mentor, c);
    const withAccount = await makeMaterial(t, other, own);
    const keys = [await keyOf(byMentor._id), await keyOf(withClass._id), await keyOf(withAccount._id)];
    for (const key of keys) {
      const stored = await t.ctx.files.get(key);
      expect(stored).not.toBeNull();
      stored?.destroy();
    }

    await t.http.delete(`/api/materials/${byMentor._id}`).set(mentor.auth).expect(200);
    await t.http.get(`/api/materials/${byMentor._id}/download`).set(learner.auth).expect(404);
    await t.http.delete(`/api/classes/${c.id}`).set(mentor.auth).expect(200);
    await t.http.delete(`/api/users/mentor/${other.user.id}`).set(admin.auth).expect(200);

    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'file-delete'));
    expect(queued.map((j) => (j.payload as { key: string }).key).sort()).toEqual(expect.arrayContaining(keys));
    await t.ctx.jobs.runDue();
    for (const key of keys) expect(await t.ctx.files.get(key)).toBeNull();
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'file-delete'))).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });
});
