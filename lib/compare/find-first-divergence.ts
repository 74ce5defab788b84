import type { DescribedDifference } from './describe-difference';
import { describeCallDifference, describeResponseDifference, describeTurnEndDifference, describeTurnStartDifference } from './describe-difference';
import type { CallAlignment, Divergence, IterationComparison, RunLabels, TurnComparison } from './run-comparison';

/**
 * The first point where two lined-up runs differ, in the order a reader steps through them:
 * turn by turn, what a turn started with, then each iteration (its response, then its calls
 * row by row, each call's fields in the runtime's order), then how the turn ended. Timings
 * and tokens are not differences, so they never stop the walk.
 */
export function findFirstDivergence(turns: readonly TurnComparison[], labels: RunLabels): Divergence | null {
  for (const turn of turns) {
    if (!turn.diverges) continue;
    const where = `Turn ${turn.turnIndex + 1}`;
    if (turn.presence !== 'both') return { turnIndex: turn.turnIndex, field: 'turn', sentence: `${where} only in ${labels[turn.presence]}` };
    const start = turn.start[0];
    if (start) return atTurn(turn, describeTurnStartDifference(start));
    for (const iteration of turn.iterations) {
      const found = findInIteration(turn, iteration, labels);
      if (found) return found;
    }
    const end = turn.end[0];
    if (end) return atTurn(turn, describeTurnEndDifference(end));
  }
  return null;
}

function findInIteration(turn: TurnComparison, iteration: IterationComparison, labels: RunLabels): Divergence | null {
  if (!iteration.diverges) return null;
  const where = `Turn ${turn.turnIndex + 1}, iteration ${iteration.iteration}`;
  const place = { turnIndex: turn.turnIndex, iteration: iteration.iteration };
  if (iteration.presence !== 'both') return { ...place, field: 'iteration', sentence: `${where} only in ${labels[iteration.presence]}` };
  const response = iteration.response.differences[0];
  if (response) {
    const described = describeResponseDifference(response);
    return { ...place, field: described.field, sentence: `${where}: ${described.text}` };
  }
  for (const [callIndex, call] of iteration.calls.entries()) {
    const described = describeCall(call, labels);
    if (described) return { ...place, callIndex, field: described.field, sentence: `${where}: call ${callIndex + 1} \`${call.name}\` ${described.text}` };
  }
  return null;
}

function describeCall(call: CallAlignment, labels: RunLabels): DescribedDifference | undefined {
  if (call.kind === 'deleted') return { field: 'call', text: `only in ${labels.a}` };
  if (call.kind === 'inserted') return { field: 'call', text: `only in ${labels.b}` };
  const first = call.differences[0];
  return first && describeCallDifference(first, labels);
}

function atTurn(turn: TurnComparison, described: DescribedDifference): Divergence {
  return { turnIndex: turn.turnIndex, field: described.field, sentence: `Turn ${turn.turnIndex + 1}: ${described.text}` };
}
