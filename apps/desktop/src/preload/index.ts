// The preload: the renderer's only way to the main process. It exposes exactly the DesktopBridge
// (src/shared/bridge.ts) on window.mentora, each call one IPC message; no Electron object, event or
// Node API reaches the page. Built as CommonJS so it runs in the sandbox.
import { contextBridge, ipcRenderer } from 'electron';
import {
  BRIDGE_GLOBAL,
  CHANNELS,
  type DesktopBridge,
  type DesktopStartup,
  type DownloadDone,
  type OpenDownloadResult,
  parseDownloadDone,
  type ServerUrlResult,
  type StoredKey,
} from '../shared/bridge';

const bridge = {
  startup: (): Promise<DesktopStartup> => ipcRenderer.invoke(CHANNELS.startup),
  setStored: (key: StoredKey, value: string): Promise<void> => ipcRenderer.invoke(CHANNELS.setStored, key, value),
  removeStored: (key: StoredKey): Promise<void> => ipcRenderer.invoke(CHANNELS.removeStored, key),
  openExternal: (url: string): Promise<boolean> => ipcRenderer.invoke(CHANNELS.openExternal, url),
  setServerUrl: (url: string): Promise<ServerUrlResult> => ipcRenderer.invoke(CHANNELS.setServerUrl, url),
  notify: (title: string, body: string): Promise<void> => ipcRenderer.invoke(CHANNELS.notify, title, body),
  setBadgeCount: (count: number): Promise<void> => ipcRenderer.invoke(CHANNELS.setBadgeCount, count),
  onShowServerAddress: (listener: () => void) => {
    // The listener gets no arguments: the IPC event (and its sender) stays here.
    const forward = () => listener();
    ipcRenderer.on(CHANNELS.showServerAddress, forward);
    return () => {
      ipcRenderer.removeListener(CHANNELS.showServerAddress, forward);
    };
  },
  onDownloadDone: (listener: (done: DownloadDone) => void) => {
    // Only the checked id, name and URL go to the page, in a fresh object: never the IPC event.
    const forward = (_event: unknown, value: unknown) => {
      const done = parseDownloadDone(value);
      if (done) listener(done);
    };
    ipcRenderer.on(CHANNELS.downloadDone, forward);
    return () => {
      ipcRenderer.removeListener(CHANNELS.downloadDone, forward);
    };
  },
  openDownload: (id: string): Promise<OpenDownloadResult> => ipcRenderer.invoke(CHANNELS.openDownload, id),
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
