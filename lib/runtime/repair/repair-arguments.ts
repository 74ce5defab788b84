import type { JsonValue } from '../vocabulary/json';
import { isPlainObject } from '../vocabulary/json';
import type { RepairRung, RepairStep } from '../vocabulary/issues';
import { closeTruncated } from './close-truncated';
import { emptyToObject } from './empty-to-object';
import { escapeInnerQuotes } from './escape-inner-quotes';
import { extractJsonFromProse } from './extract-json-from-prose';
import { findTemplateMarkup } from './find-template-markup';
import { fixClosers } from './fix-closers';
import { fixSyntax } from './fix-syntax';
import { insertMissingCommas } from './insert-missing-commas';
import { parseJson } from './parse-json';
import { createRepairError, type RepairError } from './repair-error';
import type { RepairRungDefinition } from './repair-rung';
import { describeFound, scanJson } from './scan-json';
import { straightenQuotes } from './straighten-quotes';
import { stripCodeFence } from './strip-code-fence';
import { stripTagWrapper } from './strip-tag-wrapper';
import { unwrapDoubleEncoded } from './unwrap-double-encoded';
import { unwrapFencedArray } from './unwrap-fenced-array';

export type { RepairError, RepairErrorCode } from './repair-error';

/**
 * What the ladder made of a raw argument string: the parsed object and every rung that
 * changed the text (empty when the input was valid JSON), or a refusal for the model.
 */
export type RepairOutcome =
  | { ok: true; value: JsonValue; repairs: RepairStep[] }
  | { ok: false; error: RepairError };

/** Arguments longer than this (in UTF-16 code units) are refused before any scanning. */
export const MAX_ARGUMENT_LENGTH = 1_000_000;

/**
 * Unwrapping comes before rewriting, and the quote rungs run before fix-syntax: it reads any
 * quote as a string's end, and rewrites what then looks like bare words (`True`, `key:`)
 * inside what was really a value. Commas and closers are judged on the strict grammar
 * fix-syntax leaves, and a tail still open after them is closed last.
 */
const LADDER: readonly RepairRungDefinition[] = [
  emptyToObject,
  stripCodeFence,
  unwrapFencedArray,
  stripTagWrapper,
  extractJsonFromProse,
  unwrapDoubleEncoded,
  straightenQuotes,
  escapeInnerQuotes,
  fixSyntax,
  insertMissingCommas,
  fixClosers,
  closeTruncated,
];

/** The rungs, in the order they are tried. Parsing as-is comes first and is not a rung. */
export const REPAIR_RUNGS: readonly RepairRung[] = LADDER.map((definition) => definition.rung);

type Attempt = { kind: 'object'; value: JsonValue } | { kind: 'string' } | { kind: 'unparsed' } | { kind: 'refused'; error: RepairError };

/**
 * Parses tool-call arguments, repairing the mistakes models make through a fixed ladder of
 * named rungs, each tried at most once and in order. Valid JSON is never rewritten nor
 * refused, whatever its strings contain. Where a repair would have to guess (two different
 * objects, a cut inside a key, NaN, prose with no object, tool-template markup inside a
 * repaired value, a quote or a closer that reads two ways), it refuses with a message the
 * model can act on.
 */
export function repairArguments(raw: string): RepairOutcome {
  if (raw.length > MAX_ARGUMENT_LENGTH) {
    return refusal(
      createRepairError(
        'too-large',
        `Arguments are too large to parse (${raw.length} characters; the limit is ${MAX_ARGUMENT_LENGTH}). Send fewer or shorter values.`,
      ),
    );
  }
  const first = attemptParse(raw);
  // Valid JSON passes as-is whatever its strings hold: a tool that edits prompts or documents
  // about tool calling may carry chat-template markup as content.
  if (first.kind === 'object') return { ok: true, value: first.value, repairs: [] };
  if (first.kind === 'refused') return refusal(first.error);

  let text = raw;
  const repairs: RepairStep[] = [];
  for (const definition of LADDER) {
    const outcome = definition.apply(text);
    if (outcome.kind === 'skipped') continue;
    if (outcome.kind === 'refused') return refusal(outcome.error);
    repairs.push({ rung: definition.rung, before: text, after: outcome.text });
    text = outcome.text;
    const attempt = attemptParse(text);
    if (attempt.kind === 'object') return acceptRepaired(attempt.value, repairs);
    if (attempt.kind === 'refused') return refusal(attempt.error);
  }
  return refusal(describeUnparsed(text, repairs));
}

/**
 * Markup is checked only on text the ladder had to repair: there a leaked end marker says the
 * repair would be guessing where a value ends, while valid JSON says what it means.
 */
function acceptRepaired(value: JsonValue, repairs: RepairStep[]): RepairOutcome {
  // A double-encoded object was valid JSON inside its string: its boundaries are explicit.
  if (repairs.every((step) => step.rung === 'unwrap-double-encoded')) return { ok: true, value, repairs };
  const markup = findTemplateMarkup(value);
  return markup === undefined ? { ok: true, value, repairs } : refusal(markup);
}

function attemptParse(text: string): Attempt {
  const parsed = parseJson(text);
  if (!parsed.ok) return { kind: 'unparsed' };
  if (isPlainObject(parsed.value)) return { kind: 'object', value: parsed.value };
  // A string may still hold a double-encoded object; the unwrap rung decides.
  if (typeof parsed.value === 'string') return { kind: 'string' };
  return { kind: 'refused', error: notAnObject(parsed.value) };
}

function describeUnparsed(text: string, repairs: readonly RepairStep[]): RepairError {
  const parsed = parseJson(text);
  if (parsed.ok) return notAnObject(parsed.value);
  const scan = scanJson(text);
  const where = repairs.length === 0 ? '' : ` of the text after ${repairs.map((step) => step.rung).join(', ')}`;
  if (scan.kind === 'invalid') {
    return createRepairError('not-json', `Arguments are not valid JSON: unexpected ${scan.found} at position ${scan.position}${where}.`);
  }
  // The close-truncated rung has already closed or refused every truncation it can judge.
  return createRepairError('not-json', `Arguments are not valid JSON: unexpected ${describeFound(text, text.length)}${where}.`);
}

function notAnObject(value: JsonValue): RepairError {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  return createRepairError('not-an-object', `Arguments must be a JSON object with the tool's parameters, not ${kind}.`);
}

function refusal(error: RepairError): RepairOutcome {
  return { ok: false, error };
}
