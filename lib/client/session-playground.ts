import type { Result } from '@/lib/runtime/result';
import { ok } from '@/lib/runtime/result';
import type { ShareRequest } from '@/lib/sessions/session-api';
import type { SessionRecord } from '@/lib/sessions/session-record';
import { buildTurnRequest } from './build-turn-request';
import type { PlaygroundPreset, PlaygroundState, RunState } from './playground-state';

/** The `playground` part of a Share request: the editor and run settings as they are now. */
export type SharedPlayground = ShareRequest['playground'];

/**
 * Builds what Share stores from the state now, through the same checks as a run, so a link never
 * holds a playground that could not run. The server drops a typed API key.
 */
export function buildSessionPlayground(state: PlaygroundState): Result<SharedPlayground, string> {
  const request = buildTurnRequest(state);
  if (!request.ok) return request;
  const { source, model, permissions, mode, maxIterations, files } = request.value;
  return ok({
    source,
    script: state.documents.script,
    resultSchema: state.documents['result-schema'],
    files,
    message: state.message,
    model,
    permissions,
    mode,
    maxIterations,
  });
}

/** A session's playground in the shape the reducer already knows how to load. */
export function createSessionPreset(record: SessionRecord): PlaygroundPreset {
  const { playground } = record;
  return {
    id: record.id,
    title: record.title ?? 'Shared session',
    summary: '',
    source: playground.source,
    script: playground.script,
    model: playground.model,
    message: playground.message,
    permissionMode: playground.permissions.mode,
    mode: playground.mode,
    resultSchema: playground.resultSchema,
    files: playground.files,
    maxIterations: playground.maxIterations,
  };
}

/** The seed of the session's newest turn, so a fork's sandbox draws the same random numbers. */
export function selectSessionSeed(record: SessionRecord): number | undefined {
  return record.turns.at(-1)?.request.seed;
}

/** The recorded turns as an ended run: every turn's events in order, ready for the timeline. */
export function createRecordedRun(record: SessionRecord): RunState {
  return {
    runId: 0,
    phase: 'ended',
    turnId: record.turns.at(-1)?.turnId ?? null,
    events: record.turns.flatMap((turn) => turn.events),
    errors: [],
  };
}

/**
 * The turn Share may reference: one that ran in this page (recorded runs have run id 0 and may
 * be gone from the server's finished turns) and reached its `turn-end`.
 */
export function selectShareableTurnId(state: PlaygroundState): string | null {
  const { run } = state;
  if (state.origin.kind === 'shared' || run.runId === 0 || run.phase !== 'ended' || !run.turnId) return null;
  return run.events.at(-1)?.type === 'turn-end' ? run.turnId : null;
}

/** An absolute link for a server-relative session url such as `/s/<id>`. */
export function toAbsoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).toString();
}
