import { describe, expect, it } from 'vitest';
import { FakeSafeStorage, MemoryStore } from '../../test/fakeElectron';
import { safeStorageBox } from './secretBox';
import { SettingsStore } from './settingsStore';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('SettingsStore', () => {
  it('starts empty: no server address, nothing stored, no window place', () => {
    const settings = new SettingsStore(new MemoryStore());
    expect(settings.serverUrl()).toBeNull();
    expect(settings.stored()).toEqual({});
    expect(settings.windowBounds()).toBeNull();
  });

  it('keeps the token and the theme, and forgets them on request', () => {
    const settings = new SettingsStore(new MemoryStore());
    settings.setStored('token', TOKEN);
    settings.setStored('theme', 'dark');
    expect(settings.stored()).toEqual({ token: TOKEN, theme: 'dark' });
    settings.removeStored('token');
    expect(settings.stored()).toEqual({ theme: 'dark' });
  });

  it('refuses values their rule rejects', () => {
    const settings = new SettingsStore(new MemoryStore());
    expect(() => settings.setStored('theme', 'purple')).toThrow(/invalid theme/);
    expect(() => settings.setStored('token', 'has space')).toThrow(/invalid token/);
    expect(() => settings.setStored('token', 'x'.repeat(5000))).toThrow(/invalid token/);
    expect(settings.stored()).toEqual({});
  });

  it('reads a hand-edited or broken file as unset, value by value', () => {
    const file = new MemoryStore();
    file.set('ui.token', 42);
    file.set('ui.theme', 'dark');
    file.set('serverUrl', 'ftp://files.example');
    file.set('window', { x: 1, y: 2, width: -5, height: 100 });
    const settings = new SettingsStore(file);
    expect(settings.stored()).toEqual({ theme: 'dark' });
    expect(settings.serverUrl()).toBeNull();
    expect(settings.windowBounds()).toBeNull();
  });

  it('saves a server address in its normal form', () => {
    const settings = new SettingsStore(new MemoryStore());
    settings.setServerUrl('https://mentora.example.com/');
    expect(settings.serverUrl()).toBe('https://mentora.example.com');
  });

  it('signs out when the server changes (the token belongs to the old one), not when it stays', () => {
    const settings = new SettingsStore(new MemoryStore());
    settings.setServerUrl('http://localhost:3000');
    settings.setStored('token', TOKEN);
    settings.setStored('theme', 'light');
    settings.setServerUrl('http://localhost:3000/');
    expect(settings.stored()).toEqual({ token: TOKEN, theme: 'light' });
    settings.setServerUrl('https://other.example');
    expect(settings.stored()).toEqual({ theme: 'light' });
  });

  it('refuses to save an address that does not pass the rules', () => {
    const settings = new SettingsStore(new MemoryStore());
    expect(() => settings.setServerUrl('javascript:alert(1)')).toThrow(/Refusing/);
    expect(settings.serverUrl()).toBeNull();
  });

  it('remembers the window place', () => {
    const settings = new SettingsStore(new MemoryStore());
    settings.setWindowBounds({ x: -1200, y: 40, width: 1000, height: 700, maximized: true });
    expect(settings.windowBounds()).toEqual({ x: -1200, y: 40, width: 1000, height: 700, maximized: true });
  });

  describe('the token with safeStorage', () => {
    const setup = (platform: NodeJS.Platform = 'darwin') => {
      const file = new MemoryStore();
      const safeStorage = new FakeSafeStorage();
      const settings = new SettingsStore(file, safeStorageBox(safeStorage, platform));
      return { file, safeStorage, settings };
    };
    const fileText = (file: MemoryStore) => JSON.stringify([...file.data]);

    it('keeps the token encrypted (base64) where the OS offers a key, never in plain text', () => {
      const { file, settings } = setup();
      settings.setStored('token', TOKEN);
      settings.setStored('theme', 'dark');
      expect(fileText(file)).not.toContain(TOKEN);
      expect(file.data.has('ui.token')).toBe(false);
      expect(file.get('ui.tokenEncrypted')).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(settings.stored()).toEqual({ token: TOKEN, theme: 'dark' });
      // A new run (a new store over the same file) reads it back.
      expect(new SettingsStore(file, safeStorageBox(new FakeSafeStorage(), 'darwin')).stored().token).toBe(TOKEN);
    });

    it('encrypts a plain token left by the previous version the first time it is read', () => {
      const { file, settings } = setup();
      file.set('ui.token', TOKEN);
      expect(settings.stored()).toEqual({ token: TOKEN });
      expect(file.data.has('ui.token')).toBe(false);
      expect(fileText(file)).not.toContain(TOKEN);
      expect(settings.stored()).toEqual({ token: TOKEN });
    });

    it('signs out completely: the encrypted token goes on removal and on a change of server', () => {
      const { file, settings } = setup();
      settings.setServerUrl('http://localhost:3000');
      settings.setStored('token', TOKEN);
      settings.removeStored('token');
      expect(file.data.has('ui.tokenEncrypted')).toBe(false);
      settings.setStored('token', TOKEN);
      settings.setServerUrl('https://other.example');
      expect(file.data.has('ui.tokenEncrypted')).toBe(false);
      expect(settings.stored()).toEqual({});
    });

    it('keeps working in plain text where encryption is unavailable (and Linux basic_text)', () => {
      for (const [available, backend] of [
        [false, 'gnome_libsecret'],
        [true, 'basic_text'],
      ] as const) {
        const { file, safeStorage, settings } = setup('linux');
        safeStorage.available = available;
        safeStorage.backend = backend;
        settings.setStored('token', TOKEN);
        expect(file.get('ui.token')).toBe(TOKEN);
        expect(file.data.has('ui.tokenEncrypted')).toBe(false);
        expect(settings.stored()).toEqual({ token: TOKEN });
      }
    });

    it('keeps plain text when encrypting fails, rather than losing the sign-in', () => {
      const { file, safeStorage, settings } = setup();
      safeStorage.failEncrypt = true;
      settings.setStored('token', TOKEN);
      expect(file.get('ui.token')).toBe(TOKEN);
      expect(settings.stored()).toEqual({ token: TOKEN });
    });

    it('reads an encrypted token it cannot decrypt (keyring gone, another key, a broken value) as signed out', () => {
      const { file, safeStorage, settings } = setup();
      settings.setStored('token', TOKEN);
      safeStorage.available = false;
      expect(settings.stored()).toEqual({});
      const otherMachine = new SettingsStore(file, safeStorageBox(new FakeSafeStorage(0x33), 'darwin'));
      expect(otherMachine.stored()).toEqual({});
      file.set('ui.tokenEncrypted', 12);
      safeStorage.available = true;
      expect(settings.stored()).toEqual({});
      // Signing in again replaces it.
      settings.setStored('token', TOKEN);
      expect(settings.stored()).toEqual({ token: TOKEN });
    });

    it('never returns a decrypted value that fails the token rule', () => {
      const { file, safeStorage, settings } = setup();
      file.set('ui.tokenEncrypted', safeStorage.encryptString('x'.repeat(5000)).toString('base64'));
      expect(settings.stored()).toEqual({});
    });
  });
});
