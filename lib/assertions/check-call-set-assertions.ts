import { createJsonSchemaValidator } from '@/lib/runtime';
import { formatCount, type SessionAssertionOf } from '@/lib/contract';
import { failed, passed, type AssertionOutcome } from './assertion-verdict';
import type { CallScope } from './check-call-assertions';
import { describeCall, listCallNames } from './describe-call';
import { readCallArguments } from './read-call-arguments';

const MAX_LISTED = 3;

/** The first call proposed must be of `name`. */
export function checkFirstCall(assertion: SessionAssertionOf<'first-call'>, scope: CallScope): AssertionOutcome {
  const first = scope.calls[0];
  if (!first) return failed(`No tool was called${scope.where}, so ${assertion.name} was not the first.`);
  if (first.name === assertion.name) return passed(`${describeCall(first)} was the first call${scope.where}.`);
  return failed(`The first call${scope.where} was ${describeCall(first)}, not ${assertion.name}; ${listCallNames(scope.calls)}.`);
}

/** Some call of `name` proposed within the first `iterations` model requests of its turn has arguments that validate against the schema. */
export function checkValidCallWithin(assertion: SessionAssertionOf<'valid-call-within'>, scope: CallScope): AssertionOutcome {
  const validator = createJsonSchemaValidator(assertion.schema);
  if (!validator.ok) return failed(`The schema to validate arguments against is not usable: ${validator.error}`);
  const named = scope.calls.filter((call) => call.name === assertion.name);
  if (named.length === 0) return failed(`${assertion.name} was never called${scope.where}; ${listCallNames(scope.calls)}.`);
  const early = named.filter((call) => call.iteration <= assertion.iterations);
  const within = formatCount(assertion.iterations, 'iteration');
  if (early.length === 0) return failed(`${assertion.name} was first called in iteration ${named[0]!.iteration}${scope.where}, after the first ${within}.`);
  const misses: string[] = [];
  for (const call of early) {
    const value = readCallArguments(call);
    if (value === undefined) {
      misses.push(`${describeCall(call)}: its arguments are not JSON`);
      continue;
    }
    const issues = validator.value(value);
    if (issues.length === 0) return passed(`${describeCall(call)} in iteration ${call.iteration} has arguments that validate against the schema.`);
    misses.push(`${describeCall(call)}: ${issues.slice(0, MAX_LISTED).map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`);
  }
  return failed(`No call of ${assertion.name} within the first ${within}${scope.where} has arguments that validate: ${misses.slice(0, MAX_LISTED).join('; ')}.`);
}

/** No call needed the repair ladder. */
export function checkNoRepairedCalls(scope: CallScope): AssertionOutcome {
  const repaired = scope.calls.filter((call) => call.repairs.length > 0);
  if (repaired.length === 0) return passed(`No call needed its arguments repaired${scope.where} (${formatCount(scope.calls.length, 'call')}).`);
  const shown = repaired.slice(0, MAX_LISTED).map((call) => `${describeCall(call)} (${call.repairs.join(', ')})`);
  const more = repaired.length > shown.length ? `; and ${repaired.length - shown.length} more` : '';
  return failed(`${formatCount(repaired.length, 'call')} needed ${repaired.length === 1 ? 'its' : 'their'} arguments repaired${scope.where}: ${shown.join('; ')}${more}.`);
}

/** Precision, recall and F1 of the set of tools called against the expected set. */
export function measureToolSet(called: readonly string[], expected: readonly string[]): { precision: number; recall: number; f1: number } {
  const calledSet = new Set(called);
  const expectedSet = new Set(expected);
  const hits = [...calledSet].filter((name) => expectedSet.has(name)).length;
  const precision = calledSet.size === 0 ? 0 : hits / calledSet.size;
  const recall = expectedSet.size === 0 ? 0 : hits / expectedSet.size;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** The tools called, as a set, against the expected ones: tool-call F1 at least `minF1` (default 1). */
export function checkToolSet(assertion: SessionAssertionOf<'tool-set'>, scope: CallScope): AssertionOutcome {
  const called = [...new Set(scope.calls.map((call) => call.name))];
  const { precision, recall, f1 } = measureToolSet(called, assertion.names);
  const minF1 = assertion.minF1 ?? 1;
  const missing = assertion.names.filter((name) => !called.includes(name));
  const extra = called.filter((name) => !assertion.names.includes(name));
  const facts = `precision ${round(precision)}, recall ${round(recall)}, F1 ${round(f1)}`;
  const detail = [missing.length > 0 ? `not called: ${missing.join(', ')}` : '', extra.length > 0 ? `not expected: ${extra.join(', ')}` : ''].filter(Boolean).join('; ');
  if (f1 >= minF1) return passed(`The tools called${scope.where} match the expected set: ${facts}${detail ? ` (${detail})` : ''}.`);
  return failed(`The tools called${scope.where} have ${facts}, below ${round(minF1)}${detail ? `: ${detail}` : ''}.`);
}

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
