import type { EventEmitter } from '../events/create-event-emitter';
import { decidePermission, type PermissionSettings } from './decide-permission';
import type { JsonValue } from '../vocabulary/json';
import type { RunnableCall } from './prepare-tool-call';
import { riskOf } from '../tools/tool';
import type { ToolResult } from '../tools/tool-result';
import { awaitPerson } from './await-person';

export type ApprovalRequest = { callId: string; name: string; input: JsonValue; reason: string; signal: AbortSignal };
export type ApprovalDecision = { approved: boolean; reason?: string };
/** Asks a human. The runtime races it against `approvalTimeoutMs`; no answer means denied. */
export type ApprovalHandler = (request: ApprovalRequest) => Promise<ApprovalDecision>;

export type GateOptions = {
  call: RunnableCall;
  iteration: number;
  emitter: EventEmitter;
  permissions: PermissionSettings;
  requestApproval?: ApprovalHandler;
  approvalTimeoutMs: number;
  signal: AbortSignal;
};

/** `null` when the call may run; otherwise the (already emitted) denied or aborted result. */
export async function gateToolCall(options: GateOptions): Promise<ToolResult | null> {
  const { call, iteration, emitter } = options;
  const { tool, qualifiedName: name } = call.entry;
  const base = { iteration, callId: call.callId, name };
  const needsApproval = tool.needsApproval === 'dynamic' ? await evaluateNeedsApproval(call) : tool.needsApproval;
  const risk = riskOf(tool);
  const verdict = decidePermission({ qualifiedName: name, risk, needsApproval }, options.permissions);
  emitter.emit({ ...base, type: 'tool-permission', decision: verdict.decision, risk, reason: verdict.reason });

  if (verdict.decision === 'deny') return emitDenied(options, `Permission denied: ${verdict.reason}`, 'denied');
  if (verdict.decision === 'allow') return null;

  emitter.emit({ ...base, type: 'tool-approval-request', input: call.args, reason: verdict.reason });
  const answer = await awaitApproval(options, verdict.reason);
  emitter.emit({ ...base, type: 'tool-approval-response', approved: answer.approved, decidedBy: answer.decidedBy, ...(answer.reason ? { reason: answer.reason } : {}) });
  if (answer.approved) return null;
  if (answer.decidedBy === 'abort') return emitDenied(options, 'The turn was aborted while the call waited for approval.', 'aborted');
  const why = answer.decidedBy === 'timeout' ? `no approval arrived within ${options.approvalTimeoutMs} ms` : `a human denied it${answer.reason ? `: ${answer.reason}` : ''}`;
  return emitDenied(options, `Permission denied: ${why}.`, 'denied');
}

async function evaluateNeedsApproval(call: RunnableCall): Promise<boolean> {
  try {
    return await call.entry.tool.evaluateNeedsApproval(call.args);
  } catch {
    // A broken needsApproval must fail safe: ask rather than run unchecked.
    return true;
  }
}

type Answer = { approved: boolean; decidedBy: 'human' | 'timeout' | 'abort'; reason?: string };

async function awaitApproval(options: GateOptions, reason: string): Promise<Answer> {
  const { call, signal, requestApproval } = options;
  if (!requestApproval && !signal.aborted) return { approved: false, decidedBy: 'timeout', reason: 'Nobody can approve calls in this context.' };
  const answer = await awaitPerson(
    (approvalSignal) =>
      requestApproval ? requestApproval({ callId: call.callId, name: call.entry.qualifiedName, input: call.args, reason, signal: approvalSignal }) : Promise.resolve<ApprovalDecision>({ approved: false }),
    { signal, timeoutMs: options.approvalTimeoutMs },
  );
  switch (answer.kind) {
    case 'answered':
      return { approved: answer.value.approved === true, decidedBy: 'human', reason: answer.value.reason };
    case 'aborted':
      return { approved: false, decidedBy: 'abort' };
    case 'timeout':
      return { approved: false, decidedBy: 'timeout' };
    case 'failed':
      return { approved: false, decidedBy: 'timeout', reason: 'The approval channel failed.' };
  }
}

function emitDenied(options: GateOptions, message: string, status: 'denied' | 'aborted'): ToolResult {
  const { call, iteration, emitter } = options;
  const name = call.entry.qualifiedName;
  const result: ToolResult = {
    callId: call.callId,
    name,
    status,
    output: `Error: ${name} was not run. ${message}${status === 'denied' ? ' Do not retry the same call; choose another approach or ask the user.' : ''}`,
    summary: status === 'denied' ? `${name} denied` : `${name} aborted`,
    audit: `${call.callId} ${name} → ${status}: ${message}`,
    durationMs: 0,
  };
  emitter.emit({ type: 'tool-output', iteration, ...result });
  return result;
}
