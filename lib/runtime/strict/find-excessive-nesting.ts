import { isPlainObject } from '../vocabulary/json';
import { MAX_NESTING_DEPTH } from './strict-limits';
import { splitJsonPointer } from '../json-pointer';
import { appendLocation, inContext, ROOT_LOCATION, type SchemaLocation } from './schema-location';
import { resolveLocalRef } from './resolve-local-ref';
import type { StrictViolation } from './strict-violation';

/** Walking stops here whatever the input; anything this deep already breaks the nesting limit. */
const MAX_WALK_DEPTH = 64;
/** Shared `$ref` targets can make the expanded tree exponential; give up counting after this many visits. */
const MAX_VISITS = 100_000;

/**
 * The first object schema nested more than 10 levels deep (the root object is level 1),
 * following local `$ref`s. A `$ref` back to a schema already on the path is recursion, which
 * strict mode supports ("Recursive schemas are supported"), so it is not followed again.
 */
export function findExcessiveNesting(root: unknown): StrictViolation | undefined {
  let found: StrictViolation | undefined;
  let visits = 0;
  const visit = (node: unknown, location: SchemaLocation, state: { levels: number; walked: number; refs: ReadonlySet<string> }): void => {
    visits += 1;
    if (found || visits > MAX_VISITS || !isPlainObject(node) || state.walked > MAX_WALK_DEPTH) return;
    const types: unknown[] = Array.isArray(node.type) ? node.type : [node.type];
    const levels = types.includes('object') || isPlainObject(node.properties) ? state.levels + 1 : state.levels;
    if (levels > MAX_NESTING_DEPTH || state.walked === MAX_WALK_DEPTH) {
      found = {
        pointer: location.pointer,
        rule: 'max-depth',
        message: inContext(location, `the schema is nested more than ${MAX_NESTING_DEPTH} levels deep; at most ${MAX_NESTING_DEPTH} levels of nesting are permitted.`),
      };
      return;
    }
    const next = { levels, walked: state.walked + 1, refs: state.refs };
    if (typeof node.$ref === 'string' && !state.refs.has(node.$ref)) {
      const target = resolveLocalRef(root, node.$ref);
      if (target) {
        const refs = new Set(state.refs).add(node.$ref);
        visit(target.value, locationOfPointer(target.pointer), { ...next, levels: state.levels, refs });
      }
    }
    if (isPlainObject(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) visit(child, appendLocation(location, 'properties', name), next);
    }
    if (isPlainObject(node.items)) visit(node.items, appendLocation(location, 'items'), next);
    for (const union of ['anyOf', 'oneOf'] as const) {
      const branches = node[union];
      if (Array.isArray(branches)) branches.forEach((branch, index) => visit(branch, appendLocation(location, union, index), next));
    }
  };
  visit(root, ROOT_LOCATION, { levels: 0, walked: 0, refs: new Set() });
  return found;
}

function locationOfPointer(pointer: string): SchemaLocation {
  return { pointer, path: splitJsonPointer(pointer) };
}
