import { isPlainObject, splitJsonPointer, toJsonPointer, getAtPointer, type StrictViolation } from '@/lib/runtime';

const OPEN_OBJECT_RULES: ReadonlySet<string> = new Set(['additional-properties', 'missing-properties']);
const NAMING_KEYWORDS: ReadonlySet<string> = new Set(['required', 'title', 'description']);

/**
 * Why no rewrite makes `schema` acceptable to OpenAI strict mode, as a clause that completes
 * "imported with strict: false because …": the first place `strictifySchema` could not fix, in
 * plain words, and how many other places there are. `violations` are those it returned.
 */
export function describeStrictRefusal(violations: readonly StrictViolation[], schema: unknown): string {
  const places = new Map<string, StrictViolation>();
  for (const violation of violations) if (!places.has(violation.pointer)) places.set(violation.pointer, violation);
  const [first] = places.values();
  if (first === undefined) return 'OpenAI strict mode rejects its schema';
  const others = places.size - 1;
  const more = others === 0 ? '' : ` (${others} other place${others === 1 ? '' : 's'} in its schema cannot be made strict either)`;
  return `${describeViolation(first, schema)}${more}`;
}

function describeViolation(violation: StrictViolation, schema: unknown): string {
  const path = splitJsonPointer(violation.pointer);
  const found = getAtPointer(schema, violation.pointer);
  const node = found.exists ? found.value : undefined;
  if (OPEN_OBJECT_RULES.has(violation.rule)) {
    return `${name(path)} ${describeOpenObject(node)}, and OpenAI strict mode needs every key of an object declared in its 'properties'`;
  }
  if (violation.rule === 'missing-type') return `${name(path)} ${describeUntyped(node)}`;
  if (violation.rule === 'composition' || violation.rule === 'unsupported-keyword') {
    return `${name(path.slice(0, -1))} uses '${path.at(-1) ?? ''}', which OpenAI strict mode does not support`;
  }
  return `OpenAI strict mode rejects ${name(path)}: ${violation.message.replace(/^In context=\(.*?\), /, '').replace(/\.$/, '')}`;
}

function name(path: readonly string[]): string {
  return path.length === 0 ? 'the root schema' : toJsonPointer(path);
}

function describeOpenObject(node: unknown): string {
  if (!isPlainObject(node)) return 'is an object that takes any keys';
  const extra = node.additionalProperties;
  if (isPlainObject(extra) && Object.keys(extra).length > 0) return "is a map (free-form keys, each value as 'additionalProperties' says)";
  const union = (['oneOf', 'anyOf'] as const).find((keyword) => Array.isArray(node[keyword]));
  if (union && !isPlainObject(node.properties)) return `is an object whose fields are only given in its '${union}' branches`;
  return 'is an object that takes any keys';
}

function describeUntyped(node: unknown): string {
  const keywords = isPlainObject(node) ? Object.keys(node) : [];
  if (keywords.includes('required') && keywords.every((keyword) => NAMING_KEYWORDS.has(keyword))) {
    return "only says which fields must be present, without a 'type', which OpenAI strict mode cannot express";
  }
  if (isPlainObject(node) && isPlainObject(node.properties)) return "declares properties but no 'type', and OpenAI strict mode needs a type on every schema";
  return "has no 'type', so it takes any value, which OpenAI strict mode cannot express";
}
