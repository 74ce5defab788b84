// Server-only: session records and finished turns are checked in a sandbox worker, never on the HTTP thread.
import { err, type Result } from '@/lib/runtime';
import type { SessionChecker } from '@/lib/sessions';
import type { SessionError } from '@/lib/sessions';
import { SESSION_LIMITS, processSingleton } from '@/lib/contract';
import type { SandboxPool } from './sandbox-pool';
import type { PoolFailure } from './worker-slot';

/** The worker stops a check at its budget (CPU or wall time); past this the pool gives up on it. */
const CHECK_TIMEOUT_MS = SESSION_LIMITS.checkWallMs * 2;
/** Records checked at once (the rest wait their turn, at most this many; past them the answer is `busy`). */
const CHECKS_AT_ONCE = 1;
const CHECKS_WAITING = 8;

/**
 * Checks in the pool's least loaded worker, one record at a time, so costly records queue behind each
 * other instead of taking every worker from the turns; a full queue, a full pool or a lost worker is
 * `busy` (try again), not a verdict on the record.
 */
export function createPooledSessionChecker(pool: SandboxPool): SessionChecker {
  const prepareSessions: SessionChecker['prepareSessions'] = async (inputs) => {
    if (inputs.length === 0) return [];
    const slot = await takeCheckSlot();
    if (!slot) return inputs.map(() => err({ code: 'busy', message: 'The server is checking other sessions; try again in a few seconds.' }));
    try {
      // One request; the worker checks each record within its own budget, so the batch may take the sum of their limits.
      const answer = await pool.run<'prepare-sessions'>({ kind: 'prepare-sessions', inputs: [...inputs] }, { timeoutMs: CHECK_TIMEOUT_MS * inputs.length });
      return answer.ok ? answer.value : inputs.map(() => err(describeFailure(answer.error)));
    } finally {
      slot();
    }
  };
  return {
    async prepareSession(input) {
      const [answer] = await prepareSessions([input]);
      return answer ?? err({ code: 'busy', message: 'The session could not be checked now; try again in a few seconds.' });
    },
    prepareSessions,
    async prepareTurn(turn, secrets = []) {
      const answer = await pool.run<'prepare-turn'>({ kind: 'prepare-turn', turn, secrets: [...secrets] }, { timeoutMs: CHECK_TIMEOUT_MS });
      return answer.ok ? answer.value : (err(describeFailure(answer.error).message) as Result<string, string>);
    },
  };
}

/** One queue per process, whichever copy of this module asks (Next's route bundles and instrumentation load their own). */
const getCheckQueue = processSingleton('session-check-queue', () => ({ running: 0, waiting: [] as (() => void)[] }));

/** A release once this check may run, or undefined when too many wait already. Process-wide, like the pool. */
async function takeCheckSlot(): Promise<(() => void) | undefined> {
  const checks = getCheckQueue();
  if (checks.running >= CHECKS_AT_ONCE) {
    if (checks.waiting.length >= CHECKS_WAITING) return undefined;
    await new Promise<void>((resolve) => checks.waiting.push(resolve));
  } else {
    checks.running += 1;
  }
  return () => {
    const next = checks.waiting.shift();
    if (next) next();
    else checks.running -= 1;
  };
}

function describeFailure(failure: PoolFailure): SessionError {
  return { code: 'busy', message: `The session could not be checked now (${failure.message}); try again in a few seconds.` };
}
