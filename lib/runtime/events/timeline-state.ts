import type { JsonValue } from '../vocabulary/json';
import type { ToolTokens } from '../vocabulary/tool-tokens';
import type { AssembledTool, CarriedIn, ModuleDiagnostic, ResponseTiming, RuntimeEventOf, TurnEnding, TurnState, Usage } from './runtime-event';
import type { PermissionMode, TurnMode } from '../vocabulary/modes';
import type { RepairStep, ToolInputErrorCode } from '../vocabulary/issues';
import type { ExecutionMode, Risk, ToolLogLevel } from '../vocabulary/modes';
import type { ValidationIssue } from '../vocabulary/issues';
import type { ToolResult } from '../tools/tool-result';

/**
 * Where a proposed call stands. `rejected` means the runtime decided it will not run (input
 * error, permission denied, approval denied) and its model-visible output is pending; every
 * call becomes `done` once its `tool-output` arrives, whose `status` says how it ended.
 */
export type CallPhase = 'proposed' | 'rejected' | 'awaiting-approval' | 'queued' | 'running' | 'awaiting-output' | 'done';

/** Why a call's arguments never reached the tool. */
export type CallInputError = {
  code: ToolInputErrorCode;
  message: string;
  issues: ValidationIssue[];
  suggestions: string[];
};

/** The permission gate's verdict on one call. */
export type CallPermission = { decision: 'allow' | 'ask' | 'deny'; reason: string; risk: Risk };

export type CallApprovalRequest = { input: JsonValue; reason: string; at: number };

export type CallApprovalResponse = {
  approved: boolean;
  decidedBy: 'human' | 'timeout' | 'abort';
  reason?: string;
  at: number;
};

/** A person is asked to type the call's output (a tool without execute, or one answered by hand). */
export type CallOutputRequest = { input: JsonValue; reason: 'no-execute' | 'answer-by-hand' | 'fork-override'; outputSchema?: JsonValue; at: number };

export type CallOutputResponse = { decidedBy: 'human' | 'timeout' | 'abort'; at: number };

export type CallLog = { level: ToolLogLevel; message: string; at: number };

/** A question the call's MCP server asked a person while it ran, and their answer once given. */
export type CallElicitation = {
  elicitationId: string;
  server: string;
  mode: 'form' | 'url';
  message: string;
  requestedSchema?: JsonValue;
  url?: string;
  at: number;
  response?: { action: 'accept' | 'decline' | 'cancel'; decidedBy: 'human' | 'timeout' | 'abort'; content?: Record<string, JsonValue>; at: number };
};

/** The normalized result the model received for a call, and when it arrived. */
export type CallOutput = Omit<ToolResult, 'callId' | 'name'> & { at: number };

/** The text of one output item of a response, as far as it streamed. */
export type StreamedText = { item: number; text: string };

/** What every call has, whatever its phase. */
type CallFacts = {
  callId: string;
  name: string;
  iteration: number;
  /** The arguments string exactly as the model sent it; absent if no `model-response` listed the call. */
  rawArguments?: string;
  /** Caveats the model attached to those arguments, e.g. where the embedded auto model clamped them. */
  argumentNotes?: string[];
  /** The arguments as far as they streamed (`model-delta`); kept when an abort cut the response off. */
  streamedArguments?: string;
  /** Present when a person proposed the call (`tool-call-direct`), not a model; `loadedDeferred`: loaded for it without Tool Search. */
  direct?: { loadedDeferred: boolean };
  repairs: RepairStep[];
  input?: JsonValue;
  restoredInput?: JsonValue;
  activity?: string;
  /** The gate's verdict, in any phase: a recorded turn may report it before its plan. */
  permission?: CallPermission;
  logs: CallLog[];
  /** Questions its MCP server asked a person while it ran, in order; absent when none. */
  elicitations?: CallElicitation[];
};

/** Nothing of a start: no batch, no typed output, no result. */
type NotStarted = { batch?: never; startedAt?: never; outputRequest?: never; outputResponse?: never; output?: never };

/** `batch` is the index into the iteration's dispatch plan, from `tool-call-start`; `startedAt` its `at`. */
type Started = { batch: number; startedAt: number };

/**
 * Everything the events said about one proposed call, by phase; a field the phase cannot have
 * is `?: never`, and each field stays once its phase has passed: an input error from `rejected`
 * on, an approval request from `awaiting-approval` on and its answer after it, a batch and start
 * time from `running` on, the request for a typed output from `awaiting-output` on, the output
 * only when `done`.
 */
