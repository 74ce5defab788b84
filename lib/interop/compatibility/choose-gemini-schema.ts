import type { JsonSchema } from '@/lib/runtime';
import { checkGemini } from './check-gemini-compatibility';

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
  if (verdict.accepted) return { field: 'parametersJsonSchema', schema: tool.parameters, reason: 'Sent to Gemini as parametersJsonSchema, unchanged.' };
  if (verdict.transformed) {
    return { field: 'parameters', schema: verdict.transformed, reason: 'Sent to Gemini as parameters: the rewrite into Gemini\'s Schema shown here.' };
  }
  return { field: 'parametersJsonSchema', schema: tool.parameters, reason: 'Sent to Gemini as parametersJsonSchema (full JSON Schema), since Gemini\'s Schema cannot express it.' };
}
