import { isValidStoredValue, STORED_KEYS, type StoredKey } from '../shared/bridge';
import { PLAIN_TEXT, type SecretBox } from './secretBox';
import { normalizeServerUrl } from './serverAddress';

// What the desktop app keeps between runs, in electron-store (a JSON file in the user data folder): the
// UI's token and theme, the server address and the window's place. Every read is checked, since the
// file can be edited by hand or left by an older version: a value that does not pass reads as unset.
// The token is kept encrypted with safeStorage (secretBox.ts) under ui.tokenEncrypted where the OS
// offers a protected key, and in plain text under ui.token where it does not; a plain token left by an
// earlier version is encrypted the first time it is read.

/** The part of electron-store used here (so tests can pass a Map-backed fake). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized: boolean;
}

const KEYS = {
  serverUrl: 'serverUrl',
  window: 'window',
  stored: (key: StoredKey) => `ui.${key}`,
  encryptedToken: 'ui.tokenEncrypted',
} as const;

function isFiniteInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1_000_000;
}

function parseBounds(value: unknown): WindowBounds | null {
  if (typeof value !== 'object' || value === null) return null;
  const { x, y, width, height, maximized } = value as Record<string, unknown>;
  if (!isFiniteInt(x) || !isFiniteInt(y) || !isFiniteInt(width) || !isFiniteInt(height)) return null;
  if (width <= 0 || height <= 0) return null;
  return { x, y, width, height, maximized: maximized === true };
}

export class SettingsStore {
  constructor(
    private readonly store: KeyValueStore,
    private readonly secrets: SecretBox = PLAIN_TEXT,
  ) {}

  serverUrl(): string | null {
    const saved = normalizeServerUrl(this.store.get(KEYS.serverUrl));
    return saved.ok ? saved.serverUrl : null;
  }

  /**
   * Saves a checked address. Moving to another server signs out: the token belongs to the server that
   * issued it, and must never be sent to a different one.
   */
  setServerUrl(serverUrl: string): void {
    const normalized = normalizeServerUrl(serverUrl);
    if (!normalized.ok) throw new Error(`Refusing to save server address: ${normalized.message}`);
    if (this.serverUrl() !== normalized.serverUrl) this.removeStored('token');
    this.store.set(KEYS.serverUrl, normalized.serverUrl);
  }

  /** The UI's stored values that pass their rule (see isValidStoredValue). */
  stored(): Partial<Record<StoredKey, string>> {
    const values: Partial<Record<StoredKey, string>> = {};
    for (const key of STORED_KEYS) {
      const value = key === 'token' ? this.readToken() : this.store.get(KEYS.stored(key));
      if (isValidStoredValue(key, value)) values[key] = value;
    }
    return values;
  }

  setStored(key: StoredKey, value: string): void {
    if (!isValidStoredValue(key, value)) throw new Error(`Refusing to store an invalid ${key}`);
    if (key === 'token') this.writeToken(value);
    else this.store.set(KEYS.stored(key), value);
  }

  removeStored(key: StoredKey): void {
    this.store.delete(KEYS.stored(key));
    if (key === 'token') this.store.delete(KEYS.encryptedToken);
  }

  private readToken(): string | undefined {
    const encrypted = this.store.get(KEYS.encryptedToken);
    if (encrypted !== undefined) {
      // Kept encrypted: readable only with the OS's key (not after the keyring is gone: sign in again).
      if (typeof encrypted !== 'string' || !this.secrets.canEncrypt()) return undefined;
      return this.secrets.decrypt(encrypted) ?? undefined;
    }
    const plain = this.store.get(KEYS.stored('token'));
    if (!isValidStoredValue('token', plain)) return undefined;
    // A plain token: left by an earlier version, or saved while encryption was unavailable.
    if (this.secrets.canEncrypt()) this.writeToken(plain);
    return plain;
  }

  private writeToken(token: string): void {
    const encrypted = this.secrets.canEncrypt() ? this.secrets.encrypt(token) : null;
    if (encrypted !== null) {
      // The encrypted copy first, then the plain one goes: a crash in between loses nothing.
      this.store.set(KEYS.encryptedToken, encrypted);
      this.store.delete(KEYS.stored('token'));
    } else {
      this.store.set(KEYS.stored('token'), token);
      this.store.delete(KEYS.encryptedToken);
    }
  }

  windowBounds(): WindowBounds | null {
    return parseBounds(this.store.get(KEYS.window));
  }

  setWindowBounds(bounds: WindowBounds): void {
    const checked = parseBounds(bounds);
    if (checked) this.store.set(KEYS.window, checked);
  }
}
