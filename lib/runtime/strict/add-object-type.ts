import { isPlainObject, type JsonSchema } from '../vocabulary/json';
import type { NodeRewrite } from './strictify-change';
import { TYPE_GIVING_KEYWORDS } from './strict-limits';

/**
 * Adds `type: "object"` to a schema that declares `properties` but no type. In JSON Schema such a
 * schema also accepts every value that is not an object (`properties` only constrains objects);
 * strict mode needs a type, and an object is what the properties describe, so this only narrows.
 */
export function addObjectType(node: JsonSchema): NodeRewrite | undefined {
  if (node.type !== undefined || !isPlainObject(node.properties) || TYPE_GIVING_KEYWORDS.some((keyword) => keyword in node)) return undefined;
  return {
    schema: { type: 'object', ...node },
    at: [],
    change: "Added 'type: \"object\"' beside 'properties', since strict mode needs a type; this rules out only values that are not objects, which 'properties' does not describe.",
  };
}
