import type { RuntimeEvent } from '@/lib/runtime';
import type { EvaluationAssertionResult, EvaluationRunOutcome } from '@/lib/contract';
import { summarizeEvaluationRun } from './summarize-evaluation-run';

/** How a run's turn ended, in the terms of `turn-end.reason`, from its stored outcome. */
function storedEnding(outcome: EvaluationRunOutcome): string | undefined {
  if (outcome.status === 'completed') return outcome.ending;
  switch (outcome.error.code) {
    case 'turn-error':
    case 'module-error':
      return 'error';
    case 'stopped':
      return 'aborted';
    default:
      // Refused or not stored: the turn did not end in a way its events record.
      return undefined;
  }
}

/** JSON with object keys sorted, so two equal counts by rung read the same whatever order they were counted in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

/**
 * Whether the outcome was stored before calls carried their own repair rungs and refusal: it counts
 * repairs, rejections or denials but none of its calls says which. Its calls are then compared
 * without those fields (the run's counts still are), so a run recorded then still replays identical.
 */
function isWithoutCallOutcomes(stored: EvaluationRunOutcome): boolean {
  const counted = Object.keys(stored.repairs).length > 0 || Object.keys(stored.rejections).length > 0 || stored.denials > 0;
  return counted && !stored.calls.some((call) => call.repairs !== undefined || call.refusal !== undefined);
}

/**
 * What a replay of a stored run changed in its outcome: the calls (names, argument keys, statuses,
 * iterations, in proposal order), repairs, rejections, denials, iterations, tokens, the turn's
 * ending and the assertions' verdicts (`verdicts`, checked on the replayed events). Empty when the
 * replay yields the stored outcome. Latency is a timing and never compared.
 */
export function compareEvaluationRun(stored: EvaluationRunOutcome, replayedEvents: readonly RuntimeEvent[], verdicts: readonly EvaluationAssertionResult[]): string[] {
  const summarized = summarizeEvaluationRun([], replayedEvents);
  const replayed = isWithoutCallOutcomes(stored) ? { ...summarized, calls: summarized.calls.map(({ repairs: _repairs, refusal: _refusal, ...call }) => call) } : summarized;
  const changed: string[] = [];
  const fields = ['calls', 'repairs', 'rejections', 'denials', 'iterations', 'tokens'] as const;
  for (const field of fields) if (canonical(stored[field]) !== canonical(replayed[field])) changed.push(field);
  const ending = replayedEvents.findLast((event) => event.type === 'turn-end');
  const endedAs = ending?.type === 'turn-end' ? ending.reason : undefined;
  if (storedEnding(stored) !== endedAs) changed.push(`ending (${storedEnding(stored) ?? 'none'} → ${endedAs ?? 'none'})`);
  if (canonical(stored.assertions) !== canonical(verdicts)) changed.push('assertions');
  return changed;
}
