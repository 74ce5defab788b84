import { z } from 'zod';
import type { JsonSchema } from '../vocabulary/json';
import { err, ok, type Result } from '../vocabulary/result';

/**
 * The options every Zod schema is converted to JSON Schema with: in the host realm, inside the
 * sandbox (the prelude receives them as settings) and in tests.
 * - `target: 'draft-2020-12'`: what Zod emits natively, the draft OpenAI documents for function
 *   parameters and the one Ajv checks `jsonSchema` tools against by default, so both kinds of
 *   tool mean the same thing;
 * - `io: 'input'`: the schema describes what the model must SEND (before defaults and
 *   transforms), so a field with `.default()` is optional to the model instead of wrongly required;
 * - `unrepresentable: 'throw'`: `z.date()`, `z.bigint()`, `z.map()` ... cannot travel as JSON
 *   arguments; turning them into `{}` (Zod's default, 'any') would let the model send anything,
 *   so the conversion fails and the author gets a diagnostic at the tool.
 * Cycles (`cycles: 'ref'`) and reused schemas (`reused: 'inline'`) keep Zod's defaults.
 */
export const ZOD_TO_JSON_SCHEMA_OPTIONS = { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw' } as const;

export function convertZodSchema(schema: z.ZodType): Result<JsonSchema, string> {
  try {
    return ok(z.toJSONSchema(schema, ZOD_TO_JSON_SCHEMA_OPTIONS) as JsonSchema);
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
}
