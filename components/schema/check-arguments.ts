import { z } from 'zod';
import type { CompiledToolView } from '@/lib/client/compile-view';
import {
  type JsonSchema,
  type JsonValue,
  repairArguments,
  restoreOptionalArguments,
  type RepairRung,
  type ValidationIssue,
  createJsonSchemaValidator,
  validateWithZod,
} from '@/lib/runtime';

/** What the text would become on the model path: as-is JSON, repaired by the ladder, or refused by it. */
export type ArgumentParse =
  | { kind: 'json' }
  | { kind: 'repaired'; problem: string; rungs: RepairRung[] }
  | { kind: 'refused'; problem: string; message: string };

export type ArgumentValidation =
  | { kind: 'valid' }
  | { kind: 'invalid'; issues: ValidationIssue[] }
  /** Nothing to validate: the repair ladder refuses the text. */
  | { kind: 'skipped' }
  /** No validator could be built in this page for this schema; Run still validates on the server. */
  | { kind: 'unavailable'; message: string };

export type ArgumentCheck = { parse: ArgumentParse; validation: ArgumentValidation };

export type ArgumentChecker = (text: string) => ArgumentCheck;

/** Checks a value against a schema in the page; an empty list when it matches. */
export type Validate = (value: JsonValue) => ValidationIssue[];

/**
 * A preview, in the page, of what the runtime will do with typed arguments: the same repair
 * ladder, the same undoing of strictification, then the schema. Ajv, with the runtime's own
 * wording, when the page may compile code; the page's Content-Security-Policy forbids that in
 * production, so then Zod's reading of the JSON Schema (which needs no eval) checks instead. The
 * call itself is always validated on the server, by the tool's own validator.
 */
export function createArgumentChecker(tool: Pick<CompiledToolView, 'jsonSchema' | 'strict' | 'strictified'>): ArgumentChecker {
  const validator = createSchemaValidator(tool.jsonSchema);
  const restores = tool.strict && tool.strictified !== null;
  return (text) => {
    const parse = readArguments(text);
    if (!parse.ok) return { parse: parse.parse, validation: { kind: 'skipped' } };
    if (!validator.ok) return { parse: parse.parse, validation: { kind: 'unavailable', message: validator.message } };
    const value = restores ? restoreOptionalArguments(parse.value, tool.jsonSchema) : parse.value;
    const issues = validator.validate(value);
    return { parse: parse.parse, validation: issues.length === 0 ? { kind: 'valid' } : { kind: 'invalid', issues } };
  };
}

function readArguments(text: string): { ok: true; value: JsonValue; parse: ArgumentParse } | { ok: false; parse: ArgumentParse } {
  let problem: string | undefined;
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue, parse: { kind: 'json' } };
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  const repaired = repairArguments(text);
  if (!repaired.ok) return { ok: false, parse: { kind: 'refused', problem, message: repaired.error.message } };
  return { ok: true, value: repaired.value, parse: { kind: 'repaired', problem, rungs: repaired.repairs.map((step) => step.rung) } };
}

/** A validator for `schema` that works under the page's Content-Security-Policy (see `createArgumentChecker`). */
export function createSchemaValidator(schema: JsonSchema): { ok: true; validate: Validate } | { ok: false; message: string } {
  const ajv = createJsonSchemaValidator(schema);
  if (ajv.ok) return { ok: true, validate: ajv.value };
  try {
    const zod = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    return {
      ok: true,
      validate: (value) => {
        const parsed = validateWithZod(zod, value);
        return parsed.ok ? [] : parsed.error;
      },
    };
  } catch (error) {
    return { ok: false, message: `Live checking is not available for this schema here (${error instanceof Error ? error.message : String(error)}); Run validates it on the server.` };
  }
}
