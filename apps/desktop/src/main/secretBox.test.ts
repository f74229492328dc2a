import { describe, expect, it } from 'vitest';
import { FakeSafeStorage } from '../../test/fakeElectron';
import { PLAIN_TEXT, safeStorageBox } from './secretBox';

describe('safeStorageBox', () => {
  it('encrypts to base64 that holds no plain text, and decrypts it back', () => {
    const box = safeStorageBox(new FakeSafeStorage(), 'darwin');
    const stored = box.encrypt('secret-token');
    expect(stored).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(String(stored), 'base64').toString('latin1')).not.toContain('secret-token');
    expect(box.decrypt(String(stored))).toBe('secret-token');
  });

  it('can encrypt on macOS and Windows whenever safeStorage can', () => {
    const safeStorage = new FakeSafeStorage();
    expect(safeStorageBox(safeStorage, 'darwin').canEncrypt()).toBe(true);
    expect(safeStorageBox(safeStorage, 'win32').canEncrypt()).toBe(true);
    safeStorage.available = false;
    expect(safeStorageBox(safeStorage, 'darwin').canEncrypt()).toBe(false);
    expect(safeStorageBox(safeStorage, 'win32').canEncrypt()).toBe(false);
  });

  it('on Linux, only with a keyring: not with the basic_text fallback (a fixed password) or before ready', () => {
    const safeStorage = new FakeSafeStorage();
    for (const backend of ['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'] as const) {
      safeStorage.backend = backend;
      expect(safeStorageBox(safeStorage, 'linux').canEncrypt(), backend).toBe(true);
    }
    for (const backend of ['basic_text', 'unknown'] as const) {
      safeStorage.backend = backend;
      expect(safeStorageBox(safeStorage, 'linux').canEncrypt(), backend).toBe(false);
    }
  });

  it('reads what it cannot decrypt as nothing, without throwing', () => {
    const box = safeStorageBox(new FakeSafeStorage(), 'darwin');
    const otherKey = String(safeStorageBox(new FakeSafeStorage(0x33), 'darwin').encrypt('secret-token'));
    expect(box.decrypt(otherKey)).toBeNull();
    expect(box.decrypt('not base64!')).toBeNull();
    expect(box.decrypt(Buffer.from('plain').toString('base64'))).toBeNull();
    const failing = new FakeSafeStorage();
    failing.failEncrypt = true;
    expect(safeStorageBox(failing, 'darwin').encrypt('secret-token')).toBeNull();
  });

  it('PLAIN_TEXT never encrypts', () => {
    expect(PLAIN_TEXT.canEncrypt()).toBe(false);
    expect(PLAIN_TEXT.encrypt('x')).toBeNull();
  });
});
