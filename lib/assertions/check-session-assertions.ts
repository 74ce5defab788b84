import { type RuntimeEvent, assertNever, err, ok, type Result } from '@/lib/runtime';
import { failed, type AssertionOutcome, type AssertionVerdict } from './assertion-verdict';
import { checkArgumentsMatch, checkCallOrder, checkNoRefusedCalls, checkToolCalled, type CallScope } from './check-call-assertions';
import { checkFinalText, checkTaskResult, checkTurnLimit } from './check-turn-assertions';
import { checkFirstCall, checkNoRepairedCalls, checkToolSet, checkValidCallWithin } from './check-call-set-assertions';
import { formatCount, type SessionAssertion } from '@/lib/contract';
import { summarizeTurnEvents, type TurnSummary } from './summarize-turn-events';

export type { AssertionVerdict } from './assertion-verdict';

/**
 * Checks each assertion against a session's turns, given as each turn's events in order (the
 * recorded ones, `record.turns.map((turn) => turn.events)`, or a replay's). One verdict per
 * assertion, in order, whose message names the call or turn that failed it, or says what held.
 * Pure: it reads the events and nothing else.
 */
export function checkAssertions(assertions: readonly SessionAssertion[], turnsEvents: readonly (readonly RuntimeEvent[])[]): AssertionVerdict[] {
  const summaries = turnsEvents.map((events, turn) => summarizeTurnEvents(turn, events));
  return assertions.map((assertion, index) => ({ index, ...checkAssertion(assertion, summaries) }));
}

function checkAssertion(assertion: SessionAssertion, summaries: readonly TurnSummary[]): AssertionOutcome {
  const selected = selectTurns(assertion, summaries);
  if (!selected.ok) return failed(selected.error);
  const turns = selected.value;
  const scope: CallScope = { calls: turns.flatMap((summary) => summary.calls), where: assertion.turn === undefined ? '' : ` in turn ${assertion.turn + 1}` };
  switch (assertion.kind) {
    case 'tool-called':
      return checkToolCalled(assertion, scope);
    case 'call-order':
      return checkCallOrder(assertion, scope);
    case 'arguments-match':
      return checkArgumentsMatch(assertion, scope);
    case 'no-rejected-calls':
      return checkNoRefusedCalls('rejected', scope);
    case 'no-denied-calls':
      return checkNoRefusedCalls('denied', scope);
    case 'final-text':
      return checkFinalText(assertion, turns.at(-1)!);
    case 'task-result-valid':
      return checkTaskResult(turns.at(-1)!);
    case 'max-iterations':
    case 'max-tokens':
      return checkTurnLimit(assertion, turns);
    case 'first-call':
      return checkFirstCall(assertion, scope);
    case 'valid-call-within':
      return checkValidCallWithin(assertion, scope);
    case 'no-repaired-calls':
      return checkNoRepairedCalls(scope);
    case 'tool-set':
      return checkToolSet(assertion, scope);
    default:
      return assertNever(assertion);
  }
}

/** The turns an assertion reads: the one it names, else every turn (the last alone for what only a last turn says). */
function selectTurns(assertion: SessionAssertion, summaries: readonly TurnSummary[]): Result<TurnSummary[], string> {
  if (summaries.length === 0) return err('The session has no turns to check.');
  if (assertion.turn !== undefined) {
    const summary = summaries[assertion.turn];
    return summary ? ok([summary]) : err(`The session has ${formatCount(summaries.length, 'turn')}; there is no turn ${assertion.turn + 1}.`);
  }
  const lastOnly = assertion.kind === 'final-text' || assertion.kind === 'task-result-valid';
  return ok(lastOnly ? [summaries.at(-1)!] : [...summaries]);
}
