import { z } from 'zod';
import type { CompiledToolView } from '@/lib/client/compile';
import {
  type ArgumentsCheck,
  checkArguments,
  createJsonSchemaValidator,
  type JsonSchema,
  type JsonValue,
  type RepairRung,
  type ValidationIssue,
  validateWithZod,
} from '@/lib/runtime';

/**
 * What the text would become on the model path: as-is JSON, repaired by the ladder, or refused
 * by it. `problem` is why the text is not JSON as typed; absent when it is JSON but not an object.
 */
export type ArgumentParse =
  | { kind: 'json' }
  | { kind: 'repaired'; problem?: string; rungs: RepairRung[] }
  | { kind: 'refused'; problem?: string; message: string };

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
 * A preview, in the page, of what the runtime will do with typed arguments: the runtime's own
 * `checkArguments` (the repair ladder, the undoing of strictification, then the schema) with a
 * validator built here. Ajv, with the runtime's own wording, when the page may compile code;
 * the page's Content-Security-Policy forbids that in production, so then Zod's reading of the
 * JSON Schema (which needs no eval) checks instead. The call itself is always validated on the
 * server, by the tool's own validator.
 */
export function createArgumentChecker(tool: Pick<CompiledToolView, 'jsonSchema' | 'strict' | 'strictified'>): ArgumentChecker {
  const validator = createSchemaValidator(tool.jsonSchema);
  const target = { parameters: tool.jsonSchema, strictified: tool.strict && tool.strictified !== null };
  const validate = (value: JsonValue): ArgumentValidation => {
    if (!validator.ok) return { kind: 'unavailable', message: validator.message };
    const issues = validator.validate(value);
    return issues.length === 0 ? { kind: 'valid' } : { kind: 'invalid', issues };
  };
  return (text) => {
    const checked = checkArguments(text, target, validate);
    return { parse: describeParse(text, checked), validation: checked.ok ? checked.validation : { kind: 'skipped' } };
  };
}

function describeParse(text: string, checked: ArgumentsCheck<ArgumentValidation>): ArgumentParse {
  if (checked.ok && checked.repairs.length === 0) return { kind: 'json' };
  const problem = readJsonProblem(text);
  const because = problem === undefined ? {} : { problem };
  if (!checked.ok) return { kind: 'refused', ...because, message: checked.message };
  return { kind: 'repaired', ...because, rungs: checked.repairs.map((step) => step.rung) };
}

/** Why `JSON.parse` rejects the text as typed, or undefined when it is JSON (of the wrong shape). */
function readJsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
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
