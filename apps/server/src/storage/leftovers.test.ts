import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PDF_BYTES } from '../../test/factories/index.js';
import { createScratchPostgres, TEST_ENV, usingPostgres } from '../../test/harness.js';
import { call, type ServerProcess, spawnServer } from '../../test/processes.js';

// Issue #35: a server process killed outright (SIGKILL) while an upload was being written leaves the
// fs store's temporary file behind, which no key names; the next start removes it, and nothing else.

const ADMIN = { email: 'root@example.test', password: 'admin password 1' };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}, 60_000);

/** Every file under `root`, as paths relative to it. */
const filesUnder = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

describe('a server killed during an upload', { timeout: 180_000 }, () => {
  it('leaves a temporary file that the next start removes, keeping every stored file', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-leftovers-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const scratch = usingPostgres() ? await createScratchPostgres(process.env.DATABASE_URL as string) : undefined;
    if (scratch) cleanups.push(scratch.drop);
    const env = {
      ...TEST_ENV,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    let server: ServerProcess = await spawnServer(env);
    cleanups.push(async () => void (await server.stop()));
    const files = path.join(dataDir, 'files');

    const admin = await call<{ token: string }>(server.base, 'POST', '/api/auth/login', { body: ADMIN });
    const mentor = await call<{ _id: string; token: string }>(server.base, 'POST', '/api/auth/register', {
      body: { name: 'Mentor', email: 'mentor@example.test', password: 'long enough pw', role: 'mentor' },
    });
    await call(server.base, 'PUT', `/api/admin/verify-mentor/${mentor.body._id}`, { token: admin.body.token });
    const cls = await call<{ _id: string }>(server.base, 'POST', '/api/classes', {
      token: mentor.body.token,
      body: {
        title: 'Leftovers',
        description: 'Files',
        category: 'programming',
        contentType: 'uploadable',
        contentUrl: '',
      },
    });
    expect(cls.status).toBe(201);
    const form = new FormData();
    form.append('file', new Blob([PDF_BYTES]), 'kept.pdf');
    const kept = await fetch(`${server.base}/api/classes/${cls.body._id}/materials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mentor.body.token}` },
      body: form,
    });
    expect(kept.status).toBe(201);
    const keptPath = `/api/materials/${((await kept.json()) as { material: { _id: string } }).material._id}/download`;
    const stored = filesUnder(files);
    expect(stored).toHaveLength(1);

    // An upload that has sent its head and some bytes, and then waits: its temporary file is open.
    const boundary = 'leftover-boundary';
    const stalled = request(`${server.base}/api/classes/${cls.body._id}/materials`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${mentor.body.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(10 * 1024 * 1024),
      },
    });
    stalled.on('error', () => {});
    stalled.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    stalled.write(Buffer.alloc(64 * 1024, 0x20));
    await vi.waitFor(() => expect(filesUnder(files).some((file) => file.endsWith('.partial'))).toBe(true), {
      timeout: 60_000,
      interval: 20,
    });
    const gone = new Promise((resolve) => server.child.once('close', resolve));
    server.child.kill('SIGKILL');
    await gone;
    stalled.destroy();
    const left = filesUnder(files).filter((file) => file.endsWith('.partial'));
    expect(left).toHaveLength(1);
    expect(path.dirname(left[0] as string)).toBe('materials');

    server = await spawnServer(env);
    expect(filesUnder(files)).toEqual(stored);
    const again = await fetch(`${server.base}${keptPath}`, {
      headers: { authorization: `Bearer ${mentor.body.token}` },
    });
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  });
});
