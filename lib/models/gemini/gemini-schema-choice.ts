import type { JsonSchema } from '@/lib/runtime';

/**
 * What a function declaration carries for a tool's parameters: the authored JSON Schema as
 * `parametersJsonSchema`, or a rewrite into Gemini's OpenAPI `Schema` subset as `parameters`;
 * or `refused` when Gemini would reject the declaration in any form (the turn sends nothing).
 */
export type GeminiSchemaChoice =
  | { field: 'parametersJsonSchema'; schema: JsonSchema }
  | { field: 'parameters'; schema: JsonSchema }
  | { field: 'refused'; reason: string };

/**
 * Decides what is sent for one tool's parameters. The server passes one built on the provider
 * compatibility matrix (a layer above the models); without one, the authored schema goes as is.
 */
export type ChooseGeminiSchema = (tool: { name: string; parameters: JsonSchema }) => GeminiSchemaChoice;

export const sendAuthoredSchema: ChooseGeminiSchema = (tool) => ({ field: 'parametersJsonSchema', schema: tool.parameters });
