import { z } from 'zod';
import type { JsonValue } from '../vocabulary/json';
import { modelSettingsSchema } from '../model/model-settings';
import { repairStepSchema, toolInputErrorCodeSchema, validationIssueSchema } from '../vocabulary/issues';
import { executionModeSchema, permissionModeSchema, riskSchema, turnModeSchema } from '../vocabulary/modes';
import { modelErrorCodeSchema, toolOutputStatusSchema } from '../vocabulary/statuses';

/**
 * The wire and storage schema of everything a turn reports. Events are the single source of
 * truth: the timeline reduces them, sessions store them, replay compares them.
 */

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

const base = { turnId: z.string(), seq: z.number().int().nonnegative(), at: z.number().nonnegative() };
const inIteration = { ...base, iteration: z.number().int().positive() };
const forCall = { ...inIteration, callId: z.string(), name: z.string() };

export const assembledToolSchema = z.object({
  name: z.string(),
  namespace: z.string().optional(),
  qualifiedName: z.string(),
  source: z.enum(['module', 'mcp', 'builtin']),
  /** The MCP server a `source: 'mcp'` tool comes from (its name in the request, also the tool's namespace by default). */
  server: z.string().optional(),
  deferred: z.boolean(),
  strict: z.boolean(),
  /** True when the schema was strictified for sending; see `strictifySchema`. */
  strictified: z.boolean(),
  executionMode: executionModeSchema,
  risk: riskSchema,
  needsApproval: z.union([z.boolean(), z.literal('dynamic')]),
});

export const usageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  totalTokens: z.number(),
  /** Input tokens the provider served from its prompt cache, when it says. */
  cachedInputTokens: z.number().optional(),
  /** Input tokens the provider wrote to its prompt cache (Anthropic's cache writes), when it says. */
  cacheWriteInputTokens: z.number().optional(),
  /** Output tokens spent on reasoning, when the provider says. */
  reasoningTokens: z.number().optional(),
});

/** A Responses input item as JSON (`lib/runtime/model/responses-items.ts` reads and writes them). */
export const wireItemSchema = z.record(z.string(), jsonValue);

/** The state a conversation carries from turn to turn besides its items. */
export const turnStateSchema = z.object({
  /** The virtual file store as the turn's tools left it. */
  files: z.record(z.string(), z.string()),
  /** Deferred tools loaded by Tool Search so far (qualified names). */
  loadedTools: z.array(z.string()),
});

export const carriedInSchema = z.object({
  conversationItems: z.number().int().nonnegative(),
  files: z.array(z.string()),
  loadedTools: z.array(z.string()),
});

export const proposedCallSchema = z.object({
  callId: z.string(),
  name: z.string(),
  arguments: z.string(),
  /** Caveats the model attached to the arguments (the embedded auto model: where it clamped them). */
  notes: z.array(z.string()).optional(),
});

/** How long one model request took, as the runtime measured it; a replay's differ, so comparisons skip it. */
export const responseTimingSchema = z.object({
  /** From sending the request to having the whole response. */
  durationMs: z.number().nonnegative(),
  /** From sending the request to the first streamed text or arguments; absent when nothing streamed. */
  firstTokenMs: z.number().nonnegative().optional(),
  /** Output tokens (as the provider reported them) per second after the first token; absent when not measurable. */
  outputTokensPerSecond: z.number().nonnegative().optional(),
});

/**
 * A piece of one output item of a streaming response, coalesced: assistant text, or a function
 * call's arguments with the call it belongs to.
 */
export const modelDeltaSchema = z.discriminatedUnion('kind', [
  z.object({ ...inIteration, type: z.literal('model-delta'), item: z.number().int().nonnegative(), kind: z.literal('text'), delta: z.string() }),
  z.object({
    ...inIteration,
    type: z.literal('model-delta'),
    item: z.number().int().nonnegative(),
    kind: z.literal('arguments'),
    callId: z.string(),
    /** The qualified name, `namespace.name` inside a namespace. */
    name: z.string(),
    delta: z.string(),
  }),
]);

const turnEndBase = {
  ...base,
  type: z.literal('turn-end'),
  iterations: z.number().int().nonnegative(),
  /**
   * The conversation after the turn as Responses input items: send it back as the next turn's
   * `conversation`. Absent only in turns recorded before conversations existed.
   */
  conversation: z.array(wireItemSchema).optional(),
  /** What the next turn needs besides the items (send back as `files` and `loadedTools`). */
  state: turnStateSchema.optional(),
};

/**
 * The last event of every turn, one variant per reason, each with only its own fields: the
 * final text of a turn the model or a tool ended, the submitted `result` of a task, the `error`
 * of a failed turn. Fields of another reason are dropped when parsed rather than refused, so
 * older records that carry them still load.
 */
export const turnEndSchema = z.discriminatedUnion('reason', [
  z.object({ ...turnEndBase, reason: z.literal('completed'), finalText: z.string().optional(), result: jsonValue.optional() }),
  z.object({ ...turnEndBase, reason: z.literal('tool-ended'), finalText: z.string().optional() }),
  z.object({ ...turnEndBase, reason: z.literal('max-iterations') }),
  z.object({ ...turnEndBase, reason: z.literal('aborted') }),
  z.object({ ...turnEndBase, reason: z.literal('error'), error: z.string() }),
]);

