import { isPlainObject, type JsonSchema } from '../vocabulary/json';
import { allowsExtraKeys } from './allows-extra-keys';
import { describesObject } from './describes-object';
import { isAnnotationKeyword } from './is-annotation-keyword';
import type { NodeRewrite } from './strictify-change';

const BRANCH_KEYWORDS: ReadonlySet<string> = new Set(['type', 'required', 'properties', 'additionalProperties', 'title', 'description']);

/**
 * Drops an `anyOf` or `oneOf` beside an object's `properties` whose branches only require some of
 * the declared fields or narrow what they hold, as in "at least one of `a`, `b`":
 * `anyOf: [{required: ['a']}, {required: ['b']}]`. Such a union declares no field of its own; it
 * only narrows which objects are valid, as `minLength` narrows strings, so it is dropped from what
 * the model sees the same way and arguments are still validated against it. Kept when no branch
 * can be met with declared fields, since the model could then never send a valid object.
 */
export function dropFieldRequirementUnion(node: JsonSchema, union: 'anyOf' | 'oneOf'): NodeRewrite | undefined {
  const { properties: declared, [union]: branches } = node;
  if (!describesObject(node) || !isPlainObject(declared) || !Array.isArray(branches) || branches.length === 0) return undefined;
  if (!branches.every((branch) => isFieldRequirement(branch, declared))) return undefined;
  if (!branches.some((branch) => requiredNames(branch).every((name) => Object.hasOwn(declared, name)))) return undefined;
  return {
    schema: Object.fromEntries(Object.entries(node).filter(([keyword]) => keyword !== union)),
    at: [union],
    change: `Removed '${union}', which only says which declared fields must be present or what they hold; strict mode cannot express it beside 'properties', and arguments are still validated against it.`,
  };
}

function isFieldRequirement(branch: unknown, declared: Record<string, unknown>): boolean {
  if (!isPlainObject(branch)) return false;
  if (!Object.keys(branch).every((keyword) => BRANCH_KEYWORDS.has(keyword) || isAnnotationKeyword(keyword))) return false;
  const { type, required, properties, additionalProperties } = branch;
  if (type !== undefined && type !== 'object') return false;
  if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === 'string'))) return false;
  if (properties !== undefined && !(isPlainObject(properties) && Object.keys(properties).every((name) => Object.hasOwn(declared, name)))) return false;
  return allowsExtraKeys(additionalProperties);
}

function requiredNames(branch: unknown): string[] {
  return isPlainObject(branch) && Array.isArray(branch.required) ? branch.required.filter((name): name is string => typeof name === 'string') : [];
}
