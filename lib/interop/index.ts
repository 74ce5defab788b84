// Turning tool definitions into other formats and back, and checking them against providers: pure and
// browser-safe. import/ reads tool lists and OpenAPI documents, export/ writes SDK code and tool JSON,
// compatibility/ checks a tool against each provider's rules, schema/ holds the JSON Schema walking
// and inert-text helpers they share.
export { DEFER_LOADING_THRESHOLD, GROUP_PAGE_SIZE, qualifyImportedTool, groupImportedTools, matchesToolQuery, renderImportSelection, createPickerState, reducePicker, isGroupOpen, importToolDefinitions, snapshotMcpServer, renderToolModule } from './import';
export type { ToolGroup, PickerState, PickerAction, ImportedTool, ImportError, ToolImport, McpSnapshot, RecordedOutput, ToolModuleInput } from './import';
export { EXPORT_FORMATS, exportTools, toInteropTool, renderPromptfooConfig } from './export';
export type { ExportFormat, CompiledToolLike, PromptfooConfigOptions, PromptfooVariantTools } from './export';
export { checkProviderCompatibility, chooseGeminiSchema, planAnthropicSchema, previewProviderTool } from './compatibility';
export type { ProviderTarget, CompatibilityVerdict, GeminiSchemaPlan, PreviewProvider, PreviewTool, ProviderToolPreview } from './compatibility';
export { hasUnsafeCharacters, replaceUnsafeCharacters, toUnicodeEscape, renderCommentText, renderCodeLiteral, renderStringLiteral, isValidToolName, sanitizeToolName, claimToolName } from './schema';
