import { type JsonValue, createJsonSchemaValidator, formatIssuePath } from '@/lib/runtime';
import { failed, passed, type AssertionOutcome } from './assertion-verdict';
import { describeCall, describeRefusal, listCallNames, listCalls } from './describe-call';
import { describeJsonValue } from '@/lib/contract';
import { matchPartialValue } from './match-partial-value';
import { formatCount, type ArgumentsMatcher, type SessionAssertionOf } from '@/lib/contract';
import type { TurnCall } from './summarize-turn-events';
import { readCallArguments } from './read-call-arguments';

/** Where the checked calls come from, for messages: ` in turn 2`, or nothing for the whole session. */
export type CallScope = { calls: readonly TurnCall[]; where: string };

const MAX_LISTED_REFUSALS = 3;

export function checkToolCalled(assertion: SessionAssertionOf<'tool-called'>, scope: CallScope): AssertionOutcome {
  const matching = scope.calls.filter((call) => call.name === assertion.name);
  const count = formatCount(matching.length, 'time');
  if (!assertion.called) {
    if (matching.length === 0) return passed(`${assertion.name} was never called${scope.where}.`);
    return failed(`${assertion.name} was called ${count}${scope.where}: ${listCalls(matching)}.`);
  }
  const min = assertion.times?.min ?? 1;
  const max = assertion.times?.max;
  if (matching.length === 0 && min > 0) return failed(`${assertion.name} was never called${scope.where}; ${listCallNames(scope.calls)}.`);
  if (matching.length < min) return failed(`${assertion.name} was called ${count}${scope.where}, fewer than ${min}: ${listCalls(matching)}.`);
  if (max !== undefined && matching.length > max) return failed(`${assertion.name} was called ${count}${scope.where}, more than ${max}: ${listCalls(matching)}.`);
  return passed(`${assertion.name} was called ${count}${scope.where}.`);
}

/** The names must appear in this order among the calls; a greedy scan finds the earliest such calls. */
export function checkCallOrder(assertion: SessionAssertionOf<'call-order'>, scope: CallScope): AssertionOutcome {
  const found: TurnCall[] = [];
  for (const call of scope.calls) {
    if (found.length < assertion.names.length && call.name === assertion.names[found.length]) found.push(call);
  }
  if (found.length === assertion.names.length) return passed(`${assertion.names.join(', ')} were called in this order${scope.where}.`);
  const missing = assertion.names[found.length];
  const last = found.at(-1);
  if (!last) return failed(`${missing} was never called${scope.where}; ${listCallNames(scope.calls)}.`);
  return failed(`${assertion.names.slice(0, found.length).join(', ')} were called in order (up to ${describeCall(last)}), but no ${missing} after it${scope.where}; ${listCallNames(scope.calls)}.`);
}

export function checkArgumentsMatch(assertion: SessionAssertionOf<'arguments-match'>, scope: CallScope): AssertionOutcome {
  const matching = scope.calls.filter((call) => call.name === assertion.name);
  if (matching.length === 0) return failed(`${assertion.name} was never called${scope.where}, so there are no arguments to match; ${listCallNames(scope.calls)}.`);
  const matcher = createArgumentsMatcher(assertion.match);
  if (!matcher.ok) return failed(matcher.error);
  const results = matching.map((call) => ({ call, mismatch: matcher.match(call) }));
  const misses = results.filter((result) => result.mismatch !== undefined);
  const calls = formatCount(matching.length, 'call');
  if (assertion.every === false) {
    const hit = results.find((result) => result.mismatch === undefined);
    if (hit) return passed(`${describeCall(hit.call)} has matching arguments (${matching.length - misses.length} of ${calls}).`);
    const first = misses[0]!;
    return failed(`None of the ${calls} of ${assertion.name}${scope.where} has matching arguments; ${describeCall(first.call)}: ${first.mismatch}.`);
  }
  const first = misses[0];
  if (!first) return passed(`Every call of ${assertion.name}${scope.where} has matching arguments (${calls}).`);
  const others = misses.length > 1 ? ` (${misses.length} of ${calls} do not match)` : '';
  return failed(`${describeCall(first.call)}: ${first.mismatch}${others}.`);
}

type ArgumentsMatch = { ok: true; match: (call: TurnCall) => string | undefined } | { ok: false; error: string };

/** Reads a call's arguments (as validated, else as sent when they are JSON) and says how they differ from what is expected. */
function createArgumentsMatcher(matcher: ArgumentsMatcher): ArgumentsMatch {
  let compare: (value: JsonValue) => string | undefined;
  if (matcher.kind === 'partial') {
    compare = (value) => {
      const mismatch = matchPartialValue(value, matcher.value);
      if (!mismatch) return undefined;
      const actual = mismatch.actual === undefined ? 'is missing' : `is ${describeJsonValue(mismatch.actual)}`;
      return `${formatIssuePath(mismatch.path)} ${actual}, expected ${describeJsonValue(mismatch.expected)}`;
    };
  } else {
    const validator = createJsonSchemaValidator(matcher.schema);
    if (!validator.ok) return { ok: false, error: `The schema to match arguments against is not usable: ${validator.error}` };
    compare = (value) => {
      const issues = validator.value(value);
      if (issues.length === 0) return undefined;
      const shown = issues.slice(0, MAX_LISTED_REFUSALS).map((issue) => `${issue.path}: ${issue.message}`);
      return `its arguments do not validate (${shown.join('; ')}${issues.length > shown.length ? '; …' : ''})`;
    };
  }
  return {
    ok: true,
    match: (call) => {
      const value = readCallArguments(call);
      return value === undefined ? `its arguments are not JSON (${describeJsonValue(call.rawArguments)})` : compare(value);
    },
  };
}

export function checkNoRefusedCalls(kind: 'rejected' | 'denied', scope: CallScope): AssertionOutcome {
  const refused = scope.calls.filter((call) => call.refusal?.kind === kind);
  if (refused.length === 0) return passed(`No call was ${kind}${scope.where} (${formatCount(scope.calls.length, 'call')}).`);
  const shown = refused.slice(0, MAX_LISTED_REFUSALS).map((call) => `${describeCall(call)} was ${describeRefusal(call.refusal!)}`);
  const more = refused.length > shown.length ? `; and ${refused.length - shown.length} more` : '';
  return failed(`${formatCount(refused.length, 'call')} ${refused.length === 1 ? 'was' : 'were'} ${kind}${scope.where}: ${shown.join('; ')}${more}.`);
}
