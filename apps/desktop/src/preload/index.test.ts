import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_GLOBAL, CHANNELS, type DesktopBridge } from '../shared/bridge';

// The preload runs against Electron's contextBridge and ipcRenderer, which exist only inside Electron:
// here they are stand-ins that record what the preload exposes and which channels its calls invoke.
const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoked: [] as unknown[][],
}));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => electron.exposed.set(name, api) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      electron.invoked.push(args);
    },
    on: () => {},
    removeListener: () => {},
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
});
