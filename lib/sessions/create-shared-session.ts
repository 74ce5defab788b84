import { z } from 'zod';
import { modelConfigSchema } from '@/lib/models/model-config';
import { err, type Result } from '@/lib/runtime/result';
import { describeStorageFailure, type SessionError } from './session-error';
import { sessionAssertionsSchema } from '@/lib/assertions/session-assertion';
import { SESSION_LIMITS } from './session-limits';
import { sessionIdSchema, sessionPlaygroundSchema, type SessionTurn } from './session-record';
import { storeSessionRecord, type SessionLink, type StoreSessionDependencies } from './store-session-record';

/** Body of `POST /api/sessions`: the playground as it is now and the finished turns to include. */
export const shareSessionRequestSchema = z.object({
  title: z.string().max(SESSION_LIMITS.titleChars).optional(),
  // The browser may still hold a typed key in its model form; it is accepted here and never stored.
  playground: sessionPlaygroundSchema.extend({ model: modelConfigSchema }),
  /** The finished turns of the conversation, in order: one session holds them all. */
  turnIds: z.array(z.string().min(1).max(200)).min(1, 'Share at least one finished turn.').max(SESSION_LIMITS.turnsPerSession),
  /** The session this playground forked: turns recorded there are taken from it (finished turns expire). */
  forkedFrom: sessionIdSchema.optional(),
  /** Expectations about the session's tool calls, stored with it. */
  assertions: sessionAssertionsSchema.optional(),
});

export type ShareSessionRequest = z.infer<typeof shareSessionRequestSchema>;

/** Share: looks up the finished turns by id (or in the forked session) and stores them with the playground as one immutable session. */
export async function createSharedSession(request: ShareSessionRequest, dependencies: StoreSessionDependencies): Promise<Result<SessionLink, SessionError>> {
  const turns: SessionTurn[] = [];
  const missing: string[] = [];
  try {
    const forked = request.forkedFrom ? await dependencies.store.getSession(request.forkedFrom) : undefined;
    const recorded = forked?.kind === 'found' ? forked.record.turns : [];
    for (const turnId of request.turnIds) {
      const turn = (await dependencies.store.getTurn(turnId)) ?? recorded.find((candidate) => candidate.turnId === turnId);
      if (turn) turns.push(turn);
      else missing.push(turnId);
    }
  } catch (error) {
    return err(describeStorageFailure(error));
  }
  if (missing.length > 0) {
    return err({
      code: 'unknown-turn',
      message: `No finished turn ${missing.join(', ')} on this server (turns are kept 24 hours; run the turn again, then share).`,
    });
  }
  const model = request.playground.model;
  const typedKey = 'apiKey' in model && model.apiKey ? [model.apiKey] : [];
  const assertions = request.assertions && request.assertions.length > 0 ? { assertions: request.assertions } : {};
  return storeSessionRecord({ title: request.title, playground: request.playground, turns, ...assertions }, { ...dependencies, secrets: typedKey });
}
