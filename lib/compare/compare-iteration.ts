import { alignByName } from './align-by-name';
import type { CallFacts, IterationFacts } from './collect-turn-facts';
import { compareCallPair } from './compare-call-pair';
import type { ComparisonSettings } from './comparison-settings';
import { diffContent } from './diff/diff-content';
import { diffJson, isEmptyDiff, isJsonEqual } from './diff/diff-json';
import type { CallAlignment, CallSummary, IterationComparison, Presence, ResponseComparison, ResponseDifference, ResponseKind, ResponseSummary } from './run-comparison';
import { toSides } from './to-sides';

/** An iteration neither side has, standing in for the missing one. */
const NO_ITERATION: IterationFacts = { iteration: 0, calls: [], searches: [] };

/**
 * Lines up one iteration of each run: the responses, then the calls, matched by name in order
 * (`alignByName`). An iteration only one run reached is compared against an empty one, so each
 * of its calls is an insertion or a deletion.
 */
export function compareIteration(a: IterationFacts | undefined, b: IterationFacts | undefined, settings: ComparisonSettings): IterationComparison {
  const presence: Presence = a && b ? 'both' : a ? 'a' : 'b';
  const left = a ?? NO_ITERATION;
  const right = b ?? NO_ITERATION;
  const response = compareResponses(a, b, settings);
  const calls = alignCalls(left.calls, right.calls, settings);
  const diverges = presence !== 'both' || response.differences.length > 0 || calls.some((call) => call.kind !== 'matched' || call.differences.length > 0);
  return { iteration: (a ?? b ?? NO_ITERATION).iteration, presence, response, calls, diverges };
}

function compareResponses(a: IterationFacts | undefined, b: IterationFacts | undefined, settings: ComparisonSettings): ResponseComparison {
  const comparison: ResponseComparison = { ...toSides(a && summarizeResponse(a), b && summarizeResponse(b)), differences: [] };
  if (!a || !b) return comparison;
  const differences: ResponseDifference[] = comparison.differences;
  if (a.request && b.request) {
    const offered = new Set(a.request.offeredTools);
    const offeredByB = new Set(b.request.offeredTools);
    const added = b.request.offeredTools.filter((name) => !offered.has(name));
    const removed = a.request.offeredTools.filter((name) => !offeredByB.has(name));
    if (added.length > 0 || removed.length > 0) differences.push({ field: 'offered-tools', added, removed });
  }
  const kinds = { a: kindOf(a), b: kindOf(b) };
  if (kinds.a !== kinds.b) differences.push({ field: 'kind', ...kinds });
  const errors = { a: a.error && `${a.error.code}: ${a.error.message}`, b: b.error && `${b.error.code}: ${b.error.message}` };
  if (errors.a !== errors.b) differences.push({ field: 'error', ...toSides(errors.a, errors.b) });
  const text = diffContent(a.response?.text ?? '', b.response?.text ?? '', { limit: settings.maxChanges });
  if (text) differences.push({ field: 'text', diff: text });
  const searches = diffJson(a.searches, b.searches, { limit: settings.maxChanges });
  if (!isEmptyDiff(searches)) differences.push({ field: 'searches', diff: searches });

  const usage = toSides(a.response?.usage, b.response?.usage);
  if (!isJsonEqual(usage.a, usage.b)) comparison.usage = usage;
  const timing = toSides(a.response?.timing, b.response?.timing);
  if (!isJsonEqual(timing.a, timing.b)) comparison.timing = timing;
  return comparison;
}

function alignCalls(a: readonly CallFacts[], b: readonly CallFacts[], settings: ComparisonSettings): CallAlignment[] {
  const rows = alignByName(
    a.map((call) => call.name),
    b.map((call) => call.name),
    settings.maxAlignmentCells,
  );
  return rows.map((row): CallAlignment => {
    const left = row.a === undefined ? undefined : a[row.a];
    const right = row.b === undefined ? undefined : b[row.b];
    if (left && right) {
      const { differences, durationMs } = compareCallPair(left, right, { moved: row.moved === true, maxChanges: settings.maxChanges });
      return { kind: 'matched', name: left.name, a: summarizeCall(left), b: summarizeCall(right), moved: row.moved === true, differences, ...(durationMs ? { durationMs } : {}) };
    }
    if (left) return { kind: 'deleted', name: left.name, a: summarizeCall(left) };
    if (right) return { kind: 'inserted', name: right.name, b: summarizeCall(right) };
    throw new Error('An aligned row has neither side.');
  });
}

function summarizeCall(call: CallFacts): CallSummary {
  return { callId: call.callId, position: call.position, ...(call.result ? { status: call.result.status } : {}) };
}

function summarizeResponse(iteration: IterationFacts): ResponseSummary {
  const seq = (iteration.response ?? iteration.direct ?? iteration.error)?.seq;
  return { kind: kindOf(iteration), ...(seq === undefined ? {} : { seq }), callCount: iteration.calls.length };
}

function kindOf(iteration: IterationFacts): ResponseKind {
  if (iteration.response) return 'model';
  if (iteration.direct) return 'direct';
  if (iteration.error) return 'error';
  return 'unanswered';
}
