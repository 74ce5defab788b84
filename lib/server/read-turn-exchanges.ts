// Server-only: the raw model exchanges of one turn, running or finished, for the timeline's inspector.
import type { TapeEntry } from '@/lib/models/model-config';
import { err, ok, type Result } from '@/lib/runtime/result';
import { describeStorageFailure, type SessionError } from '@/lib/sessions/session-error';
import type { SessionStore } from '@/lib/sessions/session-store';
import type { TurnRegistry } from './turn-registry';

/** The longest turn id a stored turn may have; anything longer is unknown without asking the store. */
const MAX_TURN_ID_LENGTH = 200;

export type ReadTurnExchangesOptions = {
  registry: Pick<TurnRegistry, 'readTape'>;
  openStore: () => Promise<Pick<SessionStore, 'getTurn'>>;
};

/**
 * A running turn's tape so far (from this process's registry), else the finished turn's stored
 * tape. Turn ids carry 96 random bits, so knowing one is the permission to read it; the tapes
 * were scrubbed of secrets when they were recorded. A turn still running on another instance is
 * `not-found` until it finishes and is stored.
 */
export async function readTurnExchanges(turnId: string, options: ReadTurnExchangesOptions): Promise<Result<{ exchanges: TapeEntry[] }, SessionError>> {
  const live = options.registry.readTape(turnId);
  if (live) return ok({ exchanges: live });
  const notFound = err<SessionError>({
    code: 'not-found',
    message: `No turn ${turnId.slice(0, 60)}: it is not running here and no finished turn is stored under that id (finished turns are kept for 24 hours).`,
  });
  if (turnId.length === 0 || turnId.length > MAX_TURN_ID_LENGTH) return notFound;
  try {
    const stored = await (await options.openStore()).getTurn(turnId);
    return stored ? ok({ exchanges: stored.tape }) : notFound;
  } catch (error) {
    return err(describeStorageFailure(error));
  }
}
