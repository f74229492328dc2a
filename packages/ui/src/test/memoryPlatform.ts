import type { Platform } from '../platform/platform';

/** A Platform whose storage is a Map, for tests; `opened` records what openExternal was asked to open. */
export function memoryPlatform(initial: Record<string, string> = {}): Platform & { opened: string[] } {
  const values = new Map(Object.entries(initial));
  const opened: string[] = [];
  return {
    kind: 'web',
    apiBaseUrl: '/api',
    storage: {
      get: (key) => values.get(key) ?? null,
      set: (key, value) => {
        values.set(key, value);
      },
      remove: (key) => {
        values.delete(key);
      },
    },
    openExternal: (url) => {
      opened.push(url);
    },
    opened,
  };
}
