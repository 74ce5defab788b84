import { type FinishedTurn, type ModelConfig, turnRequestSchema } from '@/lib/contract';
import type { Preset } from '@/lib/presets';
import type { RuntimeEventOf, ApprovalDecision } from '@/lib/runtime';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { streamTurn } from '@/lib/server/turns/stream-turn';
import { createSessionId } from '@/lib/sessions/record/create-session-id';
import { migrateSessionRecord, prepareSessionTurn, SESSION_RECORD_VERSION, type SessionRecord } from '@/lib/sessions/record/session-record';
import { presetPlayground, recordPresetTurn } from '../sessions/session-fixtures';
import { readEventStream } from '../support/read-event-stream';
import { runPresetTurn } from '../support/run-preset-turn';

/** Runs a preset through the server's turn stream, answering every approval with `decision`. */
export async function recordPresetTurnAnswering(preset: Preset, decision: ApprovalDecision): Promise<FinishedTurn> {
  let finished: FinishedTurn | undefined;
  await runPresetTurn(preset, {
    clientId: `assertions-test-${preset.id}`,
    decide: () => decision,
    onFinished: (turn) => {
      finished = turn;
    },
  });
  if (!finished) throw new Error(`${preset.id} ended without a finished turn.`);
  return finished;
}

/** A one-turn session of `preset`, recorded for real and read back as a stored record would be. */
export async function recordPresetSession(preset: Preset): Promise<SessionRecord> {
  return createSessionRecord([await recordPresetTurn(preset)], { title: preset.title, playground: presetPlayground(preset) });
}

/**
 * A conversation of one turn per message through the server, each continuing from the last
 * turn-end; the scripted model's steps answer its requests in order, across turns.
 */
export async function recordConversation(options: { source: string; model: ModelConfig; messages: string[] }): Promise<SessionRecord> {
  const finished: FinishedTurn[] = [];
  for (const message of options.messages) {
    const end = finished.at(-1)?.events.at(-1) as RuntimeEventOf<'turn-end'> | undefined;
    const request = turnRequestSchema.parse({
      source: options.source,
      messages: [{ role: 'user', content: message }],
      model: options.model,
      ...(end ? { conversation: end.conversation, files: end.state?.files, loadedTools: end.state?.loadedTools } : {}),
    });
    const started = await streamTurn({ request, clientId: 'assertions-conversation', env: {}, onFinished: (turn) => void finished.push(turn) });
    if (!started.ok) throw new Error(`The turn did not start: ${started.error}`);
    await readEventStream(toEventStream(started.events));
  }
  const last = options.messages.at(-1) ?? '';
  return createSessionRecord(finished, { playground: { source: options.source, message: last, model: options.model, permissions: { mode: 'auto' }, mode: 'chat' } });
}

function createSessionRecord(turns: FinishedTurn[], fields: { title?: string; playground: unknown }): SessionRecord {
  const prepared = turns.map((turn) => {
    const result = prepareSessionTurn({ turnId: turn.turnId, request: turn.request, tape: turn.tape, approvals: turn.approvals, outputs: turn.outputs, events: turn.events });
    if (!result.ok) throw new Error(result.error);
    return result.value;
  });
  const record = migrateSessionRecord({ version: SESSION_RECORD_VERSION, id: createSessionId(), createdAt: new Date(0).toISOString(), ...fields, turns: prepared });
  if (!record.ok) throw new Error(record.error);
  return record.value;
}
