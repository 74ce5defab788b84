import { isPlainObject } from '../vocabulary/json';
import { resolveLocalRef } from './resolve-local-ref';

/**
 * Explains what rewriting `oneOf` as `anyOf` costs. When every branch is an object whose
 * discriminator property holds a different constant (what `z.discriminatedUnion` emits), no
 * value can match two branches and the two keywords accept exactly the same values. Otherwise
 * `anyOf` is looser, and exclusivity is still enforced when arguments are validated against the
 * original schema.
 */
export function describeOneOfRewrite(branches: unknown[], root: unknown): string {
  const discriminator = findDiscriminator(branches, root);
  if (discriminator !== undefined) {
    return `Rewrote 'oneOf' as 'anyOf': equivalent here, because the branches are told apart by the constant '${discriminator}' property.`;
  }
  return "Rewrote 'oneOf' as 'anyOf': the branches are not told apart by a constant property, so a value may match more than one; arguments are still validated against the original 'oneOf'.";
}

function findDiscriminator(branches: unknown[], root: unknown): string | undefined {
  const shapes = branches.map((branch) => {
    const resolved = isPlainObject(branch) && typeof branch.$ref === 'string' ? resolveLocalRef(root, branch.$ref)?.value : branch;
    return isPlainObject(resolved) && isPlainObject(resolved.properties) ? resolved.properties : undefined;
  });
  const [first] = shapes;
  if (first === undefined || shapes.some((shape) => shape === undefined)) return undefined;
  return Object.keys(first).find((name) => {
    const constants = shapes.map((shape) => constantOf(shape?.[name]));
    if (constants.some((constant) => constant === undefined)) return false;
    return new Set(constants.map((constant) => JSON.stringify(constant))).size === constants.length;
  });
}

function constantOf(schema: unknown): unknown {
  if (!isPlainObject(schema)) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return schema.enum[0];
  return undefined;
}
