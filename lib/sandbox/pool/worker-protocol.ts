// The messages between the HTTP thread and a sandbox worker. Everything is structured-clone data.
import type { AutoModelOptions } from '@/lib/models/embedded';
import type { EmbeddedOutput, EmbeddedRequest } from '@/lib/models/embedded';
import type { JsonSchema, JsonValue, Result, ToolFailure, ToolLogLevel, ToolMetadata, ToolReturn, ValidationIssue, RuntimeEvent } from '@/lib/runtime';
import type { CompileAnswer, BodyResult, Diagnostic } from '@/lib/contract';
import type { RequestBodyName } from './request-body-schemas';
import type { PreparedSession, SessionPreparation } from '@/lib/sessions';
import type { SessionError } from '@/lib/sessions';
import type { ReplayStep, SessionTextAnswers, SessionTextUse, StoredSessionText } from '@/lib/replay';
import type { ActivityHooks } from '../compile/evaluate-tool-module';
import type { DescribeMcpToolsOptions } from '@/lib/mcp';
import type { TraceConversion, TraceConversionAnswers } from '@/lib/traces';

/** The tool hooks the runtime calls before and after execution, answered synchronously inside the worker. */
export type ToolHookMethod = 'validateArguments' | 'evaluateNeedsApproval' | 'validateOutput' | 'describeActivity' | 'describeCompletedActivity';

export type OpenTurnBody = { source: string; files: Record<string, string>; seed: number; clockStart: number };

/** What the HTTP thread asks of a worker; `id` pairs the answer with the question. */
export type WorkerRequest =
  | { kind: 'compile'; id: number; source: string }
  | { kind: 'open-turn'; id: number; turnKey: string; turn: OpenTurnBody }
  | { kind: 'hook'; id: number; turnKey: string; tool: number; method: ToolHookMethod; args: JsonValue[] }
  | { kind: 'execute'; id: number; turnKey: string; tool: number; callId: string; args: JsonValue; timeoutMs: number }
  | { kind: 'abort-call'; id: number; callRequest: number }
  | { kind: 'close-turn'; id: number; turnKey: string }
  | { kind: 'auto-respond'; id: number; options: AutoModelOptions; request: EmbeddedRequest }
  | { kind: 'validate-result'; id: number; schema: JsonSchema; value: JsonValue }
  /** Session records to check and store (`prepareStoredSession`), one after the other, each within its own CPU budget. */
  | { kind: 'prepare-sessions'; id: number; inputs: SessionPreparation[] }
  /** A finished turn to check and store (`prepareStoredTurn`). */
  | { kind: 'prepare-turn'; id: number; turn: unknown; secrets: string[] }
  /** A large request body's text (its values already counted) to parse and validate with the named route's schema. */
  | { kind: 'parse-body'; id: number; name: RequestBodyName; text: string }
  /** An MCP server's listing (`McpListedTool[]` as JSON text: a string crosses threads far cheaper than its objects) to describe as the schema panel reads it, answered as UTF-8 JSON. */
  | { kind: 'describe-mcp-tools'; id: number; toolsJson: string; options: DescribeMcpToolsOptions }
  /** The parameters a turn sends for tools whose schemas are a stranger's (an MCP server's): `SentParametersQuestion[]` as JSON text, answered with `SentParameters[]` as JSON text. */
  | { kind: 'resolve-sent-parameters'; id: number; toolsJson: string }
  /** o200k tokens of a long text (a catalog's tools payload). */
  | { kind: 'count-tokens'; id: number; text: string }
  /** Stored records' text to compare, or to build a fork's turn request from (`useStoredSessionText`). */
  | { kind: 'use-session'; id: number; use: SessionTextUse }
  /** A stored record's text to convert into a trace (`convertTraceText`). */
  | { kind: 'convert-trace'; id: number; conversion: TraceConversion }
  /** A stored record's text to parse and hold for a replay; answered with its first turn to run. */
  | { kind: 'open-replay'; id: number; replayKey: string; session: StoredSessionText }
  /** The events one turn of a held replay produced (or why it could not start); answered with the next step. */
  | { kind: 'advance-replay'; id: number; replayKey: string; replayed: Result<RuntimeEvent[], string> }
  /** A held replay to let go of. */
  | { kind: 'close-replay'; id: number; replayKey: string };

/** What `resolveSentParameters` reads of a tool. */
export type SentParametersQuestion = Pick<ToolMetadata, 'name' | 'namespace' | 'strict' | 'parameters'>;

export type WorkerRequestKind = WorkerRequest['kind'];

/** The value of a successful answer, per kind of request. */
export type WorkerAnswers = {
  compile: CompileAnswer;
  'open-turn': Result<{ tools: ToolMetadata[]; activityHooks: ActivityHooks[] }, { message: string; diagnostics: Diagnostic[] }>;
  hook:
    | { method: 'validateArguments'; result: Result<JsonValue, ValidationIssue[]> }
    | { method: 'evaluateNeedsApproval'; result: boolean }
    | { method: 'validateOutput'; result: ValidationIssue[] }
    | { method: 'describeActivity' | 'describeCompletedActivity'; result: string | undefined };
  execute: { result: Result<ToolReturn, ToolFailure>; files?: Record<string, string> };
  'abort-call': null;
  'close-turn': { files: Record<string, string> };
  'auto-respond': EmbeddedOutput[];
  'validate-result': ValidationIssue[];
  'prepare-sessions': Result<PreparedSession, SessionError>[];
  'prepare-turn': Result<string, string>;
  'parse-body': BodyResult<unknown>;
  'describe-mcp-tools': Uint8Array<ArrayBuffer>;
  'resolve-sent-parameters': string;
  'count-tokens': number;
  'use-session': SessionTextAnswers[SessionTextUse['kind']];
  'convert-trace': TraceConversionAnswers[TraceConversion['kind']];
  'open-replay': Result<ReplayStep, SessionError>;
  'advance-replay': Result<ReplayStep, SessionError>;
  'close-replay': null;
};

/**
 * What a worker sends back. Its heartbeat is not a message: it writes the time into a shared
 * buffer (`workerData.heartbeat`), which proves its event loop is still turning.
 */
export type WorkerMessage =
  | { kind: 'answer'; id: number; value: WorkerAnswers[WorkerRequestKind] }
  | { kind: 'failure'; id: number; message: string }
  | { kind: 'log'; id: number; level: ToolLogLevel; message: string }
  /** Sent once the worker has loaded QuickJS and warmed its first contexts. */
  | { kind: 'ready' };

/** How often a worker writes its heartbeat. */
export const HEARTBEAT_INTERVAL_MS = 200;

/**
 * The shared heartbeat buffer (BigInt64 slots): the worker's wall clock at its last beat, its
 * thread's CPU time then (µs), and its Linux thread id (0 where there is none), so the watchdog
 * can tell a worker that waits for a core from one stuck in code that cannot be interrupted.
 */
export const HEARTBEAT_SLOTS = { wallMs: 0, cpuMicroseconds: 1, threadId: 2 } as const;
export const HEARTBEAT_LENGTH = 3;

/** The niceness of sandbox worker threads (Linux): the HTTP thread wins a contended core from them about nine times to one. */
export const SANDBOX_THREAD_NICENESS = 10;
