import type { CompiledToolView } from '@/lib/client/compile';
import { generateArguments } from '@/lib/models';
import { createSeededRandom } from '@/lib/models';

/** Arguments to start a Try from, and where the generator had to clamp them. */
export type Prefill = { text: string; clamps: string[] };

/**
 * The embedded auto model's own generator, run in this tab on the visitor's own schema (its cost
 * is bounded by `GENERATOR_LIMITS`, and the tab is theirs). Seeded by the playground's seed and
 * the tool, so the same module shows the same arguments after a reload.
 */
export function generatePrefill(tool: Pick<CompiledToolView, 'qualifiedName' | 'jsonSchema'>, seed: number): Prefill {
  const generated = generateArguments(tool.jsonSchema, { random: createSeededRandom(seed, 'try', tool.qualifiedName) });
  return { text: JSON.stringify(generated.value, null, 2), clamps: generated.clamps };
}
