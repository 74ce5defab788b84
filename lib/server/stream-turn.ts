// Server-only: runs one turn for a route handler and streams its events as SSE.
import { randomBytes } from 'node:crypto';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createModelClient } from '@/lib/models/create-model-client';
import { removeModelSecrets, type ModelConfig, type TapeEntry } from '@/lib/models/model-config';
import type { ConversationItem } from '@/lib/runtime/model-client';
import { runTurn, type TurnOutcome } from '@/lib/runtime/run-turn';
import type { RuntimeEvent } from '@/lib/runtime/runtime-event';
import type { JsonSchema } from '@/lib/runtime/json';
import { createSandboxTurn } from '@/lib/sandbox/create-sandbox-turn';
import { getTurnRegistry } from './turn-registry';
import { TURN_LIMITS, type TurnRequest } from './turn-request';

/** Everything a finished turn leaves behind, for sessions and replay. Holds no secret. */
export type FinishedTurn = {
  turnId: string;
  request: Omit<TurnRequest, 'model'> & { model: ModelConfig };
  tape: TapeEntry[];
  approvals: { callId: string; approved: boolean; reason?: string }[];
  events: RuntimeEvent[];
  outcome: Pick<TurnOutcome, 'reason' | 'finalText' | 'result' | 'error'>;
};

export type StreamTurnResult =
  | { ok: true; turnId: string; stream: ReadableStream<Uint8Array> }
  | { ok: false; status: number; error: string; details?: unknown };

export type StreamTurnOptions = {
  request: TurnRequest;
  clientId: string;
  env: { OPENAI_API_KEY?: string };
  /** Approvals recorded in a session, answered without asking (replay). */
  recordedApprovals?: Map<string, { approved: boolean; reason?: string }>;
  onFinished?: (turn: FinishedTurn) => void | Promise<void>;
};

const encoder = new TextEncoder();

export function createTurnId(): string {
  return `turn_${randomBytes(12).toString('base64url')}`;
}

export async function streamTurn(options: StreamTurnOptions): Promise<StreamTurnResult> {
  const { request, clientId } = options;
  const registry = getTurnRegistry();
  if (registry.countForClient(clientId) >= TURN_LIMITS.concurrentTurnsPerClient) {
    return { ok: false, status: 429, error: `At most ${TURN_LIMITS.concurrentTurnsPerClient} turns may run at once per client; stop one first.` };
  }
  if (request.mode === 'task' && !request.resultSchema) {
    return { ok: false, status: 400, error: 'Task mode needs a resultSchema.' };
  }
  const sandbox = await createSandboxTurn({ source: request.source, files: request.files, seed: request.seed ?? 1, clockStart: Date.UTC(2026, 0, 1) });
  if (!sandbox.ok) return { ok: false, status: 422, error: sandbox.error.message, details: sandbox.error.diagnostics };

  const turnId = createTurnId();
  const controller = new AbortController();
  const tape: TapeEntry[] = [];
  const approvals: FinishedTurn['approvals'] = [];
  const secrets = [request.model.provider === 'openai' || request.model.provider === 'openai-compatible' ? request.model.apiKey : undefined, options.env.OPENAI_API_KEY].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const model = createModelClient(request.model, { env: options.env, onExchange: (entry) => tape.push(entry) });
  const input: ConversationItem[] = request.messages.map((message) => ({ type: 'message', role: message.role, content: message.content }));
  registry.register(turnId, clientId, controller);

  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    start(sink) {
      let last: RuntimeEvent | undefined;
      const send = (event: RuntimeEvent) => {
        last = event;
        if (open) sink.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      };
      void runTurn({
        turnId,
        tools: sandbox.value.tools,
        model,
        input,
        mode: request.mode,
        resultSchema: request.resultSchema as JsonSchema | undefined,
        permissions: request.permissions,
        maxIterations: request.maxIterations,
        signal: controller.signal,
        secrets,
        countTokens,
        onEvent: send,
        requestApproval: async (approval) => {
          const recorded = options.recordedApprovals?.get(approval.callId);
          const decision = recorded ?? (await registry.awaitApproval(turnId, approval.callId, approval.signal));
          approvals.push({ callId: approval.callId, approved: decision.approved, ...(decision.reason ? { reason: decision.reason } : {}) });
          return decision;
        },
      })
        .then(async (outcome) => {
          await options.onFinished?.({
            turnId,
            request: { ...request, model: removeModelSecrets(request.model) },
            tape,
            approvals,
            events: outcome.events,
            outcome: { reason: outcome.reason, finalText: outcome.finalText, result: outcome.result, error: outcome.error },
          });
        })
        .catch((error: unknown) => {
          // runTurn reports failures as events; reaching here is a bug, still shown to the user.
          const seq = (last?.seq ?? -1) + 1;
          send({ type: 'turn-end', turnId, seq, at: last?.at ?? 0, reason: 'error', iterations: 0, error: `Internal error: ${String(error)}` });
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
