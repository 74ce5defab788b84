// Anthropic's Messages API, browser-safe: the runtime's items and tools in Anthropic's wire format
// and back (the page shows a turn as Claude would receive it). The client that reaches the network
// is server-only, behind `@/lib/models/server`.
export { buildAnthropicRequest, ANTHROPIC_DEFAULT_MAX_TOKENS } from './build-anthropic-request';
export { convertAnthropicMessage, readAnthropicUsage } from './convert-anthropic-message';
export { convertItemsToAnthropic } from './convert-items-to-anthropic';
export { ANTHROPIC_STRICT_BUDGET, convertToolChoiceToAnthropic, convertToolsToAnthropic } from './convert-tools-to-anthropic';
export { ANTHROPIC_TOOL_SEARCH } from './convert-anthropic-tool-search';
export { ANTHROPIC_NAMESPACE_SEPARATOR, qualifyToolName } from './qualify-tool-name';
export type { AnthropicSchemaJudge, AnthropicSchemaPlan, AnthropicToolNames } from './convert-tools-to-anthropic';
