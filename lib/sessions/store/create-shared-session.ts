import { z } from 'zod';
import { requestModelConfigSchema, SESSION_LIMITS } from '@/lib/contract';
import { ASSERTION_LIMITS } from '@/lib/assertions';
import { err, type Result } from '@/lib/runtime';
import { describeStorageFailure, type SessionError } from '../record/session-error';
import { sessionIdSchema, sessionPlaygroundSchema } from '../record/session-record';
import { createSessionIdentity, storePreparedSession, type SessionLink, type StoreSessionDependencies } from './store-session-record';

/**
 * Body of `POST /api/sessions`: the playground as it is now and the finished turns to include.
 * Its assertions are only counted here: each is checked (schema, pattern) with the rest of the
 * record, in a sandbox worker.
 */
export const shareSessionRequestSchema = z.object({
  title: z.string().max(SESSION_LIMITS.titleChars).optional(),
  // The browser may still hold a typed key in its model form; it is accepted here and never stored.
  playground: sessionPlaygroundSchema.extend({ model: requestModelConfigSchema }),
  /** The finished turns of the conversation, in order: one session holds them all. */
  turnIds: z.array(z.string().min(1).max(200)).min(1, 'Share at least one finished turn.').max(SESSION_LIMITS.turnsPerSession),
  /** The session this playground forked: turns recorded there are taken from it (finished turns expire). */
  forkedFrom: sessionIdSchema.optional(),
  /** Expectations about the session's tool calls, stored with it. */
  assertions: z.array(z.unknown()).max(ASSERTION_LIMITS.perSession, `A session holds at most ${ASSERTION_LIMITS.perSession} assertions.`).optional(),
});

export type ShareSessionRequest = z.infer<typeof shareSessionRequestSchema>;

/**
 * Share: hands the finished turns' stored texts (and the forked session's, when a turn is not among
 * them) to the checker's worker with the playground, which builds, checks and compacts the record;
 * stores what it answers as one immutable session. Nothing is parsed here.
 */
export async function createSharedSession(request: ShareSessionRequest, dependencies: StoreSessionDependencies): Promise<Result<SessionLink, SessionError>> {
  const { store, checker } = dependencies;
  let finishedTurns: (string | null)[];
  let forkedFrom: string | undefined;
  try {
    finishedTurns = await Promise.all(request.turnIds.map(async (turnId) => (await store.getTurnBody(turnId)) ?? null));
    if (request.forkedFrom && finishedTurns.includes(null)) {
      const forked = await store.readSession(request.forkedFrom);
      forkedFrom = forked.kind === 'found' ? forked.body : undefined;
    }
  } catch (error) {
    return err(describeStorageFailure(error));
  }
  const model = request.playground.model;
  const typedKey = 'apiKey' in model && model.apiKey ? [model.apiKey] : [];
  const prepared = await checker.prepareSession({
    kind: 'share',
    ...createSessionIdentity(dependencies),
    title: request.title,
    playground: request.playground,
    assertions: request.assertions,
    turnIds: request.turnIds,
    finishedTurns,
    ...(forkedFrom === undefined ? {} : { forkedFrom }),
    secrets: typedKey,
  });
  return storePreparedSession(prepared, dependencies);
}
