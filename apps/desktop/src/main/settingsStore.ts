import { isValidStoredValue, STORED_KEYS, type StoredKey } from '../shared/bridge';
import { normalizeServerUrl } from './serverAddress';

// What the desktop app keeps between runs, in electron-store (a JSON file in the user data folder): the
// UI's token and theme, the server address and the window's place. Every read is checked, since the
// file can be edited by hand or left by an older version: a value that does not pass reads as unset.

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

const KEYS = { serverUrl: 'serverUrl', window: 'window', stored: (key: StoredKey) => `ui.${key}` } as const;

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
  constructor(private readonly store: KeyValueStore) {}

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
    if (this.serverUrl() !== normalized.serverUrl) this.store.delete(KEYS.stored('token'));
    this.store.set(KEYS.serverUrl, normalized.serverUrl);
  }

  /** The UI's stored values that pass their rule (see isValidStoredValue). */
  stored(): Partial<Record<StoredKey, string>> {
    const values: Partial<Record<StoredKey, string>> = {};
    for (const key of STORED_KEYS) {
      const value = this.store.get(KEYS.stored(key));
      if (isValidStoredValue(key, value)) values[key] = value;
    }
    return values;
  }

  setStored(key: StoredKey, value: string): void {
    if (!isValidStoredValue(key, value)) throw new Error(`Refusing to store an invalid ${key}`);
    this.store.set(KEYS.stored(key), value);
  }

  removeStored(key: StoredKey): void {
    this.store.delete(KEYS.stored(key));
  }

  windowBounds(): WindowBounds | null {
    return parseBounds(this.store.get(KEYS.window));
  }

  setWindowBounds(bounds: WindowBounds): void {
    const checked = parseBounds(bounds);
    if (checked) this.store.set(KEYS.window, checked);
  }
}
