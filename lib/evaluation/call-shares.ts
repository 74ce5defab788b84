import type { RepairRung, ToolInputErrorCode } from '@/lib/runtime';
import type { RunFacts } from './run-facts';

/** A count out of the calls proposed, and its share of them (0 when there were none). */
export type Share = { count: number; share: number };

/** What became of the calls the runs proposed. */
export type CallShares = {
  calls: number;
  /** Calls whose arguments any rung repaired, each counted once. */
  repaired: Share;
  /** Calls each rung repaired (a call repaired by two rungs counts under both), most first. */
  repairedByRung: Array<Share & { rung: RepairRung }>;
  rejected: Share;
  rejectedByCode: Array<Share & { code: ToolInputErrorCode }>;
  denied: Share;
};

/** The shares of proposed calls that were repaired (overall and by rung), rejected (by code) and denied, over every run. */
export function countCallShares(runs: readonly RunFacts[]): CallShares {
  const calls = runs.flatMap((run) => run.calls);
  const share = (count: number): Share => ({ count, share: calls.length === 0 ? 0 : count / calls.length });
  const byRung = sumCounts(calls.map((call) => Object.fromEntries([...new Set(call.repairs)].map((rung) => [rung, 1])) as Partial<Record<RepairRung, number>>));
  const byCode = sumCounts(runs.map((run) => run.rejections));
  return {
    calls: calls.length,
    repaired: share(calls.filter((call) => call.repairs.length > 0).length),
    repairedByRung: byRung.map(([rung, count]) => ({ rung, ...share(count) })),
    rejected: share(byCode.reduce((sum, [, count]) => sum + count, 0)),
    rejectedByCode: byCode.map(([code, count]) => ({ code, ...share(count) })),
    denied: share(runs.reduce((sum, run) => sum + run.denials, 0)),
  };
}

/** Counts by key added up, most first (ties by key, so the order never depends on run order). */
function sumCounts<Key extends string>(counts: ReadonlyArray<Partial<Record<Key, number>>>): Array<[Key, number]> {
  const totals = new Map<Key, number>();
  for (const entry of counts) {
    for (const [key, count] of Object.entries(entry) as Array<[Key, number | undefined]>) {
      if (count) totals.set(key, (totals.get(key) ?? 0) + count);
    }
  }
  return [...totals].sort(([keyA, a], [keyB, b]) => b - a || keyA.localeCompare(keyB));
}
