import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness.js';
import { startS3Server } from '../../test/s3.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { FsStore } from './fsStore.js';
import { openFileStore } from './openStore.js';
import { S3Store } from './s3Store.js';
import type { FileStore } from './store.js';

// One contract, two stores: whatever a service relies on holds on local disk and on an S3-compatible
// bucket alike. The S3 store talks real HTTP to s3rver on loopback (no SDK mock), through the same
// configuration a deployment would use.

const MiB = 1024 * 1024;
const read = async (stream: Readable | null) => (stream ? Buffer.concat(await stream.toArray()) : null);

/** A body arriving in pieces, as an upload does, rather than one buffer. */
const bodyOf = (bytes: Buffer, piece = MiB) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
    })(),
  );

/** A body that fails after `bytes` bytes, as when the client's connection drops mid-upload. */
const failingBody = (bytes: number) =>
  Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += MiB) yield randomBytes(Math.min(MiB, bytes - sent));
      throw new Error('client went away');
    })(),
  );

/** A body destroyed without an error after `bytes` bytes (an aborted request stream does this). */
const destroyedBody = (bytes: number) => {
  const body = new PassThrough();
  void (async () => {
    for (let sent = 0; sent < bytes; sent += MiB) {
      if (!body.write(randomBytes(Math.min(MiB, bytes - sent)))) await new Promise((r) => body.once('drain', r));
    }
    body.destroy();
  })();
  return body;
};

interface Subject {
  store: FileStore;
  /** Temporary files a store left behind (only the fs store makes any). */
  leftovers(): string[];
  close(): Promise<void>;
}

