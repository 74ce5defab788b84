// Server-only: traces are converted from and to stored records in a sandbox worker, never on the HTTP thread.
import { err } from '@/lib/runtime';
import type { TraceConversion, TraceConversionAnswers } from '@/lib/traces';
import type { SandboxPool } from './sandbox-pool';

/** Converting a 5 MB record or trace takes a worker well under a second; past this something is wrong. */
const CONVERT_TIMEOUT_MS = 15_000;

/** Runs `conversion` in the pool's least loaded worker; a full pool or a lost worker is `busy` (try again). */
export async function convertTraceInPool<K extends TraceConversion['kind']>(pool: SandboxPool, conversion: Extract<TraceConversion, { kind: K }>): Promise<TraceConversionAnswers[K]> {
  const answer = await pool.run<'convert-trace'>({ kind: 'convert-trace', conversion }, { timeoutMs: CONVERT_TIMEOUT_MS });
  if (!answer.ok) return err({ code: 'busy', message: `The trace could not be converted now (${answer.error.message}); try again in a few seconds.` }) as TraceConversionAnswers[K];
  return answer.value as TraceConversionAnswers[K];
}
