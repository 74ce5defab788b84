import type { JsonSchema } from '@/lib/runtime';
import { checkGemini } from './check-gemini-compatibility';
import type { CompatibilityVerdict } from './provider-compatibility';

/** What a Gemini function declaration carries for a tool's parameters, and why. */
export type GeminiSchemaPlan = {
  field: 'parametersJsonSchema' | 'parameters';
  schema: JsonSchema;
  /** One sentence for the schema card. */
  reason: string;
};

/**
 * Decides what Gemini is sent for a tool's parameters from the matrix's Gemini verdict (which
 * judges Gemini's `Schema` subset): a schema it accepts goes as `parametersJsonSchema`, untouched;
 * one it can rewrite goes as that rewrite in `parameters`, the field the rewrite was made for;
 * one it cannot rewrite goes as `parametersJsonSchema`, the field that reads full JSON Schema.
 */
export function chooseGeminiSchema(tool: { name: string; parameters: JsonSchema }): GeminiSchemaPlan {
  const verdict = checkGemini({ name: tool.name, jsonSchema: tool.parameters });
  const reason = describeGeminiSending(verdict);
  if (!verdict.accepted && verdict.transformed) return { field: 'parameters', schema: verdict.transformed, reason };
  return { field: 'parametersJsonSchema', schema: tool.parameters, reason };
}

/** What a turn on Gemini sends for a tool with this verdict, one sentence for the card's Gemini cell. */
export function describeGeminiSending(verdict: CompatibilityVerdict): string {
  if (verdict.accepted) return 'A turn on Gemini sends this schema unchanged, as parametersJsonSchema.';
  if (verdict.transformed) return 'A turn on Gemini sends the rewrite below, as parameters (Gemini\'s Schema).';
  return 'A turn on Gemini sends this schema as parametersJsonSchema (full JSON Schema), since Gemini\'s Schema cannot express it.';
}
