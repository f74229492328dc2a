// Small stand-ins for the few Electron APIs the main-process modules use, shaped like the real ones
// (events with preventDefault, ipcMain.handle, shell.openExternal, a session's permission handlers, a
// window's bounds). The modules take these through their parameters; nothing is module-mocked.
import type { SenderLike } from '../src/main/downloads';
import type { NavigationEvent } from '../src/main/navigationGuard';
import type { KeyValueStore } from '../src/main/settingsStore';
import type { Area } from '../src/main/windowState';

/** electron-store's get/set/delete over a Map, as the JSON file would hold them. */
export class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, unknown>();
  get(key: string): unknown {
    return this.data.get(key);
  }
  set(key: string, value: unknown): void {
    this.data.set(key, structuredClone(value));
  }
  delete(key: string): void {
    this.data.delete(key);
  }
}

export class FakeLog {
  readonly warnings: string[] = [];
  warn(message: string): void {
    this.warnings.push(message);
  }
}

export class FakeShell {
  readonly opened: string[] = [];
  failWith: Error | null = null;
  /** What shell.openPath was asked to open, and the error message it answers ('' is success). */
  readonly openedPaths: string[] = [];
  openPathError = '';
  async openExternal(url: string): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.opened.push(url);
  }
  async openPath(path: string): Promise<string> {
    this.openedPaths.push(path);
    return this.openPathError;
  }
}

/** A DownloadItem: `finish` emits 'done' with a state, as Electron does once the file is written or given up. */
export class FakeDownloadItem {
  private readonly doneListeners: ((event: unknown, state: 'completed' | 'cancelled' | 'interrupted') => void)[] = [];
  constructor(
    readonly fileName: string,
    readonly url: string,
    readonly savePath: string,
  ) {}
  getFilename(): string {
    return this.fileName;
  }
  getURL(): string {
    return this.url;
  }
  getSavePath(): string {
    return this.savePath;
  }
  once(_event: 'done', listener: (event: unknown, state: 'completed' | 'cancelled' | 'interrupted') => void): this {
    this.doneListeners.push(listener);
    return this;
  }
  finish(state: 'completed' | 'cancelled' | 'interrupted'): void {
    const listeners = this.doneListeners.splice(0);
    for (const listener of listeners) listener({}, state);
  }
}

/** A WebContents as a download's sender: records what the main process sent it. */
export class FakeSender {
  destroyed = false;
  readonly sent: [string, ...unknown[]][] = [];
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, ...args]);
  }
}

/** A Session's 'will-download': `download` starts one from `sender`, as a click on an <a download> would. */
export class FakeDownloadSession {
  private readonly listeners: ((event: unknown, item: FakeDownloadItem, contents: SenderLike) => void)[] = [];
  on(_event: 'will-download', listener: (event: unknown, item: FakeDownloadItem, contents: SenderLike) => void): this {
    this.listeners.push(listener);
    return this;
  }
  download(item: FakeDownloadItem, sender: SenderLike): FakeDownloadItem {
    for (const listener of this.listeners) listener({}, item, sender);
    return item;
  }
}

type Listener = (event: NavigationEvent & { preventDefault(): void }) => void;

/** A WebContents: emits navigation events the way Electron does, and records what the handlers did. */
export class FakeWebContents {
  private readonly listeners = new Map<string, Listener[]>();
  private windowOpenHandler: ((details: { url: string }) => { action: 'deny' | 'allow' }) | null = null;

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void {
    this.windowOpenHandler = handler;
  }

  /** Emits `name` for a navigation to `url`; true when a listener prevented it. */
  emit(name: string, url: string, isMainFrame = true): boolean {
    let prevented = false;
    const event = {
      url,
      isMainFrame,
      preventDefault: () => {
        prevented = true;
      },
    };
    for (const listener of this.listeners.get(name) ?? []) listener(event);
    return prevented;
  }

  /** What window.open / a target=_blank link would get. */
  openWindow(url: string): { action: 'deny' | 'allow' } {
    if (!this.windowOpenHandler) return { action: 'allow' };
    return this.windowOpenHandler({ url });
  }
}

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

/** The top frame of a page at `url`, or a subframe of one. */
export function frameAt(url: string, parentUrl?: string): FakeFrame {
  return { url, parent: parentUrl ? { url: parentUrl, parent: null } : null };
}

/** ipcMain.handle, and a way to call a channel as a renderer frame would (ipcRenderer.invoke). */
export class FakeIpcMain {
  private readonly handlers = new Map<
    string,
    (event: { senderFrame: FakeFrame | null }, ...args: unknown[]) => unknown
  >();

