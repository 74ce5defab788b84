import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft07 from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { isPlainObject, type JsonSchema } from '../vocabulary/json';
import { splitJsonPointer } from '../json-pointer';
import { err, ok, type Result } from '../vocabulary/result';
import type { ValidationIssue } from '../vocabulary/issues';
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
  let validate: ValidateFunction;
  try {
    validate = compileCached(schema, options.patterns ?? 'refuse');
  } catch (error) {
    return err(describeInvalidSchema(error));
  }
  return ok((value) => (validate(value) ? [] : formatValidationIssues(readAjvErrors(validate.errors ?? [], value))));
}

/** Ajv's validator for `schema`, from the cache or compiled into it; throws what Ajv throws. */
function compileCached(schema: JsonSchema, patterns: UnrepresentablePatterns): ValidateFunction {
  const key = `${patterns}\n${JSON.stringify(schema)}`;
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = createAjv(schema, patterns).compile(schema);
    if (cache.size >= MAX_CACHED_VALIDATORS) cache.clear();
    cache.set(key, compiled);
  }
  return compiled;
}

function describeInvalidSchema(error: unknown): string {
  return `The JSON Schema is invalid: ${error instanceof Error ? error.message : String(error)}`;
}

const checkers = new Map<string, InstanceType<typeof Ajv2020> | InstanceType<typeof AjvDraft07>>();

/**
 * Whether `schema` would compile, without compiling it: Ajv's own meta-schema check, every
 * pattern through the engine, every local `$ref` resolved. Compiling a real API's request schema
 * takes ~12 ms, so a module of a thousand tools is checked this way and each validator is compiled
 * when its tool is first called. A schema this cannot judge quickly (a `$ref` that is not a plain
 * JSON pointer into the schema itself) is compiled after all, so the verdict is always Ajv's.
 * Throws an `EvalError` where Ajv cannot generate code (a page's Content Security Policy).
 */
export function checkJsonSchema(schema: JsonSchema, options: { patterns?: UnrepresentablePatterns } = {}): Result<null, string> {
  const patterns = options.patterns ?? 'refuse';
  const checker = readChecker(schema, patterns);
  if (!checker.validateSchema(schema)) {
    return err(`The JSON Schema is invalid: schema is invalid: ${checker.errorsText(checker.errors)}`);
  }
  let needsCompile = false;
  try {
    walkSchema(schema, (key, value) => {
      if (key === '$ref' && typeof value === 'string' && !resolvesLocally(schema, value)) needsCompile = true;
      // A nested `$id` moves the base its references resolve against: left to Ajv.
      else if (key === '$dynamicRef' || key === '$recursiveRef' || (key === '$id' && value !== schema.$id)) needsCompile = true;
      else if (key === 'pattern' && typeof value === 'string') engines[patterns](value, 'u');
      else if (key === 'patternProperties' && isPlainObject(value)) for (const source of Object.keys(value)) engines[patterns](source, 'u');
    });
  } catch (error) {
    return err(describeInvalidSchema(error));
  }
  if (!needsCompile) return ok(null);
  try {
    // Cached: the tool's first call then reuses this validator rather than compiling it again.
    compileCached(schema, patterns);
    return ok(null);
  } catch (error) {
    // Where code generation is forbidden (a page's Content Security Policy) nothing can be judged.
    if (error instanceof EvalError) throw error;
    return err(describeInvalidSchema(error));
  }
}

function readChecker(schema: JsonSchema, patterns: UnrepresentablePatterns) {
  const key = `${patterns}:${isDraft07(schema)}`;
  let checker = checkers.get(key);
  if (!checker) {
    checker = createAjv(schema, patterns);
    checkers.set(key, checker);
  }
  return checker;
}

/** Keywords whose values are data, not schemas: a `pattern` key inside a `const` is no pattern. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example']);
/** Keywords whose values map names to schemas: there a key named `default` is a property. */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Calls `visit` for every keyword of every subschema inside `value`; data is not walked. */
function walkSchema(value: unknown, visit: (key: string, child: unknown) => void): void {
  const stack: { node: unknown; isMap: boolean }[] = [{ node: value, isMap: false }];
  while (stack.length > 0) {
    const { node, isMap } = stack.pop() as { node: unknown; isMap: boolean };
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, isMap: false });
    } else if (isPlainObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (!isMap) visit(key, child);
        if (typeof child === 'object' && child !== null && (isMap || !DATA_KEYWORDS.has(key))) stack.push({ node: child, isMap: !isMap && MAP_KEYWORDS.has(key) });
      }
    }
  }
}

function resolvesLocally(root: JsonSchema, reference: string): boolean {
  if (!reference.startsWith('#')) return false;
  let fragment: string;
  try {
    fragment = decodeURIComponent(reference.slice(1));
  } catch {
    return false;
  }
  if (fragment !== '' && !fragment.startsWith('/')) return false;
  let node: unknown = root;
  for (const token of splitJsonPointer(fragment)) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token)) node = node[Number(token)];
    else if (isPlainObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return false;
  }
  return isPlainObject(node) || typeof node === 'boolean';
}

function isDraft07(schema: JsonSchema): boolean {
  return typeof schema.$schema === 'string' && schema.$schema.includes('draft-07');
}

function createAjv(schema: JsonSchema, patterns: UnrepresentablePatterns) {
  // `logger: false`: a format Ajv does not know (Zod writes some) is ignored without a console line.
  const options = { allErrors: true, strict: false, logger: false, validateFormats: true, code: { regExp: engines[patterns] } } as const;
  const ajv = isDraft07(schema) ? new AjvDraft07(options) : new Ajv2020(options);
  addFormats(ajv);
  return ajv;
}
