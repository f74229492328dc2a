import { TOAST } from '@mentora/contract';
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from './AppToaster';

// react-hot-toast dismisses a toast when its duration is over, then keeps it in the DOM for 1 s while it
// fades out; the removal is scheduled on the render after the dismissal, hence two steps.
const FADE_OUT_MS = 1000;
const elapse = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
  act(() => {
    vi.advanceTimersByTime(FADE_OUT_MS + 50);
  });
};

describe('AppToaster', () => {
  beforeEach(() => {
    // jsdom has no matchMedia; react-hot-toast asks it whether motion is reduced.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      toast.remove();
    });
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a success toast for 2 s, as SPEC.md section 9 says', () => {
    render(<AppToaster />);
    act(() => {
      toast.success('Saved');
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    elapse(TOAST.successMs + 10);
    expect(TOAST.successMs).toBe(2000);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('gives a toast the dark theme’s colours (react-hot-toast’s own are white)', () => {
    render(<AppToaster />);
    act(() => {
      toast('Heads up');
    });
    const box = screen.getByText('Heads up').closest('[class*="dark:bg-slate-800"]');
    expect(box).not.toBeNull();
  });

  it('keeps an error toast for 4 s', () => {
    render(<AppToaster />);
    act(() => {
      toast.error('Broken');
    });
    elapse(TOAST.successMs + 10);
    expect(screen.getByText('Broken')).toBeInTheDocument();
    elapse(TOAST.errorMs - TOAST.successMs);
    expect(screen.queryByText('Broken')).not.toBeInTheDocument();
  });
});