/** A problem in the turn's tool module, at its line and column in the source as typed (1-based). */
export const moduleDiagnosticSchema = z.object({
  message: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  severity: z.enum(['error', 'warning']),
});

/** Why a turn's sandbox did not open: the module's own errors, or the sandbox (pool full, worker lost). */
/** Why a turn's tools could not be opened: its module, the sandbox pool, or an MCP server it names. */
export const sandboxErrorCodeSchema = z.enum(['module-error', 'sandbox-unavailable', 'mcp-server-unavailable']);

export const runtimeEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('turn-start'),
    mode: turnModeSchema,
    model: z.string(),
    permissionMode: permissionModeSchema,
    maxIterations: z.number().int().positive(),
    userMessage: z.string(),
    /** The system/developer instructions the turn ran with, when there were any. */
    instructions: z.string().optional(),
    /** The model settings the turn's requests carry (`tool_choice`, `parallel_tool_calls`, …), when any was set. */
    modelSettings: modelSettingsSchema.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('sandbox-ready'),
    /** From `turn-start` until the tool module was evaluated in the turn's sandbox. */
    durationMs: z.number().nonnegative(),
    /** The tools the module defines. */
    toolCount: z.number().int().nonnegative(),
  }),
  z.object({
    ...base,
    type: z.literal('sandbox-error'),
    code: sandboxErrorCodeSchema,
    message: z.string(),
    /** The module's diagnostics in source order; empty when the sandbox itself failed. */
    diagnostics: z.array(moduleDiagnosticSchema),
  }),
  z.object({
    ...base,
    type: z.literal('tools-assembled'),
    tools: z.array(assembledToolSchema),
    /** Why deferred tools were offered directly, when they were. */
    deferralNote: z.string().optional(),
  }),
  z.object({
    ...base,
    type: z.literal('turn-carried-in'),
    /** What the turn continued from: items of earlier turns, files they left, tools they loaded. */
    ...carriedInSchema.shape,
  }),
  z.object({
    ...inIteration,
    type: z.literal('tools-changed'),
    /** The MCP server that said its tools changed (`notifications/tools/list_changed`) and was listed again. */
    server: z.string(),
    /** Qualified names offered from this request on that were not before. */
    added: z.array(z.string()),
    /** Qualified names no longer offered. */
    removed: z.array(z.string()),
    /** Qualified names still offered whose description, schemas or annotations changed. */
    changed: z.array(z.string()),
    /** Why the server could not be listed again; the turn keeps the tools it had (the lists are then empty). */
    error: z.string().optional(),
  }),
  z.object({
    ...inIteration,
    type: z.literal('model-request'),
    /** The `tool_choice` this request sent (`auto`, `required`, `none` or the tool's qualified name), when the turn set one. */
    toolChoice: z.string().optional(),
    offeredTools: z.array(z.string()),
    deferredCount: z.number().int().nonnegative(),
    inputItemCount: z.number().int().nonnegative(),
    /** o200k tokens of the tools payload as the model sees it, and with every tool loaded up front. */
    toolTokens: z.object({ sent: z.number().int().nonnegative(), allLoaded: z.number().int().nonnegative() }).optional(),
  }),
  z.object({
    ...inIteration,
    type: z.literal('model-response'),
    responseId: z.string(),
    text: z.string().optional(),
    calls: z.array(proposedCallSchema),
    usage: usageSchema.optional(),
    timing: responseTimingSchema.optional(),
    /**
     * In a fork of a recorded turn: `tape` when the recording answered this request, `live` when
     * the model did, because the request no longer matched (the first live one says why in `divergence`).
     */
    servedBy: z.enum(['tape', 'live']).optional(),
    divergence: z.string().optional(),
  }),
  modelDeltaSchema,
  z.object({
    ...inIteration,
    type: z.literal('tool-call-direct'),
    /** A call a person proposed (a tool card's Try), standing in for a model's proposal: no model took part. */
    call: proposedCallSchema,
    /** True when the tool is deferred: picked by name, it was loaded for this call without Tool Search. */
    loadedDeferred: z.boolean().optional(),
  }),
  z.object({
    ...inIteration,
    type: z.literal('model-error'),
    code: modelErrorCodeSchema,
    message: z.string(),
    status: z.number().int().optional(),
  }),
  z.object({
    ...inIteration,
    type: z.literal('tool-search'),
    callId: z.string(),
    query: z.string(),
    execution: z.enum(['client', 'server']),
    matches: z.array(z.string()),
  }),
  z.object({ ...forCall, type: z.literal('tool-input-repair'), repairs: z.array(repairStepSchema) }),
  z.object({
    ...forCall,
    type: z.literal('tool-input-error'),
    code: toolInputErrorCodeSchema,
    message: z.string(),
    issues: z.array(validationIssueSchema).optional(),
    suggestions: z.array(z.string()).optional(),
  }),
  z.object({
    ...forCall,
    type: z.literal('tool-input-available'),
    input: jsonValue,
    /** Arguments as the tool receives them after null-for-optional fields are dropped, when that changed them. */
    restoredInput: jsonValue.optional(),
    activity: z.string().optional(),
  }),
  z.object({
    ...forCall,
    type: z.literal('tool-permission'),
    decision: z.enum(['allow', 'ask', 'deny']),
    risk: riskSchema,
    reason: z.string(),
  }),
  z.object({ ...forCall, type: z.literal('tool-approval-request'), input: jsonValue, reason: z.string() }),
  z.object({
    ...forCall,
    type: z.literal('tool-approval-response'),
    approved: z.boolean(),
    decidedBy: z.enum(['human', 'timeout', 'abort']),
    reason: z.string().optional(),
  }),
  z.object({
    ...forCall,
    type: z.literal('tool-output-request'),
    input: jsonValue,
    /**
     * `no-execute`: the tool has no execute; `answer-by-hand`: the user switched the tool to be
     * answered by hand; `fork-override`: a fork replaces the recorded output with the person's.
     */
    reason: z.enum(['no-execute', 'answer-by-hand', 'fork-override']),
    /** The tool's output schema as JSON Schema, to prefill and check what a person types. */
    outputSchema: jsonValue.optional(),
  }),
  z.object({
    ...forCall,
    type: z.literal('tool-output-response'),
    decidedBy: z.enum(['human', 'timeout', 'abort']),
  }),
  z.object({
    ...forCall,
    type: z.literal('tool-elicitation-request'),
    /** Unique in the turn: what the person's answer names. */
    elicitationId: z.string(),
    /** The MCP server that asks. */
    server: z.string(),
    mode: z.enum(['form', 'url']),
    message: z.string(),
    /** Form mode: the fields to fill in, a flat object schema as the MCP spec restricts it. */
    requestedSchema: jsonValue.optional(),
    /** URL mode: the page the person opens themselves (never opened for them). */
    url: z.string().optional(),
  }),
  z.object({
    ...forCall,
    type: z.literal('tool-elicitation-response'),
    elicitationId: z.string(),
    action: z.enum(['accept', 'decline', 'cancel']),
    decidedBy: z.enum(['human', 'timeout', 'abort']),
    /** The accepted form's values, as sent to the server. */
    content: z.record(z.string(), jsonValue).optional(),
  }),
  z.object({
    ...inIteration,
    type: z.literal('dispatch-plan'),
    batches: z.array(z.object({ mode: z.enum(['parallel', 'sequential']), callIds: z.array(z.string()) })),
  }),
  z.object({ ...forCall, type: z.literal('tool-call-start'), batch: z.number().int().nonnegative() }),
  z.object({
    ...forCall,
    type: z.literal('tool-call-log'),
    level: z.enum(['info', 'warn', 'error']),
    message: z.string(),
  }),
  z.object({
    ...forCall,
    type: z.literal('tool-output'),
    status: toolOutputStatusSchema,
    /** Exactly what the model receives as `function_call_output`, redacted. */
    output: z.string(),
    summary: z.string(),
    audit: z.string(),
    durationMs: z.number().nonnegative(),
    details: jsonValue.optional(),
    endTurn: z.boolean().optional(),
  }),
  turnEndSchema,
]);

