// Server-only: the timer that renews an instance's leases while it holds any.

/** Runs `renew` every `renewEveryMs` while the instance holds leases: started with the first, stopped with the last. */
export function createLeaseHeartbeat(renew: () => void, renewEveryMs: number): { holding(count: number): void } {
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    holding(count) {
      if (count > 0 && !timer) {
        timer = setInterval(renew, renewEveryMs);
        timer.unref();
      } else if (count === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
}
