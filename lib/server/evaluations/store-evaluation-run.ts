// Server-only: an evaluation's runs kept as one-turn sessions, so `/s/<id>` opens each and Compare takes any two.
import type { EvaluationRequest, FinishedTurn } from '@/lib/contract';
import type { SessionChecker, SessionPreparation } from '@/lib/sessions';
import { createSessionIdentity, storePreparedSessions, type SessionStore } from '@/lib/sessions/store';
import { createGroupCommit } from './create-group-commit';
import type { EvaluationRunSpec } from './run-evaluation';

export type EvaluationRunStorage = { store: SessionStore; checker: SessionChecker; owner: string };

/** Whether a run was stored as a session: its id, or why not (`quota` when the visitor's storage quota is spent). */
export type StoredEvaluationRun = { ok: true; sessionId: string } | { ok: false; quota: boolean; message: string };

/**
 * Stores each finished run as a session titled after its run, counted against the visitor's quota.
 * Every record gets the whole check a shared session gets (in a worker: secrets removed, bounded,
 * validated, measured), built from the finished turn directly rather than from a stored finished
 * turn read back; runs that end while a batch is being checked and written go together in the next
 * batch (one worker request and one transaction).
 */
export function createEvaluationRunStore(request: EvaluationRequest, storage: EvaluationRunStorage): (turn: FinishedTurn, spec: EvaluationRunSpec) => Promise<StoredEvaluationRun> {
  const store = createGroupCommit<SessionPreparation, StoredEvaluationRun>(async (inputs) => {
    const prepared = await storage.checker.prepareSessions(inputs);
    const stored = await storePreparedSessions(prepared, storage);
    return stored.map((link) => (link.ok ? { ok: true, sessionId: link.value.id } : { ok: false, quota: link.error.code === 'quota', message: link.error.message }));
  });
  return (turn, spec) => store(describeRunSession(request, turn, spec));
}

/** A run's session as a share of its one finished turn: the same preparation `POST /api/sessions` makes. */
function describeRunSession(request: EvaluationRequest, turn: FinishedTurn, spec: EvaluationRunSpec): SessionPreparation {
  const messages = request.turn.messages;
  const variant = request.variants[spec.variant]!;
  const title = `${request.title || 'Evaluation'} · ${variant.label} · model ${spec.model + 1} · run ${spec.run + 1}`.slice(0, 200);
  const model = turn.request.model.provider === 'tape' ? request.models[spec.model]! : turn.request.model;
  const { turnId, request: turnRequest, tape, mcp, approvals, outputs, events } = turn;
  return {
    kind: 'share',
    ...createSessionIdentity({}),
    title,
    playground: {
      source: variant.source,
      message: messages.at(-1)?.content ?? '',
      model,
      permissions: request.turn.permissions ?? { mode: 'auto' },
      mode: request.turn.mode ?? 'chat',
      ...(request.turn.files ? { files: request.turn.files } : {}),
      ...(request.turn.maxIterations ? { maxIterations: request.turn.maxIterations } : {}),
      ...(request.turn.instructions ? { instructions: request.turn.instructions } : {}),
      ...(request.turn.modelSettings ? { modelSettings: request.turn.modelSettings } : {}),
      ...(request.turn.resultSchema ? { resultSchema: JSON.stringify(request.turn.resultSchema, null, 2) } : {}),
    },
    assertions: request.assertions,
    turnIds: [turnId],
    // The finished turn as a stored finished turn's text: the record's check parses, bounds and validates it with the rest.
    finishedTurns: [JSON.stringify({ turnId, request: turnRequest, tape, ...(mcp ? { mcp } : {}), approvals, outputs, events })],
    secrets: 'apiKey' in model && model.apiKey ? [model.apiKey] : [],
  };
}
