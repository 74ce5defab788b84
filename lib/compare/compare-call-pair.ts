import type { CallFacts } from './collect-turn-facts';
import { diffContent } from './diff/diff-content';
import { diffJson, isEmptyDiff } from './diff/diff-json';
import type { CallDifference, Sides } from './run-comparison';
import { toSides } from './to-sides';

export type CallPairComparison = { differences: CallDifference[]; durationMs?: Sides<number> };

/**
 * How two calls of the same name differ, field by field in the order the runtime settles them:
 * arguments, repairs, input errors, search, permission, approval, status, output. A call moved
 * within a parallel batch in both runs did not change what any tool saw, so its order is not
 * a difference; moved anywhere else, it is. Durations are reported apart.
 */
export function compareCallPair(a: CallFacts, b: CallFacts, options: { moved: boolean; maxChanges: number }): CallPairComparison {
  const limit = { limit: options.maxChanges };
  const differences: CallDifference[] = [];
  const argumentsDiff = diffContent(a.arguments ?? '', b.arguments ?? '', limit);
  if (argumentsDiff) differences.push({ field: 'arguments', diff: argumentsDiff });
  if (options.moved && !(a.batch?.mode === 'parallel' && b.batch?.mode === 'parallel')) {
    differences.push({ field: 'order', a: a.position, b: b.position });
  }
  if (a.repairs.join() !== b.repairs.join()) differences.push({ field: 'repairs', a: a.repairs, b: b.repairs });
  if (a.inputError?.code !== b.inputError?.code) differences.push({ field: 'input-error', ...toSides(a.inputError?.code, b.inputError?.code) });
  const search = diffJson(a.search, b.search, limit);
  if (!isEmptyDiff(search)) differences.push({ field: 'search', diff: search });
  if (a.permission !== b.permission) differences.push({ field: 'permission', ...toSides(a.permission, b.permission) });
  if (a.approval?.approved !== b.approval?.approved || a.approval?.decidedBy !== b.approval?.decidedBy) {
    differences.push({ field: 'approval', ...toSides(a.approval, b.approval) });
  }
  if (a.result?.status !== b.result?.status) differences.push({ field: 'status', ...toSides(a.result?.status, b.result?.status) });
  const output = a.result && b.result ? diffContent(a.result.output, b.result.output, limit) : undefined;
  if (output) differences.push({ field: 'output', diff: output });
  const details = diffJson(a.result?.details, b.result?.details, limit);
  if (!isEmptyDiff(details)) differences.push({ field: 'details', diff: details });
  const logs = diffJson(a.logs, b.logs, limit);
  if (!isEmptyDiff(logs)) differences.push({ field: 'logs', diff: logs });

  const comparison: CallPairComparison = { differences };
  if (a.result?.durationMs !== b.result?.durationMs) comparison.durationMs = toSides(a.result?.durationMs, b.result?.durationMs);
  return comparison;
}
