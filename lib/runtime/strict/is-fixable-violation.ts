import { assertNever } from '../vocabulary/assert-never';
import { isPlainObject } from '../vocabulary/json';
import { allowsExtraKeys } from './allows-extra-keys';
import { UNFIXABLE_KEYWORDS } from './strict-limits';
import { getAtPointer } from './resolve-local-ref';
import { splitJsonPointer } from '../json-pointer';
import type { StrictViolation } from './strict-violation';

/** Whether `strictifySchema` can rewrite the schema so that this violation disappears. */
export function isFixableViolation(violation: StrictViolation, schema: unknown): boolean {
  switch (violation.rule) {
    case 'all-required':
    case 'default':
    case 'one-of':
    case 'unsupported-format':
      return true;
    case 'unsupported-keyword': {
      const keyword = splitJsonPointer(violation.pointer).at(-1);
      return keyword !== undefined && !UNFIXABLE_KEYWORDS.has(keyword);
    }
    case 'additional-properties':
      return isClosableObject(nodeAt(schema, violation.pointer));
    case 'missing-properties': {
      const node = nodeAt(schema, violation.pointer);
      return isPlainObject(node) && node.additionalProperties === false;
    }
    case 'root-object':
    case 'root-not-union':
    case 'invalid-schema':
    case 'missing-type':
    case 'invalid-type':
    case 'missing-items':
    case 'composition':
    case 'invalid-ref':
    case 'unsupported-pattern':
    case 'max-depth':
    case 'max-properties':
    case 'max-enum-values':
    case 'enum-string-budget':
    case 'string-budget':
      return false;
    default:
      return assertNever(violation.rule);
  }
}

/**
 * An object with declared properties whose extra keys are merely allowed (`true`, `{}`, or
 * unset) can be closed: the tool never relied on the model sending more. An object whose extra
 * keys carry a schema (a record, `z.record`) or that declares no properties at all is a map,
 * which strict mode cannot express.
 */
function isClosableObject(node: unknown): boolean {
  return isPlainObject(node) && isPlainObject(node.properties) && allowsExtraKeys(node.additionalProperties);
}

function nodeAt(schema: unknown, pointer: string): unknown {
  const found = getAtPointer(schema, pointer);
  return found.exists ? found.value : undefined;
}
