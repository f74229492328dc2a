import { useEffect, useState } from 'react';

/** The clock, ticking each second while the component is shown (countdowns, Join opening on time). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