export type RuntimeEvent = z.infer<typeof runtimeEventSchema>;
export type RuntimeEventType = RuntimeEvent['type'];
export type RuntimeEventOf<T extends RuntimeEventType> = Extract<RuntimeEvent, { type: T }>;
export type TurnEndReason = RuntimeEventOf<'turn-end'>['reason'];
export type AssembledTool = z.infer<typeof assembledToolSchema>;
export type TurnState = z.infer<typeof turnStateSchema>;
export type CarriedIn = z.infer<typeof carriedInSchema>;
export type ModuleDiagnostic = z.infer<typeof moduleDiagnosticSchema>;
export type SandboxErrorCode = z.infer<typeof sandboxErrorCodeSchema>;
export type Usage = z.infer<typeof usageSchema>;
export type ResponseTiming = z.infer<typeof responseTimingSchema>;

/** Distributive omit, so that event literals keep their discriminant. */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event before the emitter stamps it with turn id, sequence number and time. */
export type RuntimeEventInput = DistributiveOmit<RuntimeEvent, 'turnId' | 'seq' | 'at'>;

type TurnEndingField = 'finalText' | 'result' | 'error';
type TurnEndVariant = DistributiveOmit<RuntimeEventOf<'turn-end'>, 'type' | 'turnId' | 'seq' | 'at' | 'iterations' | 'conversation' | 'state'>;
type WithOtherFieldsNever<Variant> = Variant extends unknown ? Variant & { [Field in Exclude<TurnEndingField, keyof Variant>]?: never } : never;

/**
 * How a turn ended, as `turn-end` says it: one variant per reason with the fields of the other
 * reasons typed `?: never` (`completed` → `finalText?` or `result?`, `tool-ended` → `finalText?`,
 * `error` → `error`).
 */
export type TurnEnding = WithOtherFieldsNever<TurnEndVariant>;
