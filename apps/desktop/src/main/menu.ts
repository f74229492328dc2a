import type { MenuItemConstructorOptions } from 'electron';

// The native menu: the usual roles (edit, view with reload and zoom shortcuts, window, help), About with
// the version, and "Server Address…" to change the server the app talks to.

export interface MenuOptions {
  appName: string;
  isMac: boolean;
  /** Developer tools only in development: a packaged app has no use for them. */
  isDev: boolean;
  showServerAddress(): void;
  /** Opens the web app of the current server in the system browser. */
  openWebApp(): void;
}

export function buildMenuTemplate({
  appName,
  isMac,
  isDev,
  showServerAddress,
  openWebApp,
}: MenuOptions): MenuItemConstructorOptions[] {
  const serverAddress: MenuItemConstructorOptions = {
    label: 'Server Address…',
    accelerator: 'CmdOrCtrl+Shift+S',
    click: () => showServerAddress(),
  };
  const about: MenuItemConstructorOptions = { role: 'about', label: `About ${appName}` };

  const appMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: appName,
          submenu: [
            about,
            { type: 'separator' },
            serverAddress,
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [{ label: '&File', submenu: [serverAddress, { type: 'separator' }, { role: 'quit' }] }];

  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    { role: 'forceReload' },
    ...(isDev ? [{ role: 'toggleDevTools' } as const] : []),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    // The zoomIn role's own shortcut is Ctrl+Shift+= on many keyboards: Ctrl+= is what people press.
    { role: 'zoomIn', accelerator: 'CmdOrCtrl+=', visible: false },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];

  return [
    ...appMenu,
    { role: 'editMenu' },
    { label: '&View', submenu: view },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: `Open ${appName} in the Browser`, click: () => openWebApp() },
        ...(isMac ? [] : [{ type: 'separator' } as const, about]),
      ],
    },
  ];
}
