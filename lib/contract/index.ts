// What crosses a wire or a thread: request schemas (one file a request) and their limits, the model config a
// request names, the compile answer and its tool views, a replay's event differences, the finished turn, the
// `'playground'` module's declarations (editor and sandbox), body parsing and its refusals. Browser-safe; imports only lib/runtime and zod.
export { approvalRequestSchema } from './approval-request';
export { compileRequestSchema } from './compile-request';
export { hasErrors } from './compiled-module';
export type { Diagnostic, ToolSpec, CompiledModule } from './compiled-module';
export { describeCompiledTools, describeCompileAnswer } from './describe-compiled-tools';
export type { StrictCheck, CompiledToolSummary, CompiledToolDetail, CompiledToolView, CompileAnswer } from './describe-compiled-tools';
export type { EventDifference } from './event-difference';
export type { FinishedTurn } from './finished-turn';
export { forkRequestSchema } from './fork-request';
export type { ForkRequest, ForkRequestBody } from './fork-request';
export { manualOutputRequestSchema } from './manual-output-request';
export { MODEL_CONFIG_LIMITS, scriptCallSchema, scriptStepSchema, faultKindSchema, embeddedWireSchema, geminiFunctionCallingModeSchema, tapeEntrySchema, modelConfigSchema, requestModelConfigSchema, removeModelSecrets } from './model-config';
export type { ModelConfig, RequestModelConfig, ScriptStep, ScriptCall, FaultKind, TapeEntry, ModelProvider, EmbeddedWire, GeminiFunctionCallingMode } from './model-config';
export { MCP_LIMITS } from './mcp-limits';
export { mcpServerNameSchema, mcpServerUrlSchema, mcpHeadersSchema, mcpToolSettingSchema, mcpServerRefSchema, mcpServersSchema, removeMcpSecrets, listMcpSecrets } from './mcp-server-ref';
export type { McpServerRef, McpToolSetting } from './mcp-server-ref';
export type { OperatorMcpServer, McpServersAnswer } from './mcp-servers-answer';
export type { McpServerInfo, McpTransportKind, McpToolAnnotations, McpToolView, McpToolsAnswer } from './mcp-tools-answer';
export { mcpToolsRequestSchema } from './mcp-tools-request';
export { MCP_TAPE_LIMITS, mcpTapeSchema, mcpRecordedCallSchema, mcpRecordedMessageSchema, mcpRecordedServerSchema, mcpRecordedToolSchema, mcpProgressSchema } from './mcp-tape';
export type { McpTape, McpRecordedCall, McpRecordedMessage, McpRecordedServer, McpProgress } from './mcp-tape';
export type { McpToolsRequest } from './mcp-tools-request';
export { MAX_JSON_DEPTH, scanJsonBody, parseScannedBody, parseJsonBody } from './parse-json-body';
export type { BodyLimits, BodyRefusal, BodyResult } from './parse-json-body';
export { PLAYGROUND_TYPES } from './playground-types';
export { processSingleton } from './process-singleton';
export { isHttpMethod, isRecordedUrl, RECORDED_URL_MESSAGE, RECORDED_METHOD_MESSAGE } from './recorded-request-line';
export { SANDBOX_LIMITS, moduleEvaluationBudgetMs } from './sandbox-limits';
export { SESSION_LIMITS, FINISHED_TURN_RETENTION, measureUtf8Bytes } from './session-limits';
export { TOOL_CALL_LIMITS, toolCallRequestSchema } from './tool-call-request';
export type { ToolCallRequest } from './tool-call-request';
export { TOOL_DETAILS_PER_REQUEST, toolDetailsRequestSchema } from './tool-details-request';
export { TURN_LIMITS, FORK_LIMITS, turnRequestSchema } from './turn-request';
export type { TurnRequest, TurnRequestBody } from './turn-request';
