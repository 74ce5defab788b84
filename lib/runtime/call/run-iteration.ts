import type { TurnToolSet } from '../tools/assemble-tools';
import type { EventEmitter } from '../events/create-event-emitter';
import type { PermissionSettings } from './decide-permission';
import { executeToolCall } from './execute-tool-call';
import { gateToolCall, type ApprovalHandler } from './gate-tool-call';
import type { ManualOutputHandler } from './manual-output';
import type { ElicitationHandler } from '../elicitation/elicitation';
import { planDispatch } from './plan-dispatch';
import { prepareToolCall, type ProposedFunctionCall, type RunnableCall } from './prepare-tool-call';
import type { Redactor } from '../redact-secrets';
import { effectiveExecutionMode } from '../tools/tool';
import type { ToolResult } from '../tools/tool-result';

/** How calls are gated and run, as a turn's (or a direct call's) options state it, defaults unapplied. */
export type CallPolicyInput = {
  permissions?: PermissionSettings;
  requestApproval?: ApprovalHandler;
  /** How long an approval or a typed output may take (default 120 s). */
  approvalTimeoutMs?: number;
  /** Qualified names of tools whose calls a person answers (tools without execute are always). */
  answerByHand?: readonly string[];
  /** Asks a person for an output; raced against `approvalTimeoutMs` and the abort signal. */
  requestOutput?: ManualOutputHandler;
  /** Asks a person what a running call's tool asks (an MCP server's elicitation); raced like an output. */
  requestElicitation?: ElicitationHandler;
  /** Calls (by id) whose output a fork replaces: asked of `requestOutput` instead of run, reason `fork-override`. */
  forkedCalls?: readonly string[];
  /** The wall deadline of a call whose tool sets no `timeoutMs` (default 30 s). */
  defaultTimeoutMs?: number;
};

export const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/** The call policy with its defaults: the same for a model's calls and for one a person proposed. */
export function resolveCallPolicy(input: CallPolicyInput) {
  return {
    permissions: input.permissions ?? { mode: 'auto' as const },
    requestApproval: input.requestApproval,
    approvalTimeoutMs: input.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
    defaultTimeoutMs: input.defaultTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
    answerByHand: input.answerByHand,
    requestOutput: input.requestOutput,
    requestElicitation: input.requestElicitation,
    forkedCalls: input.forkedCalls,
  };
}

export type RunIterationOptions = {
  calls: readonly ProposedFunctionCall[];
  iteration: number;
  toolSet: TurnToolSet;
  loaded: ReadonlySet<string>;
  emitter: EventEmitter;
  redact: Redactor;
  signal: AbortSignal;
  permissions: PermissionSettings;
  requestApproval?: ApprovalHandler;
  approvalTimeoutMs: number;
  defaultTimeoutMs: number;
  /** Qualified names of tools whose calls a person answers (tools without execute always are). */
  answerByHand?: readonly string[];
  requestOutput?: ManualOutputHandler;
  requestElicitation?: ElicitationHandler;
  forkedCalls?: readonly string[];
};

export type IterationOutcome = {
  /** One result per call, in no particular order; the caller re-orders by the model's order. */
  results: ToolResult[];
  /** The successful call that asked to end the turn, if any. */
  endedBy?: RunnableCall;
};

/**
 * The function calls of one model response: prepare each in model order (rejections answered
 * at once), plan batches, then per batch gate (approvals awaited together) and run concurrently;
 * a batch with calls answered by hand waits for every typed output before the next one starts.
 * Once a call ends the turn or the turn is aborted, later batches are not started.
 */
export async function runIteration(options: RunIterationOptions): Promise<IterationOutcome> {
  const { iteration, emitter } = options;
  const results: ToolResult[] = [];
  const runnable: RunnableCall[] = [];
  for (const call of options.calls) {
    const prepared = await prepareToolCall({ call, iteration, toolSet: options.toolSet, loaded: options.loaded, emitter });
    if (prepared.kind === 'runnable') {
      runnable.push(prepared.call);
      continue;
    }
    const { callId, name, code, output } = prepared.call;
    const result: ToolResult = { callId, name, status: 'rejected', output, summary: `${name} rejected (${code})`, audit: `${callId} ${name} → rejected (${code})`, durationMs: 0 };
    emitter.emit({ type: 'tool-output', iteration, ...result });
    results.push(result);
  }
  if (runnable.length === 0) return { results };

  const batches = planDispatch(runnable.map((call) => ({ callId: call.callId, mode: effectiveExecutionMode(call.entry.tool) })));
  emitter.emit({ type: 'dispatch-plan', iteration, batches });
  const byId = new Map(runnable.map((call) => [call.callId, call]));
  const answerByHand = new Set(options.answerByHand ?? []);
  const forkedCalls = new Set(options.forkedCalls ?? []);
  let endedBy: RunnableCall | undefined;

  for (const [batchIndex, batch] of batches.entries()) {
    const calls = batch.callIds.flatMap((id) => byId.get(id) ?? []);
    if (options.signal.aborted || endedBy) {
      results.push(...calls.map((call) => skipCall(options, call, endedBy ? `${endedBy.entry.qualifiedName} ended the turn first.` : 'The turn was aborted.')));
      continue;
    }
    const gated = await Promise.all(calls.map(async (call) => ({ call, blocked: await gateToolCall({ ...options, call }) })));
    const allowed = gated.flatMap(({ call, blocked }) => (blocked ? [] : [call]));
    results.push(...gated.flatMap(({ blocked }) => (blocked ? [blocked] : [])));
    const executed = await Promise.all(
      allowed.map(async (call) => ({
        call,
        result: await executeToolCall({
          call,
          iteration,
          batch: batchIndex,
          emitter,
          redact: options.redact,
          signal: options.signal,
          defaultTimeoutMs: options.defaultTimeoutMs,
          answerByHand,
          forkedCalls,
          requestOutput: options.requestOutput,
          requestElicitation: options.requestElicitation,
          approvalTimeoutMs: options.approvalTimeoutMs,
        }),
      })),
    );
    for (const { call, result } of executed) {
      results.push(result);
      if (result.status === 'success' && result.endTurn && !endedBy) endedBy = call;
    }
  }
  return { results, endedBy };
}

function skipCall(options: RunIterationOptions, call: RunnableCall, why: string): ToolResult {
  const name = call.entry.qualifiedName;
  const result: ToolResult = {
    callId: call.callId,
    name,
    status: 'aborted',
    output: `Error: ${name} was not run. ${why}`,
    summary: `${name} not run`,
    audit: `${call.callId} ${name} → not run: ${why}`,
    durationMs: 0,
  };
  options.emitter.emit({ type: 'tool-output', iteration: options.iteration, ...result });
  return result;
}
