import { failed, passed, type AssertionOutcome } from './assertion-verdict';
import { compileTextPattern } from '@/lib/contract';
import { describeRefusal, firstLine } from './describe-call';
import { describeJsonValue } from '@/lib/contract';
import { formatCount, type SessionAssertionOf } from '@/lib/contract';
import type { TurnSummary } from './summarize-turn-events';

/** The name of the built-in tool a task-mode turn submits its result with. */
const SUBMIT_RESULT = 'submit_result';

export function checkFinalText(assertion: SessionAssertionOf<'final-text'>, summary: TurnSummary): AssertionOutcome {
  const label = `turn ${summary.turn + 1}`;
  const end = summary.end;
  if (!end) return failed(`Turn ${summary.turn + 1} did not finish (no turn-end), so it has no final text.`);
  const text = end.reason === 'completed' || end.reason === 'tool-ended' ? end.finalText : undefined;
  if (text === undefined) return failed(`Turn ${summary.turn + 1} ended ${describeEnding(summary)} without a final text.`);
  const shown = describeJsonValue(text);
  if (assertion.contains !== undefined && !text.includes(assertion.contains)) {
    return failed(`The final text of ${label} does not contain ${describeJsonValue(assertion.contains)}: ${shown}.`);
  }
  if (assertion.matches !== undefined) {
    const pattern = compileTextPattern(assertion.matches);
    if (!pattern.ok) return failed(pattern.error);
    if (!pattern.value.test(text)) return failed(`The final text of ${label} does not match /${assertion.matches}/: ${shown}.`);
  }
  return passed(`The final text of ${label} holds: ${shown}.`);
}

export function checkTaskResult(summary: TurnSummary): AssertionOutcome {
  const label = `Turn ${summary.turn + 1}`;
  if (!summary.end) return failed(`${label} did not finish (no turn-end).`);
  if (summary.mode !== 'task') return failed(`${label} is a ${summary.mode ?? 'turn without turn-start'}${summary.mode ? ' turn' : ''}: only a task-mode turn submits a result.`);
  const end = summary.end;
  if (end.reason === 'completed' && end.result !== undefined) return passed(`${label} ended with a result that validated: ${describeJsonValue(end.result)}.`);
  const rejected = summary.calls.filter((call) => call.name === SUBMIT_RESULT && call.refusal?.kind === 'rejected');
  const last = rejected.at(-1);
  const attempts = last ? `; ${formatCount(rejected.length, 'submission')} rejected, the last ${describeRefusal(last.refusal!)}` : `; ${SUBMIT_RESULT} was never accepted`;
  return failed(`${label} ended ${describeEnding(summary)} without a result${attempts}.`);
}

/** Checks `max` against each turn's iterations or tokens; every turn in scope must finish within it. */
export function checkTurnLimit(assertion: SessionAssertionOf<'max-iterations' | 'max-tokens'>, summaries: readonly TurnSummary[]): AssertionOutcome {
  const isIterations = assertion.kind === 'max-iterations';
  const noun = isIterations ? 'iteration' : 'token';
  const measure = (summary: TurnSummary) => (isIterations ? summary.iterations : summary.totalTokens);
  const unfinished = summaries.find((summary) => !summary.end);
  if (unfinished) return failed(`Turn ${unfinished.turn + 1} did not finish (no turn-end), so its ${noun}s are not known.`);
  const over = summaries.find((summary) => measure(summary) > assertion.max);
  if (over) {
    const used = isIterations ? `took ${formatCount(over.iterations, 'iteration')}` : `used ${formatCount(over.totalTokens, 'token')} over ${formatCount(over.responses, 'response')}`;
    return failed(`Turn ${over.turn + 1} ${used}, more than ${assertion.max.toLocaleString('en-US')}${describeMissingUsage(isIterations ? 0 : over.responsesWithoutUsage)}.`);
  }
  const most = summaries.reduce((best, summary) => (measure(summary) > measure(best) ? summary : best));
  const verb = isIterations ? 'took' : 'used';
  const without = describeMissingUsage(isIterations ? 0 : summaries.reduce((sum, summary) => sum + summary.responsesWithoutUsage, 0));
  const limit = assertion.max.toLocaleString('en-US');
  if (summaries.length === 1) return passed(`Turn ${most.turn + 1} ${verb} ${formatCount(measure(most), noun)} (at most ${limit})${without}.`);
  return passed(`Every turn ${verb} at most ${formatCount(assertion.max, noun)}; the most was ${measure(most).toLocaleString('en-US')}, in turn ${most.turn + 1}${without}.`);
}

function describeEnding(summary: TurnSummary): string {
  const end = summary.end;
  if (!end) return 'without a turn-end';
  return end.reason === 'error' ? `with an error (${firstLine(end.error)})` : `with reason ${end.reason}`;
}

function describeMissingUsage(count: number): string {
  return count === 0 ? '' : `; ${formatCount(count, 'response')} reported no usage and counted as 0`;
}
