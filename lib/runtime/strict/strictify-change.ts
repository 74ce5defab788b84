import type { JsonSchema } from '../json';

/** One rewrite `strictifySchema` made, located in the original schema, for the UI's diff. */
export type StrictifyChange = { pointer: string; change: string };

/**
 * What a rewrite of one schema node produced: the new node, and what it did at `at` (keywords
 * below the node; empty for the node itself).
 */
export type NodeRewrite = { schema: JsonSchema; at: readonly string[]; change: string };
