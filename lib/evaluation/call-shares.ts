import type { RepairRung, ToolInputErrorCode } from '@/lib/runtime';
import type { RunFacts } from './run-facts';

/** A count out of the calls proposed, and its share of them (0 when there were none). */
export type Share = { count: number; share: number };

/** What became of the calls the runs proposed. */
export type CallShares = {
  calls: number;
  /** Calls whose arguments needed at least one repair rung. */
  repaired: Share;
  /** Calls each rung repaired (a call repaired by two rungs counts under both), most first. */
  repairedByRung: Array<Share & { rung: RepairRung }>;
  rejected: Share;
  rejectedByCode: Array<Share & { code: ToolInputErrorCode }>;
  denied: Share;
};

/** The shares of proposed calls that were repaired (by rung), rejected (by code) and denied, over every run. */
export function countCallShares(runs: readonly RunFacts[]): CallShares {
  const calls = runs.flatMap((run) => run.calls);
  const byRung = new Map<RepairRung, number>();
  const byCode = new Map<ToolInputErrorCode, number>();
  let repaired = 0;
  let rejected = 0;
  let denied = 0;
  for (const call of calls) {
    if (call.repairs.length > 0) repaired += 1;
    for (const rung of new Set(call.repairs)) byRung.set(rung, (byRung.get(rung) ?? 0) + 1);
    if (call.outcome.kind === 'rejected') {
      rejected += 1;
      byCode.set(call.outcome.code, (byCode.get(call.outcome.code) ?? 0) + 1);
    } else if (call.outcome.kind === 'denied') denied += 1;
  }
  const share = (count: number): Share => ({ count, share: calls.length === 0 ? 0 : count / calls.length });
  return {
    calls: calls.length,
    repaired: share(repaired),
    repairedByRung: [...byRung].map(([rung, count]) => ({ rung, ...share(count) })).sort((a, b) => b.count - a.count),
    rejected: share(rejected),
    rejectedByCode: [...byCode].map(([code, count]) => ({ code, ...share(count) })).sort((a, b) => b.count - a.count),
    denied: share(denied),
  };
}
