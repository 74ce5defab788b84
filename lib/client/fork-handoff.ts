import { z } from 'zod';
import { faultKindSchema } from '@/lib/models/model-config';
import { err, ok, type Result } from '@/lib/runtime/result';
import { permissionModeSchema, runtimeEventSchema, turnModeSchema } from '@/lib/runtime/events/runtime-event';
import { createConversation, createRecordedTurns, selectActiveBranch, splitEventsByTurn } from './conversation-state';
import type { PlaygroundState } from './playground-state';

const remoteSettingsSchema = z.object({ model: z.string(), apiKey: z.string(), baseURL: z.string() });

const forkHandoffSchema = z.object({
  sessionId: z.string(),
  autoRun: z.boolean(),
  documents: z.object({ tools: z.string(), script: z.string(), 'result-schema': z.string(), files: z.string() }),
  message: z.string(),
  model: z.object({
    provider: z.enum(['auto', 'scripted', 'openai', 'openai-compatible']),
    seed: z.number(),
    faultRate: z.number(),
    faultKinds: z.array(faultKindSchema).optional(),
    openai: remoteSettingsSchema,
    compatible: remoteSettingsSchema,
  }),
  permissionMode: permissionModeSchema,
  mode: turnModeSchema,
  maxIterations: z.number().int(),
  instructions: z.string().optional(),
  answerByHand: z.array(z.string()).optional(),
  /** The recorded turns' events, up to the turn the fork continues from. */
  events: z.array(runtimeEventSchema),
  /** The assertions editor's text. */
  assertions: z.string().optional(),
  /** Run recorded turn `turn` again with these outputs changed (`POST /api/sessions/<id>/fork`), instead of the composer's message. */
  forkRun: z
    .object({
      turn: z.number().int().nonnegative(),
      message: z.string(),
      outputs: z.array(z.object({ callId: z.string(), output: z.string() })),
      /** What was edited on the shared page (see `selectForkEdits`): the module, settings, and whether the model changed. */
      source: z.string().optional(),
      permissionMode: permissionModeSchema.optional(),
      maxIterations: z.number().int().optional(),
      instructions: z.string().optional(),
      useModel: z.boolean().optional(),
    })
    .optional(),
});

/**
 * What Fork hands from `/s/<id>` to `/?fork=<id>` through sessionStorage: the editor as the user
 * left it (edits included), the recorded events, and whether to run at once. Never an API key.
 */
export type ForkHandoff = z.infer<typeof forkHandoffSchema>;

const keyFor = (sessionId: string) => `playground:fork:${sessionId}`;

/** `fromTurn`: keep the first `fromTurn + 1` turns (Fork from that turn); all of them when absent. */
export function createForkHandoff(state: PlaygroundState, options: { sessionId: string; autoRun: boolean; fromTurn?: number; forkRun?: ForkHandoff['forkRun'] }): ForkHandoff {
  const turns = selectActiveBranch(state.conversation).turns;
  // A fork run keeps the turns before the one it runs again.
  const last = options.forkRun ? options.forkRun.turn - 1 : options.fromTurn;
  const kept = last === undefined ? turns : turns.slice(0, last + 1);
  const { model } = state;
  return {
    sessionId: options.sessionId,
    autoRun: options.autoRun,
    documents: state.documents,
    message: state.message,
    model: { ...model, openai: { ...model.openai, apiKey: '' }, compatible: { ...model.compatible, apiKey: '' } },
    permissionMode: state.permissionMode,
    mode: state.mode,
    maxIterations: state.maxIterations,
    instructions: state.instructions,
    answerByHand: state.answerByHand,
    events: kept.flatMap((turn) => turn.events),
    assertions: state.assertions,
    ...(options.forkRun ? { forkRun: options.forkRun } : {}),
  };
}

/**
 * Stores the handoff for this tab. A session too large for sessionStorage is handed off without
 * its events (the fork then shows an empty timeline) rather than not at all.
 */
export function writeForkHandoff(storage: Pick<Storage, 'setItem'>, handoff: ForkHandoff): Result<void, string> {
  try {
    storage.setItem(keyFor(handoff.sessionId), JSON.stringify(handoff));
    return ok(undefined);
  } catch (fullError) {
    try {
      storage.setItem(keyFor(handoff.sessionId), JSON.stringify({ ...handoff, events: [] }));
      return ok(undefined);
    } catch (error) {
      return err(`Could not hand the fork over (${String(fullError)}; without events: ${String(error)}).`);
    }
  }
}

/** The handoff for this session, or null when there is none (opened in another tab) or it is unreadable. */
export function readForkHandoff(storage: Pick<Storage, 'getItem'>, sessionId: string): ForkHandoff | null {
  const text = storage.getItem(keyFor(sessionId));
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    console.warn('Ignoring an unreadable fork handoff:', error);
    return null;
  }
  const parsed = forkHandoffSchema.safeParse(json);
  if (!parsed.success || parsed.data.sessionId !== sessionId) {
    console.warn('Ignoring a fork handoff of another shape or session.');
    return null;
  }
  return parsed.data;
}

/** The same handoff with `autoRun` cleared, so a reload of the fork does not run again. */
export function markForkHandoffRun(storage: Pick<Storage, 'setItem'>, handoff: ForkHandoff): Result<void, string> {
  return writeForkHandoff(storage, { ...handoff, autoRun: false });
}

/** The playground with the handed-over editor, settings and events; the API keys typed in this tab stay. */
export function applyForkHandoff(state: PlaygroundState, handoff: ForkHandoff): PlaygroundState {
  const { events } = handoff;
  return {
    ...state,
    origin: { kind: 'forked', sessionId: handoff.sessionId },
    presetId: null,
    activeTab: 'tools',
    documents: handoff.documents,
    message: handoff.message,
    model: {
      ...handoff.model,
      openai: { ...handoff.model.openai, apiKey: state.model.openai.apiKey },
      compatible: { ...handoff.model.compatible, apiKey: state.model.compatible.apiKey },
    },
    permissionMode: handoff.permissionMode,
    mode: handoff.mode,
    maxIterations: handoff.maxIterations,
    instructions: handoff.instructions ?? '',
    answerByHand: handoff.answerByHand ?? [],
    conversation: createConversation(createRecordedTurns(splitEventsByTurn(events))),
    assertions: handoff.assertions ?? state.assertions,
    problems: [],
  };
}
