import { isPlainObject, type JsonSchema, type JsonValue } from '../vocabulary/json';
import { addObjectType } from './add-object-type';
import { allowsExtraKeys } from './allows-extra-keys';
import { isAnnotationKeyword } from './is-annotation-keyword';
import { resolveLocalRef } from './resolve-local-ref';
import type { NodeRewrite } from './strictify-change';

const UNION_KEYWORDS = ['anyOf', 'oneOf'] as const;
const KEPT_KEYWORDS: ReadonlySet<string> = new Set(['title', 'description']);
const REFERENCE_KEYWORDS: ReadonlySet<string> = new Set(['$ref', 'title', 'description']);

/**
 * Rewrites `{type: "object", oneOf: [branches]}` whose fields are all given in its branches, each
 * an object (typed, untyped with `properties`, or a `$ref` to an object), as the union of those
 * objects: `type: "object"` goes into each branch that lacks it. Strict mode takes an object's
 * fields only beside its type, and the same values are valid: "an object, and one of these" is
 * "one of these objects" when each branch is one. Anything else beside the union (its own
 * `properties`, `required`, closed extra keys) keeps the schema as it is.
 */
export function distributeObjectType(node: JsonSchema, root: unknown): NodeRewrite | undefined {
  const unions = UNION_KEYWORDS.filter((keyword) => keyword in node);
  const [union] = unions;
  if (node.type !== 'object' || union === undefined || unions.length > 1 || !allowsExtraKeys(node.additionalProperties)) return undefined;
  const branches = node[union];
  if (!Array.isArray(branches) || branches.length === 0 || !branches.every((branch) => isObjectBranch(branch, root))) return undefined;
  const others = Object.keys(node).filter((keyword) => keyword !== union && keyword !== 'type' && keyword !== 'additionalProperties');
  if (!others.every((keyword) => KEPT_KEYWORDS.has(keyword) || isAnnotationKeyword(keyword))) return undefined;
  const schema: JsonSchema = {};
  for (const keyword of others) schema[keyword] = node[keyword] as JsonValue;
  schema[union] = branches.map((branch) => addObjectType(branch as JsonSchema)?.schema ?? branch);
  return {
    schema,
    at: [],
    change: `Moved 'type: "object"' into each '${union}' branch, since strict mode takes an object's fields only beside its type; the same values are valid.`,
  };
}

function isObjectBranch(branch: unknown, root: unknown): boolean {
  if (!isPlainObject(branch)) return false;
  if (!('$ref' in branch)) return branch.type === 'object' || addObjectType(branch as JsonSchema) !== undefined;
  if (typeof branch.$ref !== 'string' || !Object.keys(branch).every((keyword) => REFERENCE_KEYWORDS.has(keyword))) return false;
  const target = resolveLocalRef(root, branch.$ref);
  return target !== undefined && isPlainObject(target.value) && target.value.type === 'object';
}
