import type { JsonSchema } from '@/lib/runtime';
import { checkGemini, findGeminiDeclarationIssues } from './check-gemini-compatibility';
import { describeUnfixable, type CompatibilityVerdict } from './provider-compatibility';

/** What a Gemini function declaration carries for a tool's parameters, and why; or why Gemini would reject the tool in any form. */
export type GeminiSchemaPlan =
  | {
      field: 'parametersJsonSchema' | 'parameters';
      schema: JsonSchema;
      /** One sentence for the schema card. */
      reason: string;
    }
  | { field: 'refused'; reason: string };

/**
 * Decides what Gemini is sent for a tool's parameters from the matrix's Gemini verdict (which
 * judges Gemini's `Schema` subset): a schema it accepts goes as `parametersJsonSchema`, untouched;
 * one it can rewrite goes as that rewrite in `parameters`, the field the rewrite was made for;
 * one it cannot rewrite goes as `parametersJsonSchema`, the field that reads full JSON Schema,
 * unless Gemini would refuse the declaration whichever field carried it (its name, a root that
 * is no object): then the tool is refused and the turn sends nothing.
 */
export function chooseGeminiSchema(tool: { name: string; parameters: JsonSchema }): GeminiSchemaPlan {
  const declarationIssues = findGeminiDeclarationIssues({ name: tool.name, jsonSchema: tool.parameters });
  if (declarationIssues.length > 0) return { field: 'refused', reason: `Gemini would reject this function in any form: ${describeUnfixable({ issues: declarationIssues })}` };
  const verdict = checkGemini({ name: tool.name, jsonSchema: tool.parameters });
  const reason = describeGeminiSending(verdict);
  if (!verdict.accepted && verdict.transformed) return { field: 'parameters', schema: verdict.transformed, reason };
  return { field: 'parametersJsonSchema', schema: tool.parameters, reason };
}

/** What a turn on Gemini sends for a tool with this verdict, one sentence for the schema card. */
function describeGeminiSending(verdict: CompatibilityVerdict): string {
  if (verdict.accepted) return 'A turn on Gemini sends this schema unchanged, as parametersJsonSchema.';
  if (verdict.transformed) return 'A turn on Gemini sends the rewrite, as parameters (Gemini\'s Schema).';
  return 'A turn on Gemini sends this schema as parametersJsonSchema (full JSON Schema), since Gemini\'s Schema cannot express it.';
}
