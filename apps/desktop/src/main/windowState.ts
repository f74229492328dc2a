import type { WindowBounds } from './settingsStore';

// The window reopens where it was left, at the size it had, unless that place is no longer on any
// screen (a monitor was unplugged): then it opens at the default size, centred.

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const;
export const MIN_WINDOW_SIZE = { width: 360, height: 560 } as const;
const SAVE_DELAY_MS = 500;
/** How much of the window's top edge (where it is dragged from) must be on a screen to reuse the place. */
const MIN_VISIBLE_TOP_EDGE = { width: 120, height: 32 } as const;

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface InitialBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

function overlap(a: Area, b: Area): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** The bounds to open the window with, given what was saved and the screens' work areas now. */
export function initialBounds(saved: WindowBounds | null, workAreas: readonly Area[]): InitialBounds {
  const fallback = { ...DEFAULT_WINDOW_SIZE, maximized: saved?.maximized ?? false };
  if (!saved) return fallback;
  const topEdge = { x: saved.x, y: saved.y, width: saved.width, height: MIN_VISIBLE_TOP_EDGE.height };
  const screen = workAreas.find((area) => {
    const seen = overlap(topEdge, area);
    return seen.width >= MIN_VISIBLE_TOP_EDGE.width && seen.height >= MIN_VISIBLE_TOP_EDGE.height;
  });
  if (!screen) return fallback;
  return {
    x: saved.x,
    y: saved.y,
    width: Math.max(MIN_WINDOW_SIZE.width, Math.min(saved.width, screen.width)),
    height: Math.max(MIN_WINDOW_SIZE.height, Math.min(saved.height, screen.height)),
    maximized: saved.maximized,
  };
}

/** The part of BrowserWindow the tracker uses. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
  getNormalBounds(): Area;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isFullScreen(): boolean;
}

/** Saves the window's place after it moves or resizes (once it settles) and when it closes. */
export function trackWindowBounds(
  win: TrackedWindow,
  save: (bounds: WindowBounds) => void,
  { delayMs = SAVE_DELAY_MS, setTimer = setTimeout, clearTimer = clearTimeout } = {},
): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveNow = () => {
    clearTimer(timer);
    timer = undefined;
    // Minimized or full screen, the bounds say nothing about where the window should reopen.
    if (win.isMinimized() || win.isFullScreen()) return;
    // The normal bounds, so that a maximized window comes back maximized over the same screen.
    save({ ...win.getNormalBounds(), maximized: win.isMaximized() });
  };
  const saveSoon = () => {
    clearTimer(timer);
    timer = setTimer(saveNow, delayMs);
  };
  win.on('resize', saveSoon);
  win.on('move', saveSoon);
  win.on('close', saveNow);
}
