// Server-only: runs one direct tool call (no model) for a route handler and streams its events as SSE.
import { runToolCall } from '@/lib/runtime/loop/run-tool-call';
import { getSandboxPool } from '@/lib/sandbox/pool/get-sandbox-pool';
import { admitTurn } from './admit-turn';
import { createEventBudget } from './create-event-budget';
import { openTurnSandbox } from './open-turn-sandbox';
import { createTurnId, type StreamTurnResult } from './stream-turn';
import type { ToolCallRequest } from './tool-call-request';
import { getTurnRegistry } from './turn-registry';
import { TURN_LIMITS } from './turn-request';

export type StreamToolCallOptions = {
  request: ToolCallRequest;
  /** Whom the call counts against under the per-address concurrency limit: the requester's address. */
  clientId: string;
  /** Events the call may stream; `TURN_LIMITS.eventsPerTurn` unless given. */
  maxEvents?: number;
};

const encoder = new TextEncoder();

/**
 * A direct call is a turn as far as limits and controls go: admitted under the same concurrency
 * caps, its sandbox opened in the pool, registered so Approve/Deny, typed outputs and abort reach
 * it by turn id, and streamed in the same event format. It is not stored as a session.
 */
export async function streamToolCall(options: StreamToolCallOptions): Promise<StreamTurnResult> {
  const admission = admitTurn({ registry: getTurnRegistry(), clientId: options.clientId });
  if (!admission.ok) return { ok: false, status: 429, error: admission.error.message, refusal: admission.error };
  try {
    return await startToolCall(options);
  } finally {
    admission.value();
  }
}

async function startToolCall(options: StreamToolCallOptions): Promise<StreamTurnResult> {
  const { request } = options;
  const registry = getTurnRegistry();
  const sandbox = await openTurnSandbox(getSandboxPool(), request);
  if (!sandbox.ok) return { ok: false, ...sandbox.error };

  const turnId = createTurnId();
  const controller = new AbortController();
  registry.register(turnId, options.clientId, controller);
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(sink) {
      const budget = createEventBudget({
        maxEvents: options.maxEvents ?? TURN_LIMITS.eventsPerTurn,
        onOverflow: () => controller.abort('event-limit'),
        write: (event) => {
          if (open) sink.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        },
      });
      void runToolCall({
        turnId,
        tools: sandbox.value.tools,
        name: request.name,
        arguments: request.arguments,
        permissions: request.permissions,
        answerByHand: request.answerByHand,
        readFiles: () => sandbox.value.files(),
        signal: controller.signal,
        onEvent: budget.send,
        requestApproval: (approval) => registry.awaitApproval(turnId, approval.callId, approval.signal),
        requestOutput: (asked) => registry.awaitOutput(turnId, asked.callId, asked.signal),
      })
        .catch((error: unknown) => {
          // runToolCall reports failures as events; reaching here is a bug, still shown to the user.
          const last = budget.last();
          budget.send({ type: 'turn-end', turnId, seq: (last?.seq ?? -1) + 1, at: last?.at ?? 0, reason: 'error', iterations: 0, error: `Internal error: ${String(error)}` });
        })
        .finally(() => {
          registry.unregister(turnId);
          sandbox.value.dispose();
          if (open) sink.close();
          open = false;
        });
    },
    cancel() {
      open = false;
      controller.abort('the client disconnected');
    },
  });
  return { ok: true, turnId, stream };
}
