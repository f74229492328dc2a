import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { buildMenuTemplate } from './menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

function menu(isMac: boolean, isDev = false) {
  const calls: string[] = [];
  const template = buildMenuTemplate({
    appName: 'Mentora',
    isMac,
    isDev,
    showServerAddress: () => calls.push('server'),
    openWebApp: () => calls.push('web'),
  });
  return { template, items: flatten(template), calls };
}

function click(item: MenuItemConstructorOptions | undefined): void {
  (item?.click as (() => void) | undefined)?.();
}

describe('buildMenuTemplate', () => {
  it.each([false, true])('has the usual roles (mac: %s)', (isMac) => {
    const roles = menu(isMac).items.map((item) => item.role);
    for (const role of ['editMenu', 'windowMenu', 'help', 'reload', 'forceReload', 'zoomIn', 'zoomOut', 'resetZoom']) {
      expect(roles).toContain(role);
    }
    expect(roles).toContain('togglefullscreen');
    expect(roles).toContain('quit');
  });

  it('offers About Mentora, which shows the version (setAboutPanelOptions)', () => {
    for (const isMac of [false, true]) {
      const about = menu(isMac).items.find((item) => item.role === 'about');
      expect(about?.label).toBe('About Mentora');
    }
  });

  it('has the keyboard shortcuts for zoom: the roles’ own plus Ctrl+=', () => {
    const zoomIn = menu(false).items.filter((item) => item.role === 'zoomIn');
    expect(zoomIn.map((item) => item.accelerator)).toContain('CmdOrCtrl+=');
  });

  it('changes the server address from the menu', () => {
    const { items, calls } = menu(false);
    const item = items.find((entry) => entry.label === 'Server Address…');
    expect(item?.accelerator).toBe('CmdOrCtrl+Shift+S');
    click(item);
    click(items.find((entry) => entry.label === 'Open Mentora in the Browser'));
    expect(calls).toEqual(['server', 'web']);
  });

  it('has developer tools in development only', () => {
    expect(menu(false, false).items.some((item) => item.role === 'toggleDevTools')).toBe(false);
    expect(menu(false, true).items.some((item) => item.role === 'toggleDevTools')).toBe(true);
  });
});
