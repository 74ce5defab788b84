import { checkStrictSchema, type StrictViolation } from './check-strict-schema';
import { isPlainObject, type JsonSchema, type JsonValue } from '../vocabulary/json';
import { allowsNull } from './allows-null';
import { describeOneOfRewrite } from './describe-one-of-rewrite';
import { describesObject } from './describes-object';
import { isAnnotationKeyword } from './is-annotation-keyword';
import { isFixableViolation } from './is-fixable-violation';
import { makeNullable } from './make-nullable';
import { prepareStrictSchema } from './prepare-strict-schema';
import { getAtPointer } from './resolve-local-ref';
import { appendLocation, formatPythonString, ROOT_LOCATION, type SchemaLocation } from './schema-location';
import { SUPPORTED_FORMATS, SUPPORTED_KEYWORDS } from './strict-limits';
import type { StrictifyChange } from './strictify-change';

export type { StrictifyChange } from './strictify-change';

/** A strict-mode-ready copy of a schema, or the violations no rewrite can remove. */
export type StrictifyOutcome =
  | { ok: true; schema: JsonSchema; changes: StrictifyChange[] }
  | { ok: false; violations: StrictViolation[] };

/** `root` is the prepared schema being rewritten; `original` the one the tool validates against, at the same pointers. */
type RewriteContext = { root: JsonSchema; original: JsonSchema; changes: StrictifyChange[] };

/**
 * Rewrites a schema into one OpenAI accepts with `strict: true`, without changing which
 * arguments the tool ends up receiving: optional fields become required-and-nullable (see
 * `restoreOptionalArguments`), objects are closed with `additionalProperties: false`, `oneOf`
 * becomes `anyOf`, and `default`, unsupported formats and narrowing-only keywords are dropped
 * because arguments are still validated against the original schema; so are annotations, which
 * never cost a schema its strict mode. `prepareStrictSchema` first restates what strict mode
 * cannot read as written (a union that only narrows declared fields, a missing object type).
 * Never mutates its input.
 */
export function strictifySchema(schema: JsonSchema): StrictifyOutcome {
  const report = checkStrictSchema(schema);
  if (report.ok) return { ok: true, schema: copyJson(schema) as JsonSchema, changes: [] };
  const prepared = prepareStrictSchema(schema);
  const violations = prepared.changes.length === 0 ? report.violations : checkStrictSchema(prepared.schema).violations;
  const unfixable = violations.filter((violation) => !isFixableViolation(violation, prepared.schema));
  if (unfixable.length > 0) return { ok: false, violations: unfixable };
  const context: RewriteContext = { root: prepared.schema, original: schema, changes: [...prepared.changes] };
  const rewritten = rewriteNode(context, prepared.schema, ROOT_LOCATION) as JsonSchema;
  const after = checkStrictSchema(rewritten);
  if (!after.ok) return { ok: false, violations: after.violations };
  return { ok: true, schema: rewritten, changes: context.changes };
}

