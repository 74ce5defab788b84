// Server-only: runs one direct tool call (no model) for a route handler and streams its events as SSE.
import { runToolCall } from '@/lib/runtime';
import { getSandboxPool } from '@/lib/sandbox/pool';
import { addMcpTools } from './add-mcp-tools';
import { startTurnSandbox } from './open-turn-sandbox';
import { serveTurnRun } from './serve-turn-run';
import { startWhenAdmitted, type StreamTurnResult } from './stream-turn';
import { listMcpSecrets, type ToolCallRequest } from '@/lib/contract';
import { getTurnRegistry } from './registry/turn-registry';

export type StreamToolCallOptions = {
  request: ToolCallRequest;
  /** Whom the call counts against under the per-address concurrency limit: the requester's address. */
  clientId: string;
  /** Events the call may stream; `TURN_LIMITS.eventsPerTurn` unless given. */
  maxEvents?: number;
};

/**
 * A direct call is a turn as far as limits and controls go: admitted under the same concurrency
 * caps, its sandbox opened in the pool while its stream starts (a module error is its
 * `sandbox-error`), registered so Approve/Deny, typed outputs and abort reach it by turn id, and
 * streamed in the same event format. It is not stored as a session.
 */
export function streamToolCall(options: StreamToolCallOptions): Promise<StreamTurnResult> {
  return startWhenAdmitted(options.clientId, (turnId) => startToolCall(turnId, options));
}

function startToolCall(turnId: string, options: StreamToolCallOptions): StreamTurnResult {
  const { request } = options;
  const registry = getTurnRegistry();
  const pool = getSandboxPool();
  const opened = startTurnSandbox(pool, request);
  if (!opened.ok) return { ok: false, ...opened.error };
  const sandbox = { value: addMcpTools(opened.value, { servers: request.mcpServers, pool, canAsk: true }) };
  const { controlToken, events } = serveTurnRun({
    turnId,
    clientId: options.clientId,
    kind: 'call',
    sandbox: sandbox.value,
    maxEvents: options.maxEvents,
    run: ({ send, signal, waits }) =>
      runToolCall({
        tools: () => waits.openTools(sandbox.value.openTools),
        name: request.name,
        arguments: request.arguments,
        policy: {
          permissions: request.permissions,
          answerByHand: request.answerByHand,
          requestApproval: (approval) => waits.during(() => registry.awaitApproval(turnId, approval.callId, approval.signal)),
          requestOutput: (asked) => waits.during(() => registry.awaitOutput(turnId, asked.callId, asked.signal)),
          requestElicitation: (asked) => registry.awaitElicitation(turnId, asked),
        },
        host: { turnId, readFiles: () => sandbox.value.files(), signal, secrets: listMcpSecrets(request.mcpServers), onEvent: send },
      }),
  });
  return { ok: true, turnId, controlToken, events };
}
