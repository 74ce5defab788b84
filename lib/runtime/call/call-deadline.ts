/** A call's wall deadline that stops counting while a person is asked (and restarts with what was left). */
export type CallDeadline = { pause(): void; resume(): void; clear(): void };

/** Calls `onExpire` once `timeoutMs` of unpaused time have passed; pauses nest. */
export function startCallDeadline(timeoutMs: number, onExpire: () => void): CallDeadline {
  let remaining = timeoutMs;
  let startedAt = Date.now();
  let pauses = 0;
  let cleared = false;
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(onExpire, remaining);
  return {
    pause() {
      pauses += 1;
      if (pauses > 1 || cleared) return;
      clearTimeout(timer);
      remaining -= Date.now() - startedAt;
    },
    resume() {
      pauses = Math.max(0, pauses - 1);
      if (pauses > 0 || cleared) return;
      startedAt = Date.now();
      timer = setTimeout(onExpire, Math.max(0, remaining));
    },
    clear() {
      cleared = true;
      clearTimeout(timer);
    },
  };
}