export type CallState = CallFacts &
  (
    | ({ phase: 'proposed'; inputError?: never; approvalRequest?: never; approvalResponse?: never } & NotStarted)
    | ({ phase: 'queued'; inputError?: never; approvalRequest?: CallApprovalRequest; approvalResponse?: CallApprovalResponse } & NotStarted)
    | ({ phase: 'awaiting-approval'; inputError?: never; approvalRequest: CallApprovalRequest; approvalResponse?: never } & NotStarted)
    | ({ phase: 'rejected'; inputError?: CallInputError; approvalRequest?: CallApprovalRequest; approvalResponse?: CallApprovalResponse } & NotStarted)
    | ({
        phase: 'running';
        inputError?: never;
        approvalRequest?: CallApprovalRequest;
        approvalResponse?: CallApprovalResponse;
        outputRequest?: never;
        outputResponse?: never;
        output?: never;
      } & Started)
    | ({
        phase: 'awaiting-output';
        inputError?: never;
        approvalRequest?: CallApprovalRequest;
        approvalResponse?: CallApprovalResponse;
        outputRequest: CallOutputRequest;
        outputResponse?: CallOutputResponse;
        output?: never;
      } & Started)
    | {
        phase: 'done';
        inputError?: CallInputError;
        approvalRequest?: CallApprovalRequest;
        approvalResponse?: CallApprovalResponse;
        /** Absent for a call that never started (rejected, denied, skipped). */
        batch?: number;
        startedAt?: number;
        outputRequest?: CallOutputRequest;
        outputResponse?: CallOutputResponse;
        output: CallOutput;
      }
  );

export type DispatchBatch = { mode: ExecutionMode; callIds: string[] };

export type ToolSearchRecord = {
  callId: string;
  query: string;
  execution: 'client' | 'server';
  matches: string[];
  at: number;
};

/** What one model request offered, as `model-request` reported it. */
export type IterationRequest = {
  offeredTools: string[];
  /** Callable now but not at the previous request: loaded by a search in between. */
  newlyOffered: string[];
  deferredCount: number;
  inputItemCount: number;
  /** Absent when the turn ran without a token counter. */
  toolTokens?: ToolTokens;
  /** The `tool_choice` the request sent, when the turn set one. */
  toolChoice?: string;
  at: number;
};

/** The context meter of a whole turn: tool tokens summed over every request that measured them. */
export type TurnToolTokens = ToolTokens & { requests: number };

/** What one `tools-changed` said: the server, the tools added, removed and changed, or why it could not be listed again. */
export type ToolChange = Omit<RuntimeEventOf<'tools-changed'>, 'type' | 'turnId' | 'seq' | 'iteration'>;

/** One request/response round trip of the loop and what the runtime did with it. */
export type IterationState = {
  iteration: number;
  /** MCP servers whose tools changed before this request (`tools-changed`), in the order they were applied. */
  toolChanges?: ToolChange[];
  request?: IterationRequest;
  response?: {
    responseId: string;
    text?: string;
    usage?: Usage;
    timing?: ResponseTiming;
    /** In a fork: answered from the recording or by the live model (the first live one says why in `divergence`). */
    servedBy?: 'tape' | 'live';
    divergence?: string;
    at: number;
  };
  /** The assistant text as far as it streamed (`model-delta`), per output item in item order; kept when an abort cut it off. */
  streamedText?: StreamedText[];
  /** Calls in the model's order (plus any call only known from later events, appended). */
  callIds: string[];
  searches: ToolSearchRecord[];
  plan?: DispatchBatch[];
  modelError?: { code: RuntimeEventOf<'model-error'>['code']; message: string; status?: number; at: number };
};

/**
 * The turn's sandbox as the events report it: absent until `sandbox-ready` or `sandbox-error`
 * (while a live turn's sandbox is still opening, and in turns whose tools needed none).
 */
export type SandboxStep =
  | { status: 'ready'; durationMs: number; toolCount: number; at: number; code?: never; message?: never; diagnostics?: never }
  | { status: 'failed'; code: RuntimeEventOf<'sandbox-error'>['code']; message: string; diagnostics: ModuleDiagnostic[]; at: number; durationMs?: never; toolCount?: never };

export type TurnInfo = {
  turnId: string;
  model: string;
  mode: TurnMode;
  permissionMode: PermissionMode;
  maxIterations: number;
  userMessage: string;
  instructions?: string;
};

/** How the turn ended (one variant per reason, as `turn-end` says it), after how many iterations, when. */
export type TurnEnd = TurnEnding & { iterations: number; at: number };

/** A `turn-end`'s conversation: Responses input items as JSON. */
export type TurnEndConversation = { [key: string]: JsonValue }[];

/** The whole timeline of one turn, a pure function of its events. */
export type TimelineState = {
  /** Absent until `turn-start` arrives. */
  turn?: TurnInfo;
  status: 'idle' | 'running' | 'ended';
  sandbox?: SandboxStep;
  end?: TurnEnd;
  tools: AssembledTool[];
  deferralNote?: string;
  /** What the turn continued from (items, files, loaded tools), when it followed earlier turns. */
  carriedIn?: CarriedIn;
  /** The conversation after the turn, from `turn-end`: what the next turn sends back. */
  conversation?: TurnEndConversation;
  /** The state after the turn (files, loaded tools), from `turn-end`. */
  carryOut?: TurnState;
  /** Summed over the requests so far; `requests` is 0 until one reports `toolTokens`. */
  toolTokens: TurnToolTokens;
  iterations: IterationState[];
  calls: Record<string, CallState>;
  /** Highest `seq` applied; events at or below it are ignored, so re-delivery is harmless. */
  lastSeq: number;
  /** The latest `at` seen, the turn's "now" as far as the events know. */
  lastAt: number;
};

export function createTimelineState(): TimelineState {
  return { status: 'idle', tools: [], toolTokens: { sent: 0, allLoaded: 0, requests: 0 }, iterations: [], calls: {}, lastSeq: -1, lastAt: 0 };
}
