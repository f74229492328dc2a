// Encryption of the secrets the app keeps on disk (the sign-in token) with Electron's safeStorage: the key
// lives in the OS's keychain (macOS Keychain, Windows DPAPI, the Secret Service or KWallet on Linux), so
// the token in settings.json is useless when copied off the machine. Where the OS offers no such key
// (safeStorage unavailable, or Linux falling back to its 'basic_text' backend, a password built into
// Chromium) the store keeps working in plain text, as the README says.

/** The part of Electron's safeStorage used here (the same in Electron 41 and 45). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only. */
  getSelectedStorageBackend?(): string;
}

export interface SecretBox {
  /** True when a secret can be kept encrypted with a key the OS protects. */
  canEncrypt(): boolean;
  /** The secret encrypted, as base64 (electron-store keeps JSON); null when that failed. */
  encrypt(plainText: string): string | null;
  /** The secret back from encrypt's base64; null when it cannot be read (another key, a broken value). */
  decrypt(stored: string): string | null;
}

/** Linux backends that do not protect the key: 'basic_text' is a fixed password, 'unknown' is before ready. */
const WEAK_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function safeStorageBox(safeStorage: SafeStorageLike, platform: NodeJS.Platform): SecretBox {
  return {
    canEncrypt() {
      try {
        if (!safeStorage.isEncryptionAvailable()) return false;
        if (platform !== 'linux') return true;
        const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
        return !WEAK_LINUX_BACKENDS.has(backend);
      } catch {
        return false;
      }
    },
    encrypt(plainText) {
      try {
        return safeStorage.encryptString(plainText).toString('base64');
      } catch {
        return null;
      }
    },
    decrypt(stored) {
      if (!BASE64.test(stored) || stored.length % 4 !== 0) return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        return null;
      }
    },
  };
}

/** No encryption at all: what the store does where safeStorage is not there (and in older tests). */
export const PLAIN_TEXT: SecretBox = {
  canEncrypt: () => false,
  encrypt: () => null,
  decrypt: () => null,
};
