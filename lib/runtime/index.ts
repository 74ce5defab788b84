/**
 * The runtime's public face: everything code outside lib/runtime uses, and nothing that needs
 * Node, React or the DOM, so client components, the server and the sandbox worker all import it.
 * Test helpers (the scripted model, event factories) have their own face: `@/lib/runtime/testing`.
 */

// vocabulary: the basic types every part of the runtime shares
export { isPlainObject, type JsonSchema, type JsonValue } from './vocabulary/json';
export { err, ok, type Result } from './vocabulary/result';
export { assertNever } from './vocabulary/assert-never';
export { repairRungSchema, toolInputErrorCodeSchema, type RepairRung, type RepairStep, type ToolInputErrorCode, type ValidationIssue } from './vocabulary/issues';
export {
  permissionModeSchema, turnModeSchema, executionModeSchema, type ExecutionMode, type PermissionMode, type Risk, type ToolLogLevel, type TurnMode,
} from './vocabulary/modes';
export { toolOutputStatusSchema, type ModelErrorCode, type ToolOutputStatus } from './vocabulary/statuses';
export type { ToolTokens } from './vocabulary/tool-tokens';

// basics
export { escapePointerSegment, splitJsonPointer, toJsonPointer, type JsonPath } from './json-pointer';
export { countJsonValues, scanJsonText, type JsonTextShape } from './scan-json-text';
export { createRedactor, REDACTED, redactJsonValue, type Redactor } from './redact-secrets';
export { tokensAt, waitForToken, type TokenBucketRule, type TokenBucketState } from './token-bucket';

// tools
export { attachDefinitions, listReachableDefinitions } from './tools/attach-definitions';
export {
  checkToolConfig, findDuplicateToolNames, PLAIN_TOOL_OPTIONS, TOOL_NAME_PATTERN, type PlainToolOption,
  type ToolConfigShape,
} from './tools/check-tool-config';
export { convertZodSchema, ZOD_TO_JSON_SCHEMA_OPTIONS } from './tools/convert-zod-schema';
export { defineTool, ToolDefinitionError, type DefineToolOptions } from './tools/define-tool';
export { describeToolMetadata } from './tools/describe-tool-metadata';
export { effectiveExecutionMode, qualifiedToolName, riskOf, type Tool, type ToolContext, type ToolFailure, type ToolMetadata, type ToolReturn } from './tools/tool';
export type { ToolResult } from './tools/tool-result';
export { resolveSentParameters, type SentParameters } from './tools/resolve-sent-parameters';

// validation
export { createRegExpEngine, type UnrepresentablePatterns } from './validation/create-regexp-engine';
export { describeOutputMismatch, formatIssuePath, formatValidationIssues, validationFailure } from './validation/format-validation-issues';
export type { RawValidationIssue } from './validation/raw-validation-issue';
export { checkJsonSchema, createJsonSchemaValidator, type JsonSchemaValidator } from './validation/validate-json-schema';
export { formatZodIssues, validateWithZod } from './validation/validate-with-zod';

// repair
export { parseJson } from './repair/parse-json';
export { MAX_ARGUMENT_LENGTH, REPAIR_RUNGS, repairArguments, type RepairOutcome } from './repair/repair-arguments';

// strict
export { checkStrictSchema, type StrictReport, type StrictViolation } from './strict/check-strict-schema';
export { isAnnotationKeyword } from './strict/is-annotation-keyword';
export { getAtPointer, resolveLocalRef } from './strict/resolve-local-ref';
export { STRICT_DOCS_URL } from './strict/strict-limits';
export type { StrictRule } from './strict/strict-violation';
export { isDroppingChange, type StrictifyChange } from './strict/strictify-change';
export { strictifySchema, type StrictifyOutcome } from './strict/strictify-schema';

// search
export { createToolIndex, type ToolIndex, type ToolMatch, type ToolQueryOptions } from './search/create-tool-index';
export { searchTools, type SearchableTool } from './search/search-tools';
export { isStopWord, tokenizeToolText } from './search/tokenize-tool-text';
export { CURRENT_TOOL_SEARCH_VERSION, TOOL_SEARCH_VERSIONS, type ToolSearchVersion } from './search/tool-search-version';

// model
export { compactModelSettings } from './model/compact-model-settings';
export {
  FROM_MESSAGE_NOTE, GENERATED_NOTE, isArgumentSourceNote, type CallNotes, type ConversationItem,
  type CreateResponseOptions, type ModelClient, type ModelDelta, type ModelError, type ModelRequest, type ModelResponse,
  type OfferedFunction, type OfferedTool,
} from './model/model-client';
export { MODEL_SETTINGS_LIMITS, modelSettingsSchema, type ModelSettings, type RequestToolChoice } from './model/model-settings';
export { fromResponsesItem, readConversation, toResponsesInput } from './model/responses-items';

// events
export {
  reduceRuntimeEvents, type CallApprovalResponse, type CallInputError, type CallOutput, type CallPermission,
  type CallState, type DispatchBatch, type IterationRequest, type IterationState, type StreamedText, type TimelineState,
  type ToolSearchRecord, type TurnEnd, type TurnInfo, type TurnToolTokens,
} from './events/reduce-runtime-events';
export { runtimeEventSchema, type CarriedIn, type ResponseTiming, type RuntimeEvent, type RuntimeEventInput, type RuntimeEventOf, type RuntimeEventType, type SandboxErrorCode, type TurnEnding, type TurnEndReason, type TurnState, type Usage } from './events/runtime-event';
export type { SandboxStep, ToolChange } from './events/timeline-state';
export type { CallElicitation } from './events/timeline-state';

// a person asked while a call runs (an MCP server's elicitation)
export type { AskPerson, ElicitationHandler, ElicitationQuestion, ElicitationReply, ElicitationRequest } from './elicitation/elicitation';
export { ELICITATION_LIMITS, readElicitationForm, type ElicitationField, type ElicitationOption } from './elicitation/elicitation-form';
export { checkElicitationContent } from './elicitation/check-elicitation-content';

// loop
export { checkArguments, type ArgumentsCheck, type ArgumentTarget } from './call/check-arguments';
export { DELTA_LIMITS } from './loop/coalesce-model-deltas';
export type { ResultValidator } from './tools/create-submit-result-tool';
export { decidePermission, type PermissionDecision, type PermissionSettings, type PermissionSubject } from './call/decide-permission';
export type { ApprovalDecision, ApprovalHandler, ApprovalRequest } from './call/gate-tool-call';
export type { TokenCounter } from './loop/measure-tool-tokens';
export type { TakeToolChanges, ToolSourceChange } from './loop/apply-tool-changes';
export { planDispatch } from './call/plan-dispatch';
export type { OpenTurnTools, TurnTools, TurnToolsFailure } from './loop/prepare-turn-tools';
export { restoreOptionalArguments } from './call/restore-optional-arguments';
export type { RunHost } from './loop/open-run';
export { DEFAULT_CALL_TIMEOUT_MS, type CallPolicyInput } from './call/run-iteration';
export { runToolCall, type RunToolCallOptions } from './loop/run-tool-call';
export {
  DEFAULT_MAX_ITERATIONS,
  runTurn,
  type RunTurnOptions,
  type TurnCarriedIn,
  type TurnHost,
  type TurnOutcome,
  type TurnRequestOptions,
} from './loop/run-turn';
