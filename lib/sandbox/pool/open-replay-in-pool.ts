// Server-only: Replay parses stored records and compares the replayed events in a sandbox worker, never on the HTTP thread.
import { randomUUID } from 'node:crypto';
import type { ReplayOpener, ReplayStep } from '@/lib/replay';
import { err, type Result } from '@/lib/runtime';
import type { SessionError } from '@/lib/sessions';
import type { SandboxPool } from './sandbox-pool';
import type { PoolFailure } from './worker-slot';

/** Parsing a 5 MB record, or comparing a turn's events and checking assertions, takes a worker well under a second. */
const STEP_TIMEOUT_MS = 15_000;

function busy(failure: PoolFailure): Result<never, SessionError> {
  return err({ code: 'busy', message: `The session could not be replayed now (${failure.message}); try again in a few seconds.` });
}

/**
 * Opens replays in the pool's least loaded worker, which parses the record and keeps it; every
 * later step goes to that same worker. The HTTP thread gets one turn's request and tape at a time
 * and, at the end, the report. A lost worker or a full pool is `busy` (try again).
 */
export function createPooledReplayOpener(pool: SandboxPool): ReplayOpener {
  return async (session) => {
    const picked = pool.pickWorker('job');
    if (!picked.ok) return busy(picked.error);
    const worker = picked.value;
    const replayKey = randomUUID();
    const opened = await pool.send<'open-replay'>(worker, { kind: 'open-replay', replayKey, session }, { timeoutMs: STEP_TIMEOUT_MS });
    if (!opened.ok) return busy(opened.error);
    if (!opened.value.ok) return opened.value;
    const step: ReplayStep = opened.value.value;
    return {
      ok: true,
      value: {
        step,
        async advance(replayed) {
          const answer = await pool.send<'advance-replay'>(worker, { kind: 'advance-replay', replayKey, replayed }, { timeoutMs: STEP_TIMEOUT_MS });
          return answer.ok ? answer.value : busy(answer.error);
        },
        close() {
          if (worker.alive) void pool.send<'close-replay'>(worker, { kind: 'close-replay', replayKey }, { timeoutMs: STEP_TIMEOUT_MS });
        },
      },
    };
  };
}
