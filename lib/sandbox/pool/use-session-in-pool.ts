// Server-only: Compare and Fork read stored records in a sandbox worker, never on the HTTP thread.
import { err } from '@/lib/runtime';
import type { SessionTextAnswers, SessionTextRunner, SessionTextUse } from '@/lib/replay';
import type { SandboxPool } from './sandbox-pool';

/** Parsing two 5 MB records and comparing them takes a worker well under a second; past this something is wrong. */
const USE_TIMEOUT_MS = 15_000;

/** Runs `use` on stored records' text in the pool's least loaded worker; a full pool or a lost worker is `busy` (try again). */
export async function useSessionInPool<K extends SessionTextUse['kind']>(pool: SandboxPool, use: Extract<SessionTextUse, { kind: K }>): Promise<SessionTextAnswers[K]> {
  const answer = await pool.run<'use-session'>({ kind: 'use-session', use }, { timeoutMs: USE_TIMEOUT_MS });
  if (!answer.ok) return err({ code: 'busy', message: `The session could not be read now (${answer.error.message}); try again in a few seconds.` }) as SessionTextAnswers[K];
  return answer.value as SessionTextAnswers[K];
}

/** `useSessionInPool` on `pool`, as the runner Compare and Fork are given. */
export function createPooledSessionTextRunner(pool: SandboxPool): SessionTextRunner {
  return (use) => useSessionInPool(pool, use);
}