  handle(channel: string, listener: (event: { senderFrame: FakeFrame | null }, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }

  channels(): string[] {
    return [...this.handlers.keys()];
  }

  /** Like ipcRenderer.invoke: the handler's value, or a rejection when it throws. */
  async invoke(frame: FakeFrame | null, channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ senderFrame: frame }, ...args);
  }
}

/** A Session's permission handlers, with a way to ask them as Chromium would. */
export class FakeSession {
  requestHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
  checkHandler: ((contents: unknown, permission: string) => boolean) | null = null;

  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void {
    this.requestHandler = handler;
  }

  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void {
    this.checkHandler = handler;
  }

  request(permission: string): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.requestHandler) resolve(true);
      else this.requestHandler({}, permission, resolve);
    });
  }

  check(permission: string): boolean {
    return this.checkHandler ? this.checkHandler({}, permission) : true;
  }
}

/** A BrowserWindow's bounds and state events. */
export class FakeWindow {
  private readonly listeners = new Map<string, (() => void)[]>();
  bounds: Area = { x: 100, y: 80, width: 1200, height: 800 };
  maximized = false;
  minimized = false;
  fullScreen = false;

  on(event: string, listener: () => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: string): void {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }

  getNormalBounds(): Area {
    return { ...this.bounds };
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
}

/**
 * safeStorage: "encrypts" by XOR with a key of its own behind a header, so the stored bytes never hold
 * the plain text, and, like the real one, throws when asked to decrypt what it did not encrypt.
 */
export class FakeSafeStorage {
  available = true;
  backend: 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown' = 'gnome_libsecret';
  failEncrypt = false;
  private readonly key: number;
  private static readonly HEADER = Buffer.from('v10');

  constructor(key = 0x5a) {
    this.key = key;
  }

  isEncryptionAvailable(): boolean {
    return this.available;
  }

  getSelectedStorageBackend(): FakeSafeStorage['backend'] {
    return this.backend;
  }

  encryptString(plainText: string): Buffer {
    if (!this.available || this.failEncrypt) throw new Error('Error while encrypting the text provided to safeStorage');
    const body = Buffer.from(plainText, 'utf8').map((byte) => byte ^ this.key);
    return Buffer.concat([FakeSafeStorage.HEADER, body]);
  }

  decryptString(encrypted: Buffer): string {
    if (!this.available) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString');
    if (!encrypted.subarray(0, 3).equals(FakeSafeStorage.HEADER)) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString');
    }
    const body = Buffer.from(encrypted.subarray(3).map((byte) => byte ^ this.key));
    const text = body.toString('utf8');
    // A different key gives bytes that are not the token: the real one fails its integrity check.
    if (!/^[\x21-\x7e]*$/.test(text)) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString');
    }
    return text;
  }
}

/** electron-updater's autoUpdater: counts the checks, and can fail them or emit 'error'. */
export class FakeUpdater {
  checks = 0;
  failWith: Error | null = null;
  private readonly errorListeners: ((error: Error) => void)[] = [];

  async checkForUpdatesAndNotify(): Promise<null> {
    this.checks++;
    if (this.failWith) throw this.failWith;
    return null;
  }

  on(event: 'error', listener: (error: Error) => void): this {
    if (event === 'error') this.errorListeners.push(listener);
    return this;
  }

  /** Like EventEmitter: an 'error' nobody listens to is thrown. */
  emitError(error: Error): void {
    if (this.errorListeners.length === 0) throw error;
    for (const listener of this.errorListeners) listener(error);
  }
}

/** Electron's Notification class: records every one made and shown; `click()` fires its click listeners. */
export class FakeNotifications {
  supported = true;
  readonly made: FakeNotification[] = [];
  readonly Class = (() => {
    const owner = this;
    return class {
      static isSupported(): boolean {
        return owner.supported;
      }
      constructor(options: { title: string; body: string }) {
        const made = new FakeNotification(options);
        owner.made.push(made);
        // biome-ignore lint/correctness/noConstructorReturn: the stand-in is the recorded notification itself
        return made;
      }
    } as unknown as {
      isSupported(): boolean;
      new (options: { title: string; body: string }): FakeNotification;
    };
  })();
}

export class FakeNotification {
  shown = false;
  private readonly clicks: (() => void)[] = [];
  constructor(readonly options: { title: string; body: string }) {}
  on(_event: 'click', listener: () => void): this {
    this.clicks.push(listener);
    return this;
  }
  show(): void {
    this.shown = true;
  }
  click(): void {
    for (const listener of this.clicks) listener();
  }
}

/** app.setBadgeCount: records the counts; `supported` false answers false like Linux without a launcher API. */
export class FakeBadgeApp {
  supported = true;
  readonly counts: (number | undefined)[] = [];
  setBadgeCount(count?: number): boolean {
    this.counts.push(count);
    return this.supported;
  }
}
