import { err, type Result } from '@/lib/runtime';
import { describeStorageFailure, type SessionError } from '../record/session-error';
import type { ShareSessionRequest } from '../record/share-session-request';
import { createSessionIdentity, storePreparedSession, type SessionLink, type StoreSessionDependencies } from './store-session-record';

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
