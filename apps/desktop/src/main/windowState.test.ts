import { describe, expect, it } from 'vitest';
import { FakeWindow } from '../../test/fakeElectron';
import type { WindowBounds } from './settingsStore';
import { DEFAULT_WINDOW_SIZE, initialBounds, trackWindowBounds } from './windowState';

const LAPTOP = { x: 0, y: 0, width: 1920, height: 1050 };
const LEFT_MONITOR = { x: -2560, y: 0, width: 2560, height: 1400 };

describe('initialBounds', () => {
  it('opens at the default size, centred, the first time', () => {
    expect(initialBounds(null, [LAPTOP])).toEqual({ ...DEFAULT_WINDOW_SIZE, maximized: false });
  });

  it('reopens where the window was left', () => {
    const saved = { x: -2000, y: 100, width: 1400, height: 900, maximized: false };
    expect(initialBounds(saved, [LAPTOP, LEFT_MONITOR])).toEqual(saved);
  });

  it('falls back to the default when that screen is gone, keeping "maximized"', () => {
    const saved = { x: -2000, y: 100, width: 1400, height: 900, maximized: true };
    expect(initialBounds(saved, [LAPTOP])).toEqual({ ...DEFAULT_WINDOW_SIZE, maximized: true });
  });

  it('falls back when only a sliver of the title bar would show', () => {
    expect(initialBounds({ x: 1900, y: 10, width: 800, height: 600, maximized: false }, [LAPTOP]).x).toBeUndefined();
  });

  it('shrinks a window larger than the screen it reopens on', () => {
    const bounds = initialBounds({ x: 0, y: 0, width: 4000, height: 3000, maximized: false }, [LAPTOP]);
    expect(bounds).toMatchObject({ width: 1920, height: 1050 });
  });
});

describe('trackWindowBounds', () => {
  function tracked() {
    const win = new FakeWindow();
    const saved: WindowBounds[] = [];
    const timers: (() => void)[] = [];
    trackWindowBounds(win, (bounds) => saved.push(bounds), {
      setTimer: ((run: () => void) => {
        timers.push(run);
        return timers.length as unknown as ReturnType<typeof setTimeout>;
      }) as unknown as typeof setTimeout,
      clearTimer: (() => undefined) as typeof clearTimeout,
    });
    return { win, saved, timers };
  }

  it('saves once the window settles after moving or resizing', () => {
    const { win, saved, timers } = tracked();
    win.bounds = { x: 10, y: 20, width: 900, height: 700 };
    win.emit('move');
    win.emit('resize');
    expect(saved).toEqual([]);
    timers.at(-1)?.();
    expect(saved).toEqual([{ x: 10, y: 20, width: 900, height: 700, maximized: false }]);
  });

  it('saves at once when the window closes, with its maximized state', () => {
    const { win, saved } = tracked();
    win.maximized = true;
    win.emit('close');
    expect(saved).toEqual([{ ...win.bounds, maximized: true }]);
  });

  it('does not save a minimized or full-screen window’s bounds', () => {
    const { win, saved } = tracked();
    win.minimized = true;
    win.emit('close');
    win.minimized = false;
    win.fullScreen = true;
    win.emit('close');
    expect(saved).toEqual([]);
  });
});
