import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft07 from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './json';
import type { ValidationIssue } from './tool';

import { createRegExpEngine } from './create-regexp-engine';

const DRAFT_07 = /draft-0[4-7]/;
/** This validator may run on the thread that serves HTTP, so no pattern may backtrack there. */
const regExp = createRegExpEngine({ backtrackingFallback: false });

function createAjv(schema: JsonSchema) {
  const options = { allErrors: true, strict: false, validateFormats: true, code: { regExp } } as const;
  const ajv = typeof schema.$schema === 'string' && DRAFT_07.test(schema.$schema) ? new AjvDraft07(options) : new Ajv2020(options);
  addFormats(ajv);
  return ajv;
}

/** A compiled validator, or the compile error (an invalid JSON Schema is a configuration error). */
export type JsonSchemaValidator = (value: unknown) => ValidationIssue[];

/** Compiles a JSON Schema with Ajv: draft 2020-12 by default, draft-07 when `$schema` says so. */
export function createJsonSchemaValidator(schema: JsonSchema): { ok: true; validate: JsonSchemaValidator } | { ok: false; message: string } {
  let compiled: ValidateFunction;
  try {
    compiled = createAjv(schema).compile(schema);
  } catch (error) {
    return { ok: false, message: `Invalid JSON Schema: ${error instanceof Error ? error.message : String(error)}` };
  }
  return {
    ok: true,
    validate: (value) => (compiled(value) ? [] : (compiled.errors ?? []).map(describeAjvError)),
  };
}

function describeAjvError(error: ErrorObject): ValidationIssue {
  const path = toIssuePath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path: joinPath(path, String(params.missingProperty)), message: 'is required but missing' };
    case 'additionalProperties':
      return { path: joinPath(path, String(params.additionalProperty)), message: 'is not an allowed property; remove it' };
    case 'enum':
      return { path, message: `must be one of ${JSON.stringify(params.allowedValues)}` };
    case 'const':
      return { path, message: `must be exactly ${JSON.stringify(params.allowedValue)}` };
    case 'type':
      return { path, message: `must be of type ${String(params.type)}` };
    default:
      return { path, message: error.message ?? `fails the ${error.keyword} rule` };
  }
}

/** `/items/2/name` → `items[2].name`; the root is `(root)`. */
function toIssuePath(instancePath: string): string {
  if (instancePath === '') return '(root)';
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, segment) => joinPath(path, segment), '(root)');
}

function joinPath(path: string, segment: string): string {
  if (/^\d+$/.test(segment)) return `${path === '(root)' ? '' : path}[${segment}]`;
  return path === '(root)' ? segment : `${path}.${segment}`;
}
