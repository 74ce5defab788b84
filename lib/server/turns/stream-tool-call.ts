// Server-only: runs one direct tool call (no model) for a route handler and streams its events as SSE.
import { runToolCall } from '@/lib/runtime';
import { getSandboxPool } from '@/lib/sandbox/pool';
import { createTurnEventFeed } from './create-turn-event-feed';
import { startTurnSandbox } from './open-turn-sandbox';
import { createTurnWaitBudget } from './create-turn-wait-budget';
import { startWhenAdmitted, type StreamTurnResult } from './stream-turn';
import { type ToolCallRequest, TURN_LIMITS } from '@/lib/contract';
import { getTurnRegistry } from './turn-registry';

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
  const sandbox = startTurnSandbox(getSandboxPool(), request);
  if (!sandbox.ok) return { ok: false, ...sandbox.error };

  const controller = new AbortController();
  const controlToken = registry.register(turnId, options.clientId, controller);
  const events = createTurnEventFeed({
    turnId,
    controller,
    maxEvents: options.maxEvents ?? TURN_LIMITS.eventsPerTurn,
    wallMs: TURN_LIMITS.wallMs,
    onClose: () => {
      registry.unregister(turnId);
      sandbox.value.dispose();
    },
    run: async ({ send, stop }) => {
      // A sleeping tool or an unanswered approval holds the slot no longer than a turn's would.
      const waits = createTurnWaitBudget({ registry, turnId, kind: 'call', stop });
      await runToolCall({
        tools: () => waits.openTools(sandbox.value.openTools),
        name: request.name,
        arguments: request.arguments,
        policy: {
          permissions: request.permissions,
          answerByHand: request.answerByHand,
          requestApproval: (approval) => waits.during(() => registry.awaitApproval(turnId, approval.callId, approval.signal)),
          requestOutput: (asked) => waits.during(() => registry.awaitOutput(turnId, asked.callId, asked.signal)),
        },
        host: { turnId, readFiles: () => sandbox.value.files(), signal: controller.signal, onEvent: send },
      }).finally(() => waits.dispose());
    },
  });
  return { ok: true, turnId, controlToken, events };
}
