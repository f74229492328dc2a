import { describe, expect, it, vi } from 'vitest';
import { openTabLater } from './pendingTab';

function fakeTab() {
  return { opener: {} as unknown, closed: false, close: vi.fn(), location: { replace: vi.fn() } };
}

function fakeWindow(tab: ReturnType<typeof fakeTab> | null) {
  return { open: vi.fn((_url?: string | URL, _target?: string, _features?: string) => tab as unknown as Window) };
}

describe('openTabLater', () => {
  it('opens a blank tab at once, cut from the app, and points it at the URL when it comes', () => {
    const tab = fakeTab();
    const win = fakeWindow(tab);
    const pending = openTabLater(win);
    expect(win.open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();

    pending.go('https://meet.jit.si/room');
    expect(tab.location.replace).toHaveBeenCalledWith('https://meet.jit.si/room');
    expect(win.open).toHaveBeenCalledTimes(1);
  });

  it('closes the blank tab when cancelled', () => {
    const tab = fakeTab();
    openTabLater(fakeWindow(tab)).cancel();
    expect(tab.close).toHaveBeenCalled();
  });

  it('never sends the same-origin blank tab to anything but http(s)', () => {
    const tab = fakeTab();
    openTabLater(fakeWindow(tab)).go('javascript:alert(1)');
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(tab.close).toHaveBeenCalled();
  });

  it('falls back to a plain new tab when the blank one was refused or closed', () => {
    const refused = fakeWindow(null);
    openTabLater(refused).go('https://meet.jit.si/room');
    expect(refused.open).toHaveBeenLastCalledWith('https://meet.jit.si/room', '_blank', 'noopener');

    const tab = fakeTab();
    const win = fakeWindow(tab);
    const pending = openTabLater(win);
    tab.closed = true;
    pending.go('https://meet.jit.si/room');
    expect(win.open).toHaveBeenLastCalledWith('https://meet.jit.si/room', '_blank', 'noopener');
  });
});
