import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createRegExpEngine } from '@/lib/runtime/create-regexp-engine';
import type { JsonSchema } from '@/lib/runtime/json';
import type { Result } from '@/lib/runtime/result';
import type { ValidationIssue } from '@/lib/runtime/tool';
import { formatIssuePath } from './format-issue-path';

/** Checks a value against one JSON Schema; empty when it is valid. */
export type JsonSchemaValidator = (value: unknown) => ValidationIssue[];

const MAX_CACHED_VALIDATORS = 500;
const validators = new Map<string, ValidateFunction>();
let draft2020: Ajv2020 | undefined;
let draft07: Ajv | undefined;
/** Runs in a sandbox worker, whose watchdog ends a pattern that backtracks without end. */
const regExp = createRegExpEngine({ backtrackingFallback: true });

/**
 * Compiles a `jsonSchema` (or JSON `outputSchema`) with Ajv on the host: these schemas are plain
 * data, so nothing of the user's code runs. Draft 2020-12 unless `$schema` names draft-07;
 * `allErrors` so the model learns every problem at once; formats from ajv-formats.
 * A schema Ajv rejects is an error message for a compile diagnostic.
 */
export function compileJsonSchemaValidator(schema: JsonSchema): Result<JsonSchemaValidator, string> {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    try {
      validate = ajvFor(schema).compile(schema);
    } catch (error) {
      return { ok: false, error: `The JSON Schema is invalid: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (validators.size >= MAX_CACHED_VALIDATORS) validators.clear();
    validators.set(key, validate);
  }
  const compiled = validate;
  return { ok: true, value: (value) => (compiled(value) ? [] : (compiled.errors ?? []).map(toValidationIssue)) };
}

function ajvFor(schema: JsonSchema): Ajv {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-07')) {
    draft07 ??= withFormats(new Ajv({ allErrors: true, strict: false, code: { regExp } }));
    return draft07;
  }
  draft2020 ??= withFormats(new Ajv2020({ allErrors: true, strict: false, code: { regExp } }));
  return draft2020;
}

function withFormats<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  return ajv;
}

function toValidationIssue(error: ErrorObject): ValidationIssue {
  const segments: (string | number)[] = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return { path: formatIssuePath([...segments, params.missingProperty]), message: 'Required property is missing.' };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return { path: formatIssuePath([...segments, params.additionalProperty]), message: 'Unknown property; it is not allowed here (additionalProperties is false).' };
  }
  const allowed = error.keyword === 'enum' && Array.isArray(params.allowedValues) ? `: ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}` : '';
  return { path: formatIssuePath(segments), message: `${error.message ?? 'is invalid'}${allowed}` };
}
