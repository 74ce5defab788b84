/**
 * The options every Zod parameter schema is converted with, inside the sandbox and in tests.
 * - `target: 'draft-2020-12'`: the draft OpenAI documents for function parameters and the one
 *   Ajv checks `jsonSchema` tools against by default, so both kinds of tool mean the same thing.
 * - `io: 'input'`: the schema describes what the model must SEND (before defaults and transforms),
 *   so a field with `.default()` is optional to the model instead of wrongly required.
 * - `unrepresentable: 'throw'`: `z.date()`, `z.bigint()`, `z.map()` ... cannot travel as JSON
 *   arguments; silently turning them into `{}` (the default, 'any') would let the model send
 *   anything, so the conversion fails and the author gets a diagnostic at the tool.
 * Cycles (`cycles: 'ref'`) and reused schemas (`reused: 'inline'`) keep Zod's defaults.
 */
export const ZOD_JSON_SCHEMA_OPTIONS = {
  target: 'draft-2020-12',
  io: 'input',
  unrepresentable: 'throw',
} as const;