function rewriteNode(context: RewriteContext, node: JsonValue, location: SchemaLocation): JsonValue {
  if (!isPlainObject(node)) return copyJson(node);
  const note = (change: string, at: SchemaLocation = location) => context.changes.push({ pointer: at.pointer, change });
  const isObject = describesObject(node);
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    const at = appendLocation(location, keyword);
    if (keyword === '$schema' && location.pointer === '') {
      setEntry(out, keyword, copyJson(value));
    } else if (keyword === 'oneOf' && Array.isArray(value)) {
      setEntry(out, 'anyOf', value.map((branch, index) => rewriteNode(context, branch, appendLocation(location, keyword, index))));
      note(describeOneOfRewrite(value, context.root), at);
    } else if (keyword === 'default') {
      note(`Removed 'default' (${JSON.stringify(value)}), which strict mode rejects; the tool still applies it when the field is absent.`, at);
    } else if (keyword === 'format' && !(typeof value === 'string' && SUPPORTED_FORMATS.has(value))) {
      note(`Removed unsupported format ${JSON.stringify(value)}; arguments are still validated against it.`, at);
    } else if (isAnnotationKeyword(keyword)) {
      note(`Removed ${formatPythonString(keyword)}, an annotation strict mode does not support; it does not change which arguments are valid.`, at);
    } else if (!SUPPORTED_KEYWORDS.has(keyword)) {
      note(`Removed ${formatPythonString(keyword)}, which strict mode does not support; arguments are still validated against it.`, at);
    } else if (keyword === 'properties' && isObject && isPlainObject(value)) {
      setEntry(out, keyword, rewriteProperties(context, node, location));
    } else if ((keyword === 'required' || keyword === 'additionalProperties') && isObject) {
      continue;
    } else if ((keyword === '$defs' || keyword === 'definitions') && isPlainObject(value)) {
      const definitions: JsonSchema = {};
      for (const [name, definition] of Object.entries(value)) setEntry(definitions, name, rewriteNode(context, definition, appendLocation(location, keyword, name)));
      setEntry(out, keyword, definitions);
    } else if (keyword === 'anyOf' && Array.isArray(value)) {
      setEntry(out, keyword, value.map((branch, index) => rewriteNode(context, branch, appendLocation(location, keyword, index))));
    } else if (keyword === 'items' && isPlainObject(value)) {
      setEntry(out, keyword, rewriteNode(context, value, at));
    } else {
      setEntry(out, keyword, copyJson(value));
    }
  }
  if (isObject) closeObject(out, node, note);
  return out;
}

function rewriteProperties(context: RewriteContext, node: JsonSchema, location: SchemaLocation): JsonSchema {
  const properties = node.properties as JsonSchema;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const out: JsonSchema = {};
  for (const [name, child] of Object.entries(properties)) {
    const at = appendLocation(location, 'properties', name);
    const rewritten = rewriteNode(context, child, at);
    if (required.has(name)) {
      setEntry(out, name, rewritten);
    } else if (allowsNull(child, context.root)) {
      setEntry(out, name, rewritten);
      context.changes.push({ pointer: at.pointer, change: `Made optional property '${name}' required; its schema already accepts null, so the model sends null where it would have omitted it.` });
    } else {
      setEntry(out, name, makeFieldNullable(rewritten));
      context.changes.push({ pointer: at.pointer, change: describeNullableField(context, name, at) });
    }
  }
  return out;
}

/**
 * A field typed only by `prepareStrictSchema` (an untyped object, say) may accept null as
 * authored; `restoreOptionalArguments` then leaves the model's null in place, as a valid value.
 */
function describeNullableField(context: RewriteContext, name: string, at: SchemaLocation): string {
  const original = getAtPointer(context.original, at.pointer);
  if (original.exists && allowsNull(original.value, context.original)) {
    return `Made optional property '${name}' required and nullable; its original schema accepts null too, so a null from the model reaches the tool.`;
  }
  return `Made optional property '${name}' required and nullable; a null from the model is removed before validation, so the tool sees it absent.`;
}

/**
 * `makeNullable`, except for a schema with a `$ref` at its root: `null` added to a sibling `type`,
 * `anyOf` or `enum` would still be refused by the referenced schema, so the whole schema becomes
 * one `anyOf` branch beside `{type: "null"}` (its title and description stay outside).
 */
function makeFieldNullable(schema: JsonValue): JsonValue {
  if (!isPlainObject(schema) || !('$ref' in schema)) return makeNullable(schema);
  const inner: JsonSchema = {};
  const outer: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) setEntry(key === 'title' || key === 'description' ? outer : inner, key, value);
  setEntry(outer, 'anyOf', [inner, { type: 'null' }]);
  return outer;
}

function closeObject(out: JsonSchema, node: JsonSchema, note: (change: string) => void): void {
  if (!isPlainObject(out.properties)) {
    out.properties = {};
    note("Added empty 'properties'.");
  }
  out.required = Object.keys(out.properties);
  if (node.additionalProperties !== false) note("Set 'additionalProperties' to false.");
  out.additionalProperties = false;
}

/** Defines an own property, so a key named `__proto__` stays data instead of becoming a prototype. */
function setEntry(target: JsonSchema, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function copyJson(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(copyJson);
  if (!isPlainObject(value)) return value;
  const out: JsonSchema = {};
  for (const [key, entry] of Object.entries(value)) setEntry(out, key, copyJson(entry));
  return out;
}
