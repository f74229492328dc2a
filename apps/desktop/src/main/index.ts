// The Electron main process: one secure window showing the shared UI from app://mentora/, the bridge's
// IPC handlers, the native menu, and the desktop habits (single instance, remembered window place).
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  Notification,
  nativeTheme,
  net,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import Store from 'electron-store';
import { CHANNELS } from '../shared/bridge';
import { APP_ENTRY_URL, APP_ORIGIN, APP_SCHEME, originOf } from './appOrigin';
import { createAppProtocolHandler } from './appProtocol';
import { createAttention } from './attention';
import { startAutoUpdate } from './autoUpdate';
import { contentSecurityPolicy } from './csp';
import { createDownloads } from './downloads';
import { openExternalUrl } from './externalLinks';
import { registerBridgeHandlers } from './ipcHandlers';
import { buildMenuTemplate } from './menu';
import { guardNavigation } from './navigationGuard';
import { denyAllPermissions } from './permissions';
import { safeStorageBox } from './secretBox';
import { validateServerUrl } from './serverAddress';
import { SettingsStore } from './settingsStore';
import { initialBounds, MIN_WINDOW_SIZE, trackWindowBounds } from './windowState';

const APP_NAME = 'Mentora';
const log = { warn: (message: string) => console.warn(`[mentora] ${message}`) };

// electron-vite dev serves the renderer with hot reload and says where in ELECTRON_RENDERER_URL.
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const devServerOrigin = devServerUrl ? (originOf(devServerUrl) ?? undefined) : undefined;
const appOrigins = [APP_ORIGIN, ...(devServerOrigin ? [devServerOrigin] : [])];

app.setName(APP_NAME);
// A separate profile for tests (the Playwright smoke test), so they never touch a real one.
if (process.env.MENTORA_USER_DATA_DIR) app.setPath('userData', path.resolve(process.env.MENTORA_USER_DATA_DIR));

// Before `ready`: app:// is a standard, secure origin (storage, fetch and CORS work as on https).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);

if (!app.requestSingleInstanceLock()) {
  // Another Mentora is running: it gets the 'second-instance' event and comes to the front.
  app.quit();
} else {
  start();
}

function start(): void {
  // The token is encrypted with safeStorage where the OS offers a protected key (asked lazily: on Linux
  // safeStorage answers only after `ready`, and the store is first read after it).
  const secrets = safeStorageBox(safeStorage, process.platform);
  const store = new SettingsStore(
    new Store<Record<string, unknown>>({ name: 'settings', clearInvalidConfig: true }),
    secrets,
  );
  const openExternal = (url: unknown) => openExternalUrl(url, shell, log);
  let mainWindow: BrowserWindow | null = null;

  const csp = () => contentSecurityPolicy(store.serverUrl(), { devServerOrigin });

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });

  // Every web contents, including any a bug might create: it stays on the app and opens no windows.
  app.on('web-contents-created', (_event, contents) => {
    guardNavigation(contents, { appOrigins, openExternal: (url) => void openExternal(url), log });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  const createWindow = () => {
    const bounds = initialBounds(
      store.windowBounds(),
      screen.getAllDisplays().map((display) => display.workArea),
    );
    const theme = store.stored().theme;
    const dark = theme ? theme === 'dark' : nativeTheme.shouldUseDarkColors;
    const win = new BrowserWindow({
      x: bounds.x,
      y: bounds.y,
      width: bounds.width,
      height: bounds.height,
      minWidth: MIN_WINDOW_SIZE.width,
      minHeight: MIN_WINDOW_SIZE.height,
      title: APP_NAME,
      show: false,
      // The UI's page colour (slate-50 / slate-950), so no white flash before it paints.
      backgroundColor: dark ? '#020617' : '#f8fafc',
      webPreferences: {
        preload: path.join(import.meta.dirname, '../preload/index.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        navigateOnDragDrop: false,
        spellcheck: true,
      },
    });
    if (bounds.maximized) win.maximize();
    win.once('ready-to-show', () => win.show());
    trackWindowBounds(win, (saved) => store.setWindowBounds(saved));
    win.on('closed', () => {
      mainWindow = null;
    });
    void win.loadURL(devServerUrl ?? APP_ENTRY_URL);
    mainWindow = win;
  };

  void app.whenReady().then(() => {
    denyAllPermissions(session.defaultSession, log);
    if (!secrets.canEncrypt())
      log.warn('safeStorage has no OS-protected key here: the sign-in token is kept in plain text');
    protocol.handle(
      APP_SCHEME,
      createAppProtocolHandler({
        rootDir: path.join(import.meta.dirname, '../renderer'),
        contentSecurityPolicy: csp,
      }),
    );
    if (devServerUrl) {
      // In development the pages come from the dev server: give them the same policy (plus its needs).
      session.defaultSession.webRequest.onHeadersReceived({ urls: [`${devServerOrigin}/*`] }, (details, callback) => {
        callback({
          responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp()] },
        });
      });
    }

    // Electron still asks where to save; once saved, the page may have the file opened by its id.
    const downloads = createDownloads({ shell, log });
    downloads.watch(session.defaultSession, CHANNELS.downloadDone);

    registerBridgeHandlers(
      ipcMain,
      {
        store,
        version: app.getVersion(),
        openExternal,
        validateServerUrl: (url) => validateServerUrl(url, (input, init) => net.fetch(input, init)),
        attention: createAttention({ Notification, app, window: () => mainWindow, log }),
        downloads,
      },
      { appOrigins, log },
    );

    app.setAboutPanelOptions({ applicationName: APP_NAME, applicationVersion: app.getVersion() });
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate({
          appName: APP_NAME,
          isMac: process.platform === 'darwin',
          isDev: !app.isPackaged,
          showServerAddress: () => mainWindow?.webContents.send(CHANNELS.showServerAddress),
          openWebApp: () => {
            const serverUrl = store.serverUrl();
            if (serverUrl) void openExternal(serverUrl);
          },
        }),
      ),
    );

    createWindow();
    void startAutoUpdate({
      isPackaged: app.isPackaged,
      hasUpdateConfig: () => existsSync(path.join(process.resourcesPath, 'app-update.yml')),
      loadUpdater: async () => (await import('electron-updater')).default.autoUpdater,
      log,
    });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });
}
