// What crosses a wire or a thread: request schemas (one file a request) and their limits, the model config a
// request names, the compile answer and its tool views, a replay's event differences, the finished turn, the
// `'playground'` module's declarations (editor and sandbox), body parsing and its refusals. Browser-safe; imports only lib/runtime and zod.
export { approvalRequestSchema } from './requests/approval-request';
export { compileRequestSchema } from './requests/compile-request';
export { hasErrors } from './answers/compiled-module';
export type { Diagnostic, ToolSpec, CompiledModule } from './answers/compiled-module';
export { describeCompiledTools, describeCompileAnswer } from './answers/describe-compiled-tools';
export type { StrictCheck, CompiledToolSummary, CompiledToolDetail, CompiledToolView, CompileAnswer } from './answers/describe-compiled-tools';
export type { EventDifference } from './answers/event-difference';
export type { FinishedTurn } from './answers/finished-turn';
export { forkRequestSchema } from './requests/fork-request';
export type { ForkRequest, ForkRequestBody } from './requests/fork-request';
export { manualOutputRequestSchema } from './requests/manual-output-request';
export { elicitationAnswerRequestSchema } from './requests/elicitation-answer-request';
export type { ElicitationAnswerRequest } from './requests/elicitation-answer-request';
export { MODEL_CONFIG_LIMITS, scriptCallSchema, scriptStepSchema, faultKindSchema, embeddedWireSchema, geminiFunctionCallingModeSchema, tapeEntrySchema, modelConfigSchema, requestModelConfigSchema, removeModelSecrets } from './requests/model-config';
export type { ModelConfig, RequestModelConfig, ScriptStep, ScriptCall, FaultKind, TapeEntry, ModelProvider, EmbeddedWire, GeminiFunctionCallingMode } from './requests/model-config';
export { MCP_LIMITS } from './limits/mcp-limits';
export { mcpServerNameSchema, mcpServerUrlSchema, mcpHeadersSchema, mcpToolSettingSchema, mcpServerRefSchema, mcpServersSchema, removeMcpSecrets, listMcpSecrets } from './requests/mcp-server-ref';
export type { McpServerRef, McpToolSetting } from './requests/mcp-server-ref';
export type { OperatorMcpServer, McpServersAnswer } from './answers/mcp-servers-answer';
export type { McpServerInfo, McpTransportKind, McpToolAnnotations, McpToolView, McpToolsAnswer } from './answers/mcp-tools-answer';
export { mcpToolsRequestSchema } from './requests/mcp-tools-request';
export { MCP_TAPE_LIMITS, mcpTapeSchema, mcpRecordedCallSchema, mcpRecordedMessageSchema, mcpRecordedServerSchema, mcpRecordedToolSchema, mcpProgressSchema } from './answers/mcp-tape';
export type { McpTape, McpRecordedCall, McpRecordedMessage, McpRecordedServer, McpProgress } from './answers/mcp-tape';
export type { McpToolsRequest } from './requests/mcp-tools-request';
export { MAX_JSON_DEPTH, scanJsonBody, parseScannedBody, parseJsonBody } from './parse-json-body';
export type { BodyLimits, BodyRefusal, BodyResult } from './parse-json-body';
export { PLAYGROUND_TYPES } from './playground-types';
export { processSingleton } from './process-singleton';
export { isHttpMethod, isRecordedUrl, RECORDED_URL_MESSAGE, RECORDED_METHOD_MESSAGE } from './requests/recorded-request-line';
export { SANDBOX_LIMITS, moduleEvaluationBudgetMs } from './limits/sandbox-limits';
export { SESSION_LIMITS, FINISHED_TURN_RETENTION, measureUtf8Bytes } from './limits/session-limits';
export { TOOL_CALL_LIMITS, toolCallRequestSchema } from './requests/tool-call-request';
export type { ToolCallRequest } from './requests/tool-call-request';
export { TOOL_DETAILS_PER_REQUEST, toolDetailsRequestSchema } from './requests/tool-details-request';
export { TURN_LIMITS, FORK_LIMITS, turnRequestSchema } from './requests/turn-request';
export type { TurnRequest, TurnRequestBody } from './requests/turn-request';