const subjects: Record<string, () => Promise<Subject>> = {
  fs: async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-files-'));
    const store = openFileStore(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }), createLogger('silent'));
    expect(store).toBeInstanceOf(FsStore);
    const filesDir = path.join(dir, 'files');
    return {
      store,
      leftovers: () =>
        existsSync(filesDir)
          ? readdirSync(filesDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.includes('.partial'))
          : [],
      close: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  s3: async () => {
    const server = await startS3Server();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-s3-data-'));
    const store = openFileStore(
      loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), ...server.env }),
      createLogger('silent'),
    );
    expect(store).toBeInstanceOf(S3Store);
    return {
      store,
      leftovers: () => [],
      close: async () => {
        await store.close();
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

describe.each(Object.keys(subjects))('the %s file store', { timeout: 60_000 }, (kind) => {
  let subject: Subject;
  let store: FileStore;
  beforeAll(async () => {
    subject = await (subjects[kind] as () => Promise<Subject>)();
    store = subject.store;
  });
  afterAll(() => subject?.close());

  it('says which kind it is', () => {
    expect(store.kind).toBe(kind);
  });

  it('gives back the bytes it was given, small and large (multipart on S3)', async () => {
    const small = Buffer.from('héllo, wörld\n\0\xff');
    await store.put('materials/small', bodyOf(small), 'text/plain');
    expect(await read(await store.get('materials/small'))).toEqual(small);

    const large = randomBytes(6 * MiB + 123);
    await store.put('materials/large-0a1b', bodyOf(large, 256 * 1024), 'application/octet-stream');
    expect((await read(await store.get('materials/large-0a1b')))?.equals(large)).toBe(true);

    const empty = Buffer.alloc(0);
    await store.put('avatars/empty', bodyOf(empty), 'image/png');
    expect(await read(await store.get('avatars/empty'))).toEqual(empty);
  });

  it('reads byte ranges, both ends included', async () => {
    const bytes = randomBytes(6 * MiB + 7);
    await store.put('materials/ranged', bodyOf(bytes), 'application/pdf');
    const last = bytes.length - 1;
    const cases: [number, number][] = [
      [0, 0],
      [0, 99],
      [1000, 2000],
      [5 * MiB - 10, 5 * MiB + 10], // across the first part's end on S3
      [last, last],
      [last - 5, last],
      [0, last],
    ];
    for (const [start, end] of cases) {
      expect(
        (await read(await store.get('materials/ranged', { start, end })))?.equals(bytes.subarray(start, end + 1)),
      ).toBe(true);
    }
    await expect(store.get('materials/ranged', { start: 5, end: 4 })).rejects.toThrow(RangeError);
    // Past the end: clipped, or no bytes at all (the HTTP layer answers 416 from the size it knows).
    expect((await read(await store.get('materials/ranged', { start: last - 1, end: last + 100 })))?.length).toBe(2);
    expect((await read(await store.get('materials/ranged', { start: last + 1, end: last + 100 })))?.length).toBe(0);
    await store.put('materials/empty-ranged', bodyOf(Buffer.alloc(0)), 'text/plain');
    expect((await read(await store.get('materials/empty-ranged', { start: 0, end: 0 })))?.length).toBe(0);
  });

  it('answers null for a missing file, and for a deleted one; deleting what is missing is fine', async () => {
    expect(await store.get('materials/never-written')).toBeNull();
    expect(await store.get('materials/never-written', { start: 0, end: 10 })).toBeNull();
    await store.put('materials/doomed', bodyOf(Buffer.from('bye')), 'text/plain');
    await store.delete('materials/doomed');
    expect(await store.get('materials/doomed')).toBeNull();
    await store.delete('materials/doomed');
    await store.delete('nowhere/at-all');
    // A prefix of existing keys is not a file either.
    expect(await store.get('materials')).toBeNull();
  });

  it('replaces what a key held', async () => {
    await store.put('avatars/replaced', bodyOf(Buffer.from('first, longer version')), 'text/plain');
    await store.put('avatars/replaced', bodyOf(Buffer.from('second')), 'text/plain');
    expect((await read(await store.get('avatars/replaced')))?.toString()).toBe('second');
  });

  it('rejects a body that fails part-way, small or multipart, and leaves nothing under the key', async () => {
    for (const bytes of [MiB, 7 * MiB]) {
      const key = `materials/failed-${bytes}`;
      await expect(store.put(key, failingBody(bytes), 'application/pdf')).rejects.toThrow('client went away');
      expect(await store.get(key)).toBeNull();
    }
    for (const bytes of [MiB, 7 * MiB]) {
      const key = `materials/destroyed-${bytes}`;
      await expect(store.put(key, destroyedBody(bytes), 'application/pdf')).rejects.toThrow();
      expect(await store.get(key)).toBeNull();
    }
    expect(subject.leftovers()).toEqual([]);
  });

  it('keeps the previous file when a replacement fails', async () => {
    await store.put('materials/kept', bodyOf(Buffer.from('the good one')), 'text/plain');
    await expect(store.put('materials/kept', failingBody(6 * MiB), 'text/plain')).rejects.toThrow('client went away');
    expect((await read(await store.get('materials/kept')))?.toString()).toBe('the good one');
    expect(subject.leftovers()).toEqual([]);
  });

  it('refuses keys that are not lowercase segments: never a path from a user', async () => {
    for (const key of ['../x', 'a/../../b', '/etc/passwd', 'a//b', 'a/', '', 'A', 'a b', 'a/./b', '.partial', 'a\\b']) {
      const body = bodyOf(Buffer.from('x'));
      await expect(store.put(key, body, 'text/plain'), key).rejects.toThrow(/Invalid file key/);
      expect(body.destroyed, key).toBe(true);
      await expect(store.get(key), key).rejects.toThrow(/Invalid file key/);
      await expect(store.delete(key), key).rejects.toThrow(/Invalid file key/);
    }
  });
});

describe('the fs store on disk', () => {
  it('keeps a key as a path below its folder, and writes nothing outside it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-files-'));
    try {
      const root = path.join(dir, 'files');
      const store = new FsStore(root);
      await store.put('materials/0f8e-4c2a', bodyOf(Buffer.from('pdf')), 'application/pdf');
      expect(readdirSync(root, { recursive: true })).toEqual(['materials', path.join('materials', '0f8e-4c2a')]);
      await expect(store.put('../escaped', bodyOf(Buffer.from('x')), 'text/plain')).rejects.toThrow();
      expect(readdirSync(dir)).toEqual(['files']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the fs store at start', () => {
  it('removes the temporary files a killed process left (empty ones too), in every folder, and nothing else', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-files-'));
    try {
      const store = new FsStore(dir);
      await store.put('avatars/kept', bodyOf(Buffer.from('webp')), 'image/webp');
      await store.put('materials/kept', bodyOf(Buffer.from('pdf')), 'application/pdf');
      writeFileSync(path.join(dir, 'avatars', '.0c1d.5e6f.partial'), '');
      writeFileSync(path.join(dir, 'materials', '.9a8b.7c6d.partial'), 'half a file');
      expect(await store.removeLeftovers()).toBe(2);
      expect(readdirSync(dir, { recursive: true }).sort()).toEqual(
        ['avatars', path.join('avatars', 'kept'), 'materials', path.join('materials', 'kept')].sort(),
      );
      expect(await new FsStore(path.join(dir, 'none-yet')).removeLeftovers()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a test server's context", () => {
  it('stores files in an fs store under its own temporary DATA_DIR, removed with it', async () => {
    const t = await startTestServer();
    const { storage } = t.ctx.config;
    expect(t.ctx.files.kind).toBe('fs');
    expect(storage.kind === 'fs' && path.dirname(storage.dir)).toBe(t.ctx.config.dataDir);
    await t.ctx.files.put('materials/harness', bodyOf(Buffer.from('x')), 'text/plain');
    expect(existsSync(path.join(t.ctx.config.dataDir, 'files', 'materials', 'harness'))).toBe(true);
    await t.close();
    expect(existsSync(t.ctx.config.dataDir)).toBe(false);
  });
});
