// Gemini's wire names and schema choice, browser-safe: what the page needs to show a tool as Gemini
// would receive it. The client that reaches the network is server-only, behind `@/lib/models/server`.
export { GEMINI_NAMESPACE_SEPARATOR, qualifyGeminiName } from './gemini-tool-names';
export type { ChooseGeminiSchema, GeminiSchemaChoice } from './gemini-schema-choice';
