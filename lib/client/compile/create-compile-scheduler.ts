import { tokensAt, waitForToken, type TokenBucketRule, type TokenBucketState } from '@/lib/runtime';

/** Timers as the scheduler uses them; the browser's by default, fake ones in tests. */
export type SchedulerClock = {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type CompileScheduler = {
  /** The editor's text changed: compile it soon, superseding any text not yet sent. */
  update(source: string): void;
  dispose(): void;
};

export type CompileSchedulerOptions = {
  /** Sends one compile; resolves when its answer has been handled (or failed). */
  compile: (source: string) => Promise<void>;
  /**
   * A change that comes at least this long after the one before it (the first keystroke after a
   * pause) is compiled at once; a change that follows the one before it sooner waits until typing
   * has paused this long.
   */
  debounceMs: number;
  /**
   * How many compiles may start: a bucket of `capacity` that regains one every `refillIntervalMs`, so
   * fast typing stays inside the server's rate limit without waiting while there is room.
   */
  rate: TokenBucketRule;
  clock?: SchedulerClock;
};

const BROWSER_CLOCK: SchedulerClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * When the schema preview compiles: the first change after a pause at once, changes in quick
 * succession after a short debounce, at most one compile in flight (the newest text goes as soon
 * as the answer is back, the texts typed meanwhile are never sent), and no more compiles than
 * `rate` allows (past it, the next waits for its token). An answer always belongs to a text the
 * user had, so the panel never goes backwards; a single keystroke shows within one round trip,
 * and steady typing within two.
 */
export function createCompileScheduler({ compile, debounceMs, rate, clock = BROWSER_CLOCK }: CompileSchedulerOptions): CompileScheduler {
  let latest: string | null = null;
  let sent: string | null = null;
  let inFlight = false;
  let lastUpdate = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  let disposed = false;
  const bucket: TokenBucketState = { tokens: rate.capacity, updatedAt: clock.now() };

  const tokensNow = () => tokensAt(bucket, rate, clock.now());
  /** Milliseconds until a compile may start (0 while a token is left). */
  const tokenWait = () => waitForToken(tokensNow(), rate);

  const start = () => {
    timer = null;
    if (disposed || inFlight || latest === null || latest === sent) return;
    if (tokenWait() > 0) {
      schedule(0);
      return;
    }
    bucket.tokens = tokensNow() - 1;
    bucket.updatedAt = clock.now();
    const source = latest;
    sent = source;
    inFlight = true;
    void compile(source).finally(() => {
      inFlight = false;
      if (!disposed && latest !== sent) schedule(0);
    });
  };

  const schedule = (delay: number) => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(start, Math.max(delay, tokenWait()));
  };

  return {
    update(source) {
      // The same text again (the editor's change, then React's effect on it) keeps its timer.
      if (source === latest && (timer !== null || inFlight)) return;
      latest = source;
      const now = clock.now();
      const afterPause = now - lastUpdate >= debounceMs;
      lastUpdate = now;
      if (source === sent && !inFlight) {
        if (timer !== null) clock.clearTimeout(timer);
        timer = null;
        return;
      }
      // While a compile is out, the newest text waits for its answer (start() then sends it).
      if (inFlight) return;
      // After a pause the request leaves from inside the change itself, before the editor and React render it.
      if (afterPause && tokenWait() === 0) {
        if (timer !== null) clock.clearTimeout(timer);
        start();
      } else schedule(afterPause ? 0 : debounceMs);
    },
    dispose() {
      disposed = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
