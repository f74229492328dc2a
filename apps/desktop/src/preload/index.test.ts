import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_GLOBAL, CHANNELS, type DesktopBridge } from '../shared/bridge';

// The preload runs against Electron's contextBridge and ipcRenderer, which exist only inside Electron:
// here they are stand-ins that record what the preload exposes and which channels its calls invoke.
const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoked: [] as unknown[][],
  listeners: new Map<string, (event: unknown, ...args: unknown[]) => void>(),
}));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => electron.exposed.set(name, api) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      electron.invoked.push(args);
    },
    on: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) =>
      electron.listeners.set(channel, listener),
    removeListener: (channel: string) => electron.listeners.delete(channel),
  },
}));

describe('the preload', () => {
  beforeEach(() => {
    electron.invoked.length = 0;
  });

  async function bridge(): Promise<DesktopBridge> {
    await import('./index');
    return electron.exposed.get(BRIDGE_GLOBAL) as DesktopBridge;
  }

  it('sends a notification over its own channel, with the title and body only', async () => {
    await (await bridge()).notify('Mentora', '2 reports waiting');
    expect(electron.invoked).toEqual([[CHANNELS.notify, 'Mentora', '2 reports waiting']]);
  });

  it('sets the badge count over its own channel', async () => {
    await (await bridge()).setBadgeCount(0);
    expect(electron.invoked).toEqual([[CHANNELS.setBadgeCount, 0]]);
  });

  it('opens a download by its id over its own channel', async () => {
    await (await bridge()).openDownload('00000000-0000-4000-8000-000000000000');
    expect(electron.invoked).toEqual([[CHANNELS.openDownload, '00000000-0000-4000-8000-000000000000']]);
  });

  it('forwards a finished download to the page without the IPC event, and drops malformed ones', async () => {
    const seen: unknown[] = [];
    const unsubscribe = (await bridge()).onDownloadDone((done) => seen.push(done));
    const forward = electron.listeners.get(CHANNELS.downloadDone);
    const done = { id: '00000000-0000-4000-8000-000000000000', fileName: 'notes.md', url: 'blob:app://mentora/x' };
    forward?.({ sender: 'the IPC event' }, { ...done, extra: 'dropped' });
    forward?.({}, { id: '/etc/passwd', fileName: 'x', url: 'y' });
    forward?.({}, null);
    expect(seen).toEqual([done]);
    unsubscribe();
    expect(electron.listeners.has(CHANNELS.downloadDone)).toBe(false);
  });
});
