import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrolledPast } from './useScrolledPast';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

afterEach(() => {
  scrollTo(0);
  vi.useRealTimers();
});

describe('useScrolledPast', () => {
  it('takes the position the page opened at, in the next frame', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    scrollTo(200);
    const { result } = renderHook(() => useScrolledPast(8));
    // Not during React's work: reading it would lay the page out there and then.
    expect(result.current).toBe(false);
    await act(async () => vi.advanceTimersToNextFrame());
    expect(result.current).toBe(true);
  });

  it('follows scrolling past the threshold and back', async () => {
    const { result } = renderHook(() => useScrolledPast(8));
    scrollTo(9);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(result.current).toBe(true);
    scrollTo(8);
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(result.current).toBe(false);
  });

  it('stops listening once unmounted', () => {
    const { result, unmount } = renderHook(() => useScrolledPast(8));
    unmount();
    scrollTo(100);
    window.dispatchEvent(new Event('scroll'));
    expect(result.current).toBe(false);
  });
});
