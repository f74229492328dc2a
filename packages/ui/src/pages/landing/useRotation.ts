import { useCallback, useEffect, useState } from 'react';

/**
 * The index of the selected item of `count`, advancing every `intervalMs` while not paused. Selecting an
 * item by hand restarts the interval, so the chosen card stays up for a full period.
 */
export function useRotation(count: number, intervalMs: number, paused: boolean) {
  const [selected, setSelected] = useState(0);
  const [cycle, setCycle] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `cycle` restarts the timer after a manual choice
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setSelected((index) => (index + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs, paused, cycle]);

  const select = useCallback((index: number) => {
    setSelected(index);
    setCycle((value) => value + 1);
  }, []);

  return { selected, select };
}
