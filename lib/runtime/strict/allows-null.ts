import { isPlainObject } from '../vocabulary/json';
import { resolveLocalRef } from './resolve-local-ref';

const MAX_REF_HOPS = 32;

/**
 * Whether a schema already accepts `null`: a `null` type, a null enum member or const, a union
 * branch that does, or no type constraint at all. Local `$ref`s are followed.
 */
export function allowsNull(schema: unknown, root: unknown): boolean {
  const visit = (node: unknown, hops: number): boolean => {
    if (node === true) return true;
    if (!isPlainObject(node)) return false;
    if (typeof node.$ref === 'string') {
      const target = hops < MAX_REF_HOPS ? resolveLocalRef(root, node.$ref) : undefined;
      if (!target || !visit(target.value, hops + 1)) return false;
    }
    if ('const' in node && node.const !== null) return false;
    if (Array.isArray(node.enum) && !node.enum.includes(null)) return false;
    if (node.type !== undefined) {
      const types: unknown[] = Array.isArray(node.type) ? node.type : [node.type];
      if (!types.includes('null')) return false;
    }
    for (const union of ['anyOf', 'oneOf'] as const) {
      const branches = node[union];
      if (Array.isArray(branches) && !branches.some((branch) => visit(branch, hops))) return false;
    }
    return true;
  };
  return visit(schema, 0);
}
