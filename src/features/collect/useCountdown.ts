import { useEffect, useState } from 'react';

/**
 * Seconds left of a wait that starts whenever `running` turns true: the resend button's count.
 * The chart decides when resending is possible; this only shows how long until then.
 */
export function useCountdown(running: boolean, seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!running) return;
    const endsAt = Date.now() + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running, seconds]);
  return running ? left : 0;
}
