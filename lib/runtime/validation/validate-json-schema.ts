import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft07 from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../json';
import { err, ok, type Result } from '../result';
import type { ValidationIssue } from '../tools/tool';
import { createRegExpEngine, type UnrepresentablePatterns } from './create-regexp-engine';
import { formatValidationIssues } from './format-validation-issues';
import { readAjvErrors } from './read-ajv-errors';

/** Checks a value against one JSON Schema; empty when it is valid. */
export type JsonSchemaValidator = (value: unknown) => ValidationIssue[];

const MAX_CACHED_VALIDATORS = 500;
const cache = new Map<string, ValidateFunction>();
const engines: Record<UnrepresentablePatterns, ReturnType<typeof createRegExpEngine>> = {
  refuse: createRegExpEngine({ unrepresentable: 'refuse' }),
  backtrack: createRegExpEngine({ unrepresentable: 'backtrack' }),
};

/**
 * The one Ajv set-up, for every JSON Schema anywhere (host tools, sandbox tools, task results,
 * the page's live check): draft 2020-12 unless `$schema` names draft-07; `allErrors`, so the
 * model learns every problem at once; ajv-formats; patterns through RE2 (`createRegExpEngine`).
 * `patterns` says what happens to one RE2 cannot represent: `refuse` everywhere but the sandbox
 * worker, whose watchdog allows `backtrack`. Each schema gets its own Ajv instance (two schemas
 * may share an `$id`); compiled validators are cached by schema text. A schema Ajv rejects is the
 * message of a configuration error.
 */
export function createJsonSchemaValidator(schema: JsonSchema, options: { patterns?: UnrepresentablePatterns } = {}): Result<JsonSchemaValidator, string> {
  const patterns = options.patterns ?? 'refuse';
  const key = `${patterns}\n${JSON.stringify(schema)}`;
  let compiled = cache.get(key);
  if (!compiled) {
    try {
      compiled = createAjv(schema, patterns).compile(schema);
    } catch (error) {
      return err(`The JSON Schema is invalid: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (cache.size >= MAX_CACHED_VALIDATORS) cache.clear();
    cache.set(key, compiled);
  }
  const validate = compiled;
  return ok((value) => (validate(value) ? [] : formatValidationIssues(readAjvErrors(validate.errors ?? [], value))));
}

function createAjv(schema: JsonSchema, patterns: UnrepresentablePatterns) {
  // `logger: false`: a format Ajv does not know (Zod writes some) is ignored without a console line.
  const options = { allErrors: true, strict: false, logger: false, validateFormats: true, code: { regExp: engines[patterns] } } as const;
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  const ajv = declared.includes('draft-07') ? new AjvDraft07(options) : new Ajv2020(options);
  addFormats(ajv);
  return ajv;
}
