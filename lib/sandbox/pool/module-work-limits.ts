// Server-only: how long the HTTP thread waits on a worker that compiles or opens a module.
import { moduleEvaluationBudgetMs } from '@/lib/contract';

/** Waiting for a module of up to a million characters: esbuild, evaluation and the schema checks, queued behind other work. */
const BASE_TIMEOUT_MS = 30_000;
/**
 * Each further million characters: a 3.8M-character catalog compiles in ~10 s in an idle worker
 * and took 55 s on this 2-core machine under a load of 15 (sandbox workers run at a lower priority).
 */
const TIMEOUT_MS_PER_MILLION_CHARACTERS = 30_000;
/** Past the evaluation's own CPU budget, before the watchdog counts a silent worker as stuck. */
const SILENCE_MARGIN_MS = 1500;

/** The `timeoutMs` and `silenceMs` of a compile or turn-open request for `source`: both grow with its size. */
export function moduleWorkLimits(source: string): { timeoutMs: number; silenceMs: number } {
  const millionsBeyondFirst = Math.max(0, source.length - 1_000_000) / 1_000_000;
  return {
    timeoutMs: Math.ceil(BASE_TIMEOUT_MS + millionsBeyondFirst * TIMEOUT_MS_PER_MILLION_CHARACTERS),
    silenceMs: moduleEvaluationBudgetMs(source.length) + SILENCE_MARGIN_MS,
  };
}
