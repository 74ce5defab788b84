// Server-only: how much the stored sessions may hold, set by the operator.

/** Bounds on stored sessions as a whole; the README lists each with its variable. */
export type SessionStorageLimits = {
  /** A session not opened for this long is deleted. */
  retentionMs: number;
  /** The sessions together, as stored; past it the least recently opened go first. */
  maxBytes: number;
  /** What one address may store in 24 hours. */
  quotaBytesPerDay: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const MEGABYTE = 1_000_000;

/** The defaults: 90 days unopened, 2,000 MB in all, 50 MB per address a day. */
export const DEFAULT_SESSION_STORAGE_LIMITS: SessionStorageLimits = { retentionMs: 90 * DAY_MS, maxBytes: 2_000 * MEGABYTE, quotaBytesPerDay: 50 * MEGABYTE };

/** `PLAYGROUND_SESSION_RETENTION_DAYS`, `PLAYGROUND_SESSION_STORAGE_MB`, `PLAYGROUND_SESSION_QUOTA_MB`, each a positive number (fractions allowed); anything else keeps the default. */
export function readSessionStorageLimits(environment: Record<string, string | undefined> = process.env): SessionStorageLimits {
  const read = (name: string, unit: number, fallback: number) => {
    const value = Number(environment[name]);
    return Number.isFinite(value) && value > 0 ? Math.round(value * unit) : fallback;
  };
  return {
    retentionMs: read('PLAYGROUND_SESSION_RETENTION_DAYS', DAY_MS, DEFAULT_SESSION_STORAGE_LIMITS.retentionMs),
    maxBytes: read('PLAYGROUND_SESSION_STORAGE_MB', MEGABYTE, DEFAULT_SESSION_STORAGE_LIMITS.maxBytes),
    quotaBytesPerDay: read('PLAYGROUND_SESSION_QUOTA_MB', MEGABYTE, DEFAULT_SESSION_STORAGE_LIMITS.quotaBytesPerDay),
  };
}
