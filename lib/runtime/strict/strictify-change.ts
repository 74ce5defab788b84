import type { JsonSchema } from '../vocabulary/json';

/** One rewrite `strictifySchema` made, located in the original schema, for the UI's diff. */
export type StrictifyChange = { pointer: string; change: string };

/**
 * What a rewrite of one schema node produced: the new node, and what it did at `at` (keywords
 * below the node; empty for the node itself).
 */
export type NodeRewrite = { schema: JsonSchema; at: readonly string[]; change: string };

/**
 * Whether a change removed a keyword the model would have read (a bound, a format, a default, an
 * example, a union's requirement), as opposed to the routine ones that keep what it reads:
 * closing an object, making an optional field nullable and required, adding or moving a type.
 */
export function isDroppingChange(change: StrictifyChange): boolean {
  return change.change.startsWith('Removed ');
}
