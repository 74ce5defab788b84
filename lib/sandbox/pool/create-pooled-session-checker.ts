// Server-only: session records and finished turns are checked in a sandbox worker, never on the HTTP thread.
import { err, type Result } from '@/lib/runtime/result';
import type { SessionChecker } from '@/lib/sessions/session-checker';
import type { SessionError } from '@/lib/sessions/session-error';
import { SESSION_LIMITS } from '@/lib/sessions/session-limits';
import type { PoolFailure, SandboxPool } from './sandbox-pool';

/** The worker stops a check at its CPU budget; past this wall time (a loaded machine) the pool gives up on it. */
const CHECK_TIMEOUT_MS = SESSION_LIMITS.checkBudgetMs * 5;

/** Checks in the pool's least loaded worker; a full pool or a lost worker is `busy` (try again), not a verdict on the record. */
export function createPooledSessionChecker(pool: SandboxPool): SessionChecker {
  return {
    async prepareSession(input) {
      const answer = await pool.run<'prepare-session'>({ kind: 'prepare-session', input }, { timeoutMs: CHECK_TIMEOUT_MS });
      return answer.ok ? answer.value : err(describeFailure(answer.error));
    },
    async prepareTurn(turn, secrets = []) {
      const answer = await pool.run<'prepare-turn'>({ kind: 'prepare-turn', turn, secrets: [...secrets] }, { timeoutMs: CHECK_TIMEOUT_MS });
      return answer.ok ? answer.value : (err(describeFailure(answer.error).message) as Result<string, string>);
    },
  };
}

function describeFailure(failure: PoolFailure): SessionError {
  return { code: 'busy', message: `The session could not be checked now (${failure.message}); try again in a few seconds.` };
}
