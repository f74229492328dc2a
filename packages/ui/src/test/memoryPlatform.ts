import type { Platform } from '../platform/platform';

/**
 * A Platform whose storage is a Map, for tests; `opened` records what openExternal (or a pending tab's `go`)
 * was asked to open, `pending` the tabs openExternalLater opened and whether each was sent or cancelled.
 */
export function memoryPlatform(
  initial: Record<string, string> = {},
): Platform & { opened: string[]; pending: { state: 'waiting' | 'sent' | 'cancelled' }[] } {
  const values = new Map(Object.entries(initial));
  const opened: string[] = [];
  const pending: { state: 'waiting' | 'sent' | 'cancelled' }[] = [];
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
    openExternalLater: () => {
      const tab: { state: 'waiting' | 'sent' | 'cancelled' } = { state: 'waiting' };
      pending.push(tab);
      return {
        go: (url) => {
          tab.state = 'sent';
          opened.push(url);
        },
        cancel: () => {
          tab.state = 'cancelled';
        },
      };
    },
    opened,
    pending,
  };
}
