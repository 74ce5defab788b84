// Server-only: with DATABASE_URL, the rate and concurrency limits every instance shares.
import { createPostgresClient } from '@/lib/sessions/store';
import { createLimitFallback } from './create-limit-fallback';
import { createSharedEvaluationSlots, type SharedEvaluationSlots } from './create-shared-evaluation-slots';
import { createSharedRateLimiters } from './create-shared-rate-limiters';
import { createSharedTurnSlots, type SharedTurnSlots } from './create-shared-turn-slots';
import { createSqlLimitStore, type SqlLimitStore } from './create-sql-limit-store';
import { processSingleton } from '@/lib/contract';
import { createRequestRateLimiters, type RequestRateLimiters } from './request-rate-limiters';

export type SharedLimits = { rateLimiters: RequestRateLimiters; turnSlots: SharedTurnSlots; evaluationSlots: SharedEvaluationSlots };

/**
 * A take waits at most this long for a connection and its answer, then this instance's own limits
 * apply (for the fallback's cooldown). The HTTP thread never blocks on it; the request waits.
 */
const SHARED_LIMIT_TIMEOUT_MS = 1_000;
/** A small pool of its own, so limits never wait behind session reads and writes. */
const SHARED_LIMIT_CONNECTIONS = 4;

/** Limits on `connectionString` (falling back to in-memory limiters while it fails). */
export function createSharedLimits(connectionString: string): SharedLimits {
  const fallback = createLimitFallback();
  let opening: Promise<SqlLimitStore> | undefined;
  // Opened on first use and again after a failed open, so a database down at start is picked up later.
  const openStore = (): Promise<SqlLimitStore> => {
    if (opening) return opening;
    const client = createPostgresClient(connectionString, { maxConnections: SHARED_LIMIT_CONNECTIONS, timeoutMs: SHARED_LIMIT_TIMEOUT_MS });
    const attempt = createSqlLimitStore(client);
    opening = attempt;
    attempt.catch(async () => {
      if (opening === attempt) opening = undefined;
      await client.close().catch((error: unknown) => console.error('Shared limits: closing a failed connection pool:', error));
    });
    return attempt;
  };
  return {
    rateLimiters: createSharedRateLimiters({ openStore, local: createRequestRateLimiters(), fallback }),
    turnSlots: createSharedTurnSlots({ openStore, fallback }),
    evaluationSlots: createSharedEvaluationSlots({ openStore, fallback }),
  };
}

/** This process's shared limits when DATABASE_URL is set; without it, limits are the process's own. */
export const getSharedLimits: () => SharedLimits | undefined = processSingleton('shared-limits', () =>
  process.env.DATABASE_URL ? createSharedLimits(process.env.DATABASE_URL) : undefined,
);
