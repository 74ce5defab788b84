export { ANTHROPIC_TOOLS_URL, ANTHROPIC_STRICT_URL, ANTHROPIC_STRICT_LIMITS, checkAnthropic, countStrictBudget, checkAnthropicStrict, planAnthropicSchema } from './check-anthropic-compatibility';
export { GEMINI_SCHEMA_URL, GEMINI_FUNCTION_URL, checkGemini } from './check-gemini-compatibility';
export { chooseGeminiSchema } from './choose-gemini-schema';
export type { GeminiSchemaPlan } from './choose-gemini-schema';
export { checkOpenAIStrict, checkOpenAINonStrict } from './check-openai-compatibility';
export { checkProviderCompatibility, checkAnthropicRequestLimits } from './check-provider-compatibility';
export type { CompatibilityInput, RequestLimitIssue } from './check-provider-compatibility';
export { createVerdict } from './provider-compatibility';
export type { ProviderTarget, CompatibilityIssue, CompatibilityVerdict } from './provider-compatibility';

export { previewProviderTool } from './preview-provider-tool';
export type { PreviewProvider, PreviewTool, ProviderToolPreview } from './preview-provider-tool';
