// Server-only: what shared limits do while their database is slow or down.

export type LimitFallbackOptions = {
  /** How long after a failure the database is left alone (every take is local meanwhile). */
  cooldownMs?: number;
  now?: () => number;
  log?: (message: string) => void;
};

export type LimitFallback = {
  /** `shared` unless the database failed within the cooldown, or fails now: then `local`. */
  run<T>(shared: () => Promise<T>, local: () => T | Promise<T>): Promise<T>;
  /** Whether the last attempt failed (limits are this instance's own until one succeeds). */
  degraded(): boolean;
};

const DEFAULT_COOLDOWN_MS = 5_000;

/**
 * Shared limits fail open to the instance's own in-memory limits: a database that is down or
 * slower than the client's timeout must not refuse every visitor, nor make each request wait for
 * a timeout (after a failure the database is tried again only once the cooldown passed). The
 * change is logged once each way, not per request.
 */
export function createLimitFallback(options: LimitFallbackOptions = {}): LimitFallback {
  const { cooldownMs = DEFAULT_COOLDOWN_MS, now = Date.now, log = (message: string) => console.error(message) } = options;
  const state = { failing: false, retryAt: 0 };
  return {
    async run(shared, local) {
      if (state.failing && now() < state.retryAt) return local();
      try {
        const value = await shared();
        if (state.failing) log('Shared limits: PostgreSQL answers again; limits hold across instances again.');
        state.failing = false;
        return value;
      } catch (error) {
        if (!state.failing) {
          const reason = error instanceof Error ? error.message : String(error);
          log(`Shared limits: PostgreSQL failed (${reason}); each instance applies its own in-memory limits until it answers again.`);
        }
        state.failing = true;
        state.retryAt = now() + cooldownMs;
        return local();
      }
    },
    degraded: () => state.failing,
  };
}
