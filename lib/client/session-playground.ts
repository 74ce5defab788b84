import { type Result, ok } from '@/lib/runtime';
import type { ShareRequest } from '@/lib/sessions';
import type { SessionRecord } from '@/lib/sessions';
import { buildModelConfig, parseFiles, withModelSettings } from './build-turn-request';
import { createConversation, createRecordedTurns, selectActiveBranch, type ConversationState } from './conversation-state';
import type { PlaygroundPreset, PlaygroundState } from './playground-state';

/** The `playground` part of a Share request: the editor and run settings as they are now. */
export type SharedPlayground = ShareRequest['playground'];

/**
 * Builds what Share stores from the state now, through the same checks as a run (model config,
 * files), so a link never holds a playground that could not run. The composer may be empty: the
 * turns carry their own messages. The server drops a typed API key.
 */
export function buildSessionPlayground(state: PlaygroundState): Result<SharedPlayground, string> {
  const model = buildModelConfig(state.model, state.documents.script);
  if (!model.ok) return model;
  const files = parseFiles(state.documents.files);
  if (!files.ok) return files;
  return ok({
    source: state.documents.tools,
    script: state.documents.script,
    resultSchema: state.documents['result-schema'],
    files: files.value,
    message: state.message,
    model: model.value,
    permissions: { mode: state.permissionMode },
    mode: state.mode,
    maxIterations: state.maxIterations,
    ...(state.instructions.trim() ? { instructions: state.instructions } : {}),
    ...withModelSettings(state),
    ...(state.answerByHand.length > 0 ? { answerByHand: state.answerByHand } : {}),
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

/** The message a recorded turn was sent with: its `turn-start`'s, else the request's last user message. */
function recordedMessage(turn: SessionRecord['turns'][number]): string {
  const start = turn.events.find((event) => event.type === 'turn-start');
  if (start?.type === 'turn-start') return start.userMessage;
  return turn.request.messages.findLast((message) => message.role === 'user')?.content ?? '';
}

/** The recorded turns as a conversation of ended turns, ready for the timeline and to continue from. */
export function createRecordedConversation(record: SessionRecord): ConversationState {
  return createConversation(createRecordedTurns(record.turns.map((turn) => ({ turnId: turn.turnId, message: recordedMessage(turn), events: turn.events }))));
}

/**
 * The turns Share references, in order: every turn of the active branch, when each reached its
 * `turn-end` and none is still running. Turns recorded in the session this page forked are
 * included too; the server finds them there.
 */
export function selectShareableTurnIds(state: PlaygroundState): string[] {
  if (state.origin.kind === 'shared') return [];
  const turns = selectActiveBranch(state.conversation).turns;
  if (turns.length === 0 || !turns.some((turn) => turn.runId !== 0)) return [];
  const ended = turns.every((turn) => turn.phase === 'ended' && turn.turnId && turn.events.at(-1)?.type === 'turn-end');
  return ended ? turns.map((turn) => turn.turnId as string) : [];
}

/** An absolute link for a server-relative session url such as `/s/<id>`. */
export function toAbsoluteUrl(url: string, origin: string): string {
  return new URL(url, origin).toString();
}
