import { collectTurnFacts, type TurnFacts } from './collect-turn-facts';
import { compareTurn } from './compare-turn';
import { resolveComparisonSettings } from './comparison-settings';
import { findFirstDivergence } from './find-first-divergence';
import type { CompareRunsOptions, RunComparison, RunEvents, RunTotals } from './run-comparison';

/**
 * Lines up two runs step by step and says where they first diverge. Turns pair by index,
 * iterations by number, calls by name in the model's order (a parallel batch that came back
 * reordered still pairs call with call); each pair's arguments and outputs are diffed
 * structurally when they are JSON. Timings and tokens are reported but are not divergence; ids
 * (`turnId`, `callId`, `responseId`, `seq`, `at`) are never compared. Pure, deterministic and
 * linear in the events apart from each iteration's bounded call alignment.
 */
export function compareRuns(a: RunEvents, b: RunEvents, options: CompareRunsOptions = {}): RunComparison {
  const settings = resolveComparisonSettings(options);
  const left = a.map(collectTurnFacts);
  const right = b.map(collectTurnFacts);
  const turns = Array.from({ length: Math.max(left.length, right.length) }, (_, index) => compareTurn(index, left[index], right[index], settings));
  return {
    labels: settings.labels,
    turnCount: { a: left.length, b: right.length },
    turns,
    totals: { a: totalRun(left), b: totalRun(right) },
    firstDivergence: findFirstDivergence(turns, settings.labels),
  };
}

function totalRun(turns: readonly TurnFacts[]): RunTotals {
  const totals: RunTotals = { turns: turns.length, iterations: 0, calls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0, modelMs: 0, toolMs: 0 };
  for (const turn of turns) {
    for (const iteration of turn.iterations) {
      totals.iterations += 1;
      totals.calls += iteration.calls.length;
      const usage = iteration.response?.usage;
      if (usage) {
        totals.inputTokens += usage.inputTokens;
        totals.outputTokens += usage.outputTokens;
        totals.totalTokens += usage.totalTokens;
      }
      totals.modelMs += iteration.response?.timing?.durationMs ?? 0;
      for (const call of iteration.calls) totals.toolMs += call.result?.durationMs ?? 0;
    }
  }
  return totals;
}
