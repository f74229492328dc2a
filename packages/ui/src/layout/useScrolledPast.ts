import { useEffect, useState } from 'react';

/** True once the window is scrolled more than `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    // The position at mount is read in the next frame, not here: reading it makes the browser lay the
    // page out at once, in the middle of React's work on a page that is still changing (the largest part
    // of a signed-in page's first effects on a slow phone). The frame lays it out anyway.
    const frame = window.requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return scrolled;
}
