import type { RuntimeEventOf, JsonValue } from '@/lib/runtime';
import type { IterationFacts, TurnFacts } from './collect-turn-facts';
import { compareIteration } from './compare-iteration';
import type { ComparisonSettings } from './comparison-settings';
import { diffContent } from './diff/diff-content';
import { diffJson, isEmptyDiff } from './diff/diff-json';
import type { Presence, TurnComparison, TurnEndDifference, TurnStartDifference, TurnSummary } from './run-comparison';
import { toSides } from './to-sides';

/** A turn neither side has, standing in for the missing one. */
const NO_TURN: TurnFacts = { iterations: [] };

/**
 * Lines up one turn of each run: what it started with, its iterations by number, how it ended.
 * A turn only one run has is compared against an empty one, so all of it shows as one-sided.
 */
export function compareTurn(turnIndex: number, a: TurnFacts | undefined, b: TurnFacts | undefined, settings: ComparisonSettings): TurnComparison {
  const presence: Presence = a && b ? 'both' : a ? 'a' : 'b';
  const start = a && b ? compareStarts(a, b, settings) : [];
  const iterations = pairIterations(a ?? NO_TURN, b ?? NO_TURN).map(([left, right]) => compareIteration(left, right, settings));
  const end = a && b ? compareEnds(a, b, settings) : [];
  return {
    turnIndex,
    presence,
    ...toSides(a && summarizeTurn(a), b && summarizeTurn(b)),
    start,
    iterations,
    end,
    diverges: presence !== 'both' || start.length > 0 || end.length > 0 || iterations.some((iteration) => iteration.diverges),
  };
}

function compareStarts(a: TurnFacts, b: TurnFacts, settings: ComparisonSettings): TurnStartDifference[] {
  const limit = { limit: settings.maxChanges };
  const differences: TurnStartDifference[] = [];
  const message = diffContent(a.start?.userMessage ?? '', b.start?.userMessage ?? '', limit);
  if (message) differences.push({ field: 'user-message', diff: message });
  const turnSettings = diffJson(settingsOf(a.start), settingsOf(b.start), limit);
  if (!isEmptyDiff(turnSettings)) differences.push({ field: 'settings', diff: turnSettings });
  if (a.sandboxError?.code !== b.sandboxError?.code) differences.push({ field: 'sandbox', ...toSides(a.sandboxError?.code, b.sandboxError?.code) });
  const tools = { a: new Set(a.tools ?? []), b: new Set(b.tools ?? []) };
  const added = [...tools.b].filter((name) => !tools.a.has(name));
  const removed = [...tools.a].filter((name) => !tools.b.has(name));
  if (added.length > 0 || removed.length > 0) differences.push({ field: 'tools', added, removed });
  return differences;
}

function compareEnds(a: TurnFacts, b: TurnFacts, settings: ComparisonSettings): TurnEndDifference[] {
  const limit = { limit: settings.maxChanges };
  const differences: TurnEndDifference[] = [];
  if (a.end?.reason !== b.end?.reason) differences.push({ field: 'reason', ...toSides(a.end?.reason, b.end?.reason) });
  const finalText = diffContent(finalTextOf(a.end) ?? '', finalTextOf(b.end) ?? '', limit);
  if (finalText) differences.push({ field: 'final-text', diff: finalText });
  const result = diffJson(resultOf(a.end), resultOf(b.end), limit);
  if (!isEmptyDiff(result)) differences.push({ field: 'result', diff: result });
  const error = diffContent(errorOf(a.end) ?? '', errorOf(b.end) ?? '', limit);
  if (error) differences.push({ field: 'error', diff: error });
  const filesA = a.end?.state?.files;
  const filesB = b.end?.state?.files;
  const files = filesA && filesB ? diffJson(filesA, filesB, limit) : undefined;
  if (files && !isEmptyDiff(files)) differences.push({ field: 'files', diff: files });
  const iterations = { a: iterationCount(a), b: iterationCount(b) };
  if (iterations.a !== iterations.b) differences.push({ field: 'iterations', ...iterations });
  return differences;
}

/** Iterations of both turns by number, in order; a side is undefined where its turn has no such iteration. */
function pairIterations(a: TurnFacts, b: TurnFacts): [IterationFacts | undefined, IterationFacts | undefined][] {
  const byNumber = new Map<number, [IterationFacts | undefined, IterationFacts | undefined]>();
  for (const iteration of a.iterations) byNumber.set(iteration.iteration, [iteration, undefined]);
  for (const iteration of b.iterations) {
    const pair = byNumber.get(iteration.iteration);
    if (pair) pair[1] = iteration;
    else byNumber.set(iteration.iteration, [undefined, iteration]);
  }
  return [...byNumber.entries()].sort(([left], [right]) => left - right).map(([, pair]) => pair);
}

function settingsOf(start: RuntimeEventOf<'turn-start'> | undefined): JsonValue | undefined {
  if (!start) return undefined;
  const settings: { [key: string]: JsonValue } = { mode: start.mode, permissionMode: start.permissionMode, maxIterations: start.maxIterations };
  if (start.instructions !== undefined) settings.instructions = start.instructions;
  if (start.modelSettings !== undefined) settings.modelSettings = start.modelSettings as { [key: string]: JsonValue };
  return settings;
}

type TurnEnd = RuntimeEventOf<'turn-end'> | undefined;

function finalTextOf(end: TurnEnd): string | undefined {
  return end && (end.reason === 'completed' || end.reason === 'tool-ended') ? end.finalText : undefined;
}

function resultOf(end: TurnEnd): JsonValue | undefined {
  return end?.reason === 'completed' ? end.result : undefined;
}

function errorOf(end: TurnEnd): string | undefined {
  return end?.reason === 'error' ? end.error : undefined;
}

function iterationCount(turn: TurnFacts): number {
  return turn.end?.iterations ?? turn.iterations.length;
}

function summarizeTurn(turn: TurnFacts): TurnSummary {
  return {
    ...(turn.turnId === undefined ? {} : { turnId: turn.turnId }),
    ...(turn.start ? { model: turn.start.model } : {}),
    ...(turn.end ? { reason: turn.end.reason } : {}),
    iterations: iterationCount(turn),
  };
}
