import { isPlainObject, type RepairRung, type RuntimeEvent, type ToolInputErrorCode } from '@/lib/runtime';
import type { EvaluationCall, EvaluationCallRefusal, EvaluationRunOutcome, SessionAssertion } from '@/lib/contract';
import { checkAssertions } from './check-session-assertions';
import { readCallArguments } from './read-call-arguments';
import { summarizeTurnEvents, type CallRefusal, type TurnCall } from './summarize-turn-events';

/** What one run's events say, before the evaluation adds which run it was and where it is stored. */
export type EvaluationRunFacts = Pick<EvaluationRunOutcome, 'assertions' | 'calls' | 'repairs' | 'rejections' | 'denials' | 'iterations' | 'tokens'>;

/**
 * Reads one run's turn events into what an evaluation counts: each assertion's verdict, the calls
 * in proposal order with their argument keys, repair rungs and refusal, repairs by rung, rejections by code, denials,
 * iterations and tokens. Pure: the same events always give the same facts (Replay relies on it).
 */
export function summarizeEvaluationRun(assertions: readonly SessionAssertion[], events: readonly RuntimeEvent[]): EvaluationRunFacts {
  const summary = summarizeTurnEvents(0, events);
  const repairs: Partial<Record<RepairRung, number>> = {};
  for (const call of summary.calls) for (const rung of call.repairs) repairs[rung] = (repairs[rung] ?? 0) + 1;
  const rejections: Partial<Record<ToolInputErrorCode, number>> = {};
  let denials = 0;
  for (const call of summary.calls) {
    if (call.refusal?.kind === 'rejected' && call.refusal.code) rejections[call.refusal.code] = (rejections[call.refusal.code] ?? 0) + 1;
    if (call.refusal?.kind === 'denied') denials += 1;
  }
  return {
    assertions: checkAssertions(assertions, [events]).map(({ pass, message }) => ({ pass, message })),
    calls: summary.calls.map(describeEvaluationCall),
    repairs,
    rejections,
    denials,
    iterations: summary.iterations,
    tokens: summary.totalTokens,
  };
}

function describeEvaluationCall(call: TurnCall): EvaluationCall {
  return {
    name: call.name,
    argumentKeys: readArgumentKeys(call),
    ...(call.status ? { status: call.status } : {}),
    iteration: call.iteration,
    ...(call.repairs.length > 0 ? { repairs: [...call.repairs] } : {}),
    ...(call.refusal ? { refusal: describeRefusal(call.refusal) } : {}),
  };
}

function describeRefusal(refusal: CallRefusal): EvaluationCallRefusal {
  return refusal.kind === 'rejected' ? { kind: 'rejected', ...(refusal.code ? { code: refusal.code } : {}) } : { kind: 'denied' };
}

/** The validated arguments' keys, else the raw arguments' when they parse to an object; sorted, so key order is no signature of its own. */
function readArgumentKeys(call: TurnCall): string[] {
  const value = readCallArguments(call);
  return isPlainObject(value) ? Object.keys(value).sort() : [];
}
