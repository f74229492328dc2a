import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../test/fakeElectron';
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
});
