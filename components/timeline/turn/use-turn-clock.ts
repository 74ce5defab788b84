'use client';

import { useEffect, useRef, useState } from 'react';

const TICK_MS = 100;

/**
 * The current turn time (ms since turn start) while a turn runs: the latest event's `at`,
 * advanced by the wall time since it arrived, so running bars grow between events.
 */
export function useTurnClock(lastAt: number, running: boolean): number {
  const anchorRef = useRef({ at: lastAt, receivedAt: 0 });
  const [now, setNow] = useState(lastAt);

  useEffect(() => {
    anchorRef.current = { at: lastAt, receivedAt: performance.now() };
    setNow((current) => Math.max(current, lastAt));
    if (!running) return;
    const timer = setInterval(() => {
      const anchor = anchorRef.current;
      setNow(anchor.at + (performance.now() - anchor.receivedAt));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [lastAt, running]);

  return running ? Math.max(now, lastAt) : lastAt;
}
