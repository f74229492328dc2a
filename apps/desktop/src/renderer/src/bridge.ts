import { BRIDGE_GLOBAL, type DesktopBridge } from '../../shared/bridge';

declare global {
  interface Window {
    [BRIDGE_GLOBAL]?: DesktopBridge;
  }
}

/** The preload's bridge, or null when the page runs without it (opened in a plain browser). */
export function desktopBridge(): DesktopBridge | null {
  return window[BRIDGE_GLOBAL] ?? null;
}
