// Server-only: an evaluation's run kept as a one-turn session, so `/s/<id>` opens it and Compare takes any two.
import type { EvaluationRequest, FinishedTurn } from '@/lib/contract';
import type { SessionChecker } from '@/lib/sessions';
import { createSharedSession, type SessionStore } from '@/lib/sessions/store';
import { saveFinishedTurn } from '../sessions';
import type { EvaluationRunSpec } from './run-evaluation';

export type EvaluationRunStorage = { store: SessionStore; checker: SessionChecker; owner: string };

/** Stores the finished turn (checked in a worker) and shares it as a session titled after its run; the session counts against the visitor's quota. */
export async function storeEvaluationRun(request: EvaluationRequest, turn: FinishedTurn, spec: EvaluationRunSpec, storage: EvaluationRunStorage) {
  await saveFinishedTurn(turn, storage);
  const messages = request.turn.messages;
  const variant = request.variants[spec.variant]!;
  const title = `${request.title || 'Evaluation'} · ${variant.label} · model ${spec.model + 1} · run ${spec.run + 1}`.slice(0, 200);
  const shared = await createSharedSession(
    {
      title,
      playground: {
        source: variant.source,
        message: messages.at(-1)?.content ?? '',
        model: turn.request.model.provider === 'tape' ? request.models[spec.model]! : turn.request.model,
        permissions: request.turn.permissions ?? { mode: 'auto' },
        mode: request.turn.mode ?? 'chat',
        ...(request.turn.files ? { files: request.turn.files } : {}),
        ...(request.turn.maxIterations ? { maxIterations: request.turn.maxIterations } : {}),
        ...(request.turn.instructions ? { instructions: request.turn.instructions } : {}),
        ...(request.turn.modelSettings ? { modelSettings: request.turn.modelSettings } : {}),
        ...(request.turn.resultSchema ? { resultSchema: JSON.stringify(request.turn.resultSchema, null, 2) } : {}),
      },
      turnIds: [turn.turnId],
      assertions: request.assertions,
    },
    storage,
  );
  if (shared.ok) return { ok: true as const, sessionId: shared.value.id };
  return { ok: false as const, quota: shared.error.code === 'quota', message: shared.error.message };
}
