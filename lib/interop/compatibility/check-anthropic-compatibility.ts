import { isPlainObject, type JsonSchema, type JsonValue, escapePointerSegment } from '@/lib/runtime';
import { ANTHROPIC_STRICT_BUDGET, type AnthropicSchemaPlan } from '@/lib/models/anthropic';
import { createVerdict, describeUnfixable, type CompatibilityIssue, type CompatibilityVerdict } from './provider-compatibility';
import { findReferenceProblems, isValidToolName, listSchemaNodes, listTypes } from '../schema';

/** Tool definitions: name `^[a-zA-Z0-9_-]{1,64}$`, `input_schema` of type "object". */
export const ANTHROPIC_TOOLS_URL = 'https://docs.anthropic.com/en/api/messages#body-tools';
/** Strict tool use: the JSON Schema subset and the per-request complexity limits. */
export const ANTHROPIC_STRICT_URL = 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations';

/** "Max 20 strict tools per request", "24 optional parameters", "16 parameters using anyOf or type arrays" (across all strict schemas). */
export const ANTHROPIC_STRICT_LIMITS = ANTHROPIC_STRICT_BUDGET;

const SUPPORTED_KEYWORDS = new Set([
  '$schema', '$comment', 'type', 'title', 'description', 'examples', 'enum', 'const', 'default', 'properties', 'required',
  'additionalProperties', 'items', 'minItems', 'anyOf', 'allOf', '$ref', '$defs', 'definitions', 'format', 'pattern',
]);
/** Changing these would change which arguments are valid in ways the runtime cannot restore. */
const UNFIXABLE_KEYWORDS = new Set(['not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'dependencies', 'prefixItems']);
const SUPPORTED_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);
/** "Regex: backreferences, lookahead/lookbehind and word boundaries are not supported." */
const UNSUPPORTED_PATTERN = /\\[1-9]|\(\?[=!]|\(\?<[=!]|\\b/;

/** Anthropic tools without strict: only the name and the root are constrained. */
export function checkAnthropic(tool: { name: string; jsonSchema: JsonSchema }): CompatibilityVerdict {
  const { issues, rewrite } = checkRoot(tool);
  return createVerdict({ target: 'anthropic', label: 'Anthropic', source: ANTHROPIC_TOOLS_URL, issues, rewrite: () => rewrite(tool.jsonSchema) });
}

/** The union-typed and optional parameters a schema spends of Anthropic's per-request budgets. */
export function countStrictBudget(schema: JsonSchema): { optionalParameters: number; unionParameters: number } {
  let optionalParameters = 0;
  let unionParameters = 0;
  for (const { node } of listSchemaNodes(schema)) {
    if (isPlainObject(node.properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      optionalParameters += Object.keys(node.properties).filter((key) => !required.has(key)).length;
    }
    if (Array.isArray(node.anyOf) || listTypes(node).length > 1) unionParameters += 1;
  }
  return { optionalParameters, unionParameters };
}

/** Anthropic strict tool use: the supported JSON Schema subset and this tool's share of the per-request budgets. */
export function checkAnthropicStrict(tool: { name: string; jsonSchema: JsonSchema }): CompatibilityVerdict {
  const root = checkRoot(tool);
  const issues = [...root.issues, ...findSubsetIssues(tool.jsonSchema)];
  for (const problem of findReferenceProblems(tool.jsonSchema)) {
    issues.push({ pointer: problem.pointer, message: `${problem.kind === 'recursive' ? 'Recursive schemas are' : `${problem.kind === 'external' ? 'External' : 'Unresolvable'} $ref ${JSON.stringify(problem.ref)} is`} not supported.`, fixable: false });
  }
  const budget = countStrictBudget(tool.jsonSchema);
  const { optionalParameters, unionParameters } = ANTHROPIC_STRICT_LIMITS;
  if (budget.optionalParameters > optionalParameters) {
    issues.push({ pointer: '', message: `${budget.optionalParameters} optional parameters; a request allows at most ${optionalParameters} across all strict tools.`, fixable: false });
  }
  if (budget.unionParameters > unionParameters) {
    issues.push({ pointer: '', message: `${budget.unionParameters} parameters use anyOf or type arrays; a request allows at most ${unionParameters} across all strict tools.`, fixable: false });
  }
  return createVerdict({
    target: 'anthropic-strict',
    label: 'Anthropic strict',
    source: ANTHROPIC_STRICT_URL,
    issues,
    rewrite: () => rewriteStrict(root.rewrite(tool.jsonSchema), '') as JsonSchema,
    remarks: [`Uses ${budget.optionalParameters}/${optionalParameters} optional and ${budget.unionParameters}/${unionParameters} union-typed parameters of a request's budget.`],
  });
}

/**
 * What a turn on Anthropic sends of a schema, as the matrix judges it: without strict the schema
 * as is when accepted, else its rewrite; strict only when strict tool use accepts the schema or
 * its rewrite. When no rewrite exists (a name Anthropic refuses, a root that is no object) the
 * tool is refused with the matrix's reasons, and the turn sends nothing.
 */
export function planAnthropicSchema(tool: { name: string; jsonSchema: JsonSchema }): AnthropicSchemaPlan {
  const plain = checkAnthropic(tool);
  const sent = plain.accepted ? tool.jsonSchema : plain.transformed;
  if (!sent) return { kind: 'refused', reason: describeUnfixable(plain) };
  const strict = checkAnthropicStrict(tool);
  const strictSchema = strict.accepted ? tool.jsonSchema : strict.transformed;
  return { kind: 'send', plain: sent, strict: strictSchema ? { schema: strictSchema, ...countStrictBudget(strictSchema) } : null };
}

function checkRoot(tool: { name: string; jsonSchema: JsonSchema }): { issues: CompatibilityIssue[]; rewrite: (schema: JsonSchema) => JsonSchema } {
  const schema = tool.jsonSchema;
  const issues: CompatibilityIssue[] = [];
  if (!isValidToolName(tool.name)) issues.push({ pointer: '', message: `The tool name ${JSON.stringify(tool.name)} must match ^[a-zA-Z0-9_-]{1,64}$.`, fixable: false });
  if (schema.type !== 'object') issues.push({ pointer: '/type', message: 'input_schema.type must be "object".', fixable: schema.type === undefined && 'properties' in schema });
  const unions = ['oneOf', 'allOf', 'anyOf'].filter((keyword) => keyword in schema);
  // A root union beside declared properties only narrows them ("at least one of"); the playground still validates it.
  const narrowingOnly = isPlainObject(schema.properties);
  for (const keyword of unions) {
    issues.push({ pointer: `/${keyword}`, message: 'input_schema does not support oneOf, allOf, or anyOf at the top level.', fixable: narrowingOnly });
  }
  const rewrite = (input: JsonSchema): JsonSchema => {
    const { oneOf: _oneOf, allOf: _allOf, anyOf: _anyOf, ...rest } = input;
    return { ...rest, type: 'object' };
  };
  return { issues, rewrite };
}

function findSubsetIssues(schema: JsonSchema): CompatibilityIssue[] {
  const issues: CompatibilityIssue[] = [];
  for (const { node, pointer } of listSchemaNodes(schema)) {
    for (const [keyword, value] of Object.entries(node)) {
      const at = `${pointer}/${escapePointerSegment(keyword)}`;
      if (keyword === 'oneOf') issues.push({ pointer: at, message: 'oneOf is not supported; anyOf is.', fixable: true });
      else if (UNFIXABLE_KEYWORDS.has(keyword)) issues.push({ pointer: at, message: `${keyword} is not supported.`, fixable: false });
      else if (!SUPPORTED_KEYWORDS.has(keyword)) issues.push({ pointer: at, message: `${keyword} is not supported in strict tool use.`, fixable: true });
      else if (keyword === 'format' && !(typeof value === 'string' && SUPPORTED_FORMATS.has(value))) issues.push({ pointer: at, message: `format ${JSON.stringify(value)} is not supported.`, fixable: true });
      else if (keyword === 'minItems' && value !== 0 && value !== 1) issues.push({ pointer: at, message: 'minItems is supported only as 0 or 1.', fixable: true });
      else if (keyword === 'pattern' && typeof value === 'string' && UNSUPPORTED_PATTERN.test(value)) issues.push({ pointer: at, message: 'pattern uses backreferences, lookaround or \\b, which are not supported.', fixable: true });
      else if (keyword === 'enum' && Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object')) issues.push({ pointer: at, message: 'enum values must be strings, numbers, booleans or null.', fixable: false });
      else if (keyword === 'items' && Array.isArray(value)) issues.push({ pointer: at, message: 'tuple items are not supported.', fixable: false });
    }
    const isObject = listTypes(node).includes('object') || isPlainObject(node.properties);
    if (isObject && node.additionalProperties !== false) {
      const isMap = isPlainObject(node.additionalProperties) && Object.keys(node.additionalProperties).length > 0;
      issues.push({
        pointer: `${pointer}/additionalProperties`,
        message: isMap ? 'a map (additionalProperties with a schema) cannot be expressed; additionalProperties must be false.' : 'additionalProperties must be false on every object.',
        fixable: !isMap,
      });
    }
  }
  return issues;
}

function rewriteStrict(value: JsonValue, pointer: string): JsonValue {
  if (Array.isArray(value)) return value.map((item, index) => rewriteStrict(item, `${pointer}/${index}`));
  if (!isPlainObject(value)) return value;
  const node = value as JsonSchema;
  const out: JsonSchema = {};
  for (const [keyword, child] of Object.entries(node)) {
    if (keyword === 'oneOf') out.anyOf = rewriteStrict(child, pointer);
    else if (!SUPPORTED_KEYWORDS.has(keyword)) continue;
    else if (keyword === 'format' && !(typeof child === 'string' && SUPPORTED_FORMATS.has(child))) continue;
    else if (keyword === 'minItems' && child !== 0 && child !== 1) continue;
    else if (keyword === 'pattern' && typeof child === 'string' && UNSUPPORTED_PATTERN.test(child)) continue;
    else if (keyword === 'properties' || keyword === '$defs' || keyword === 'definitions') {
      out[keyword] = isPlainObject(child) ? Object.fromEntries(Object.entries(child as JsonSchema).map(([name, sub]) => [name, rewriteStrict(sub, `${pointer}/${keyword}/${name}`)])) : child;
    } else if (keyword === 'items' || keyword === 'anyOf' || keyword === 'allOf') out[keyword] = rewriteStrict(child, `${pointer}/${keyword}`);
    else out[keyword] = child;
  }
  if (listTypes(node).includes('object') || isPlainObject(node.properties)) out.additionalProperties = false;
  return out;
}
