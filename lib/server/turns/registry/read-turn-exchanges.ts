// Server-only: the raw model exchanges of one turn, running or finished, for the timeline's inspector.
import type { TurnExchanges } from '@/lib/contract';
import { err, ok, type Result } from '@/lib/runtime';
import { describeStorageFailure, type SessionError } from '@/lib/sessions';
import type { SessionStore } from '@/lib/sessions/store';
import { matchesTurnControlTokenHash, NOT_YOUR_TURN_MESSAGE } from './turn-control';
import type { TurnRegistry } from './turn-registry';

/** The longest turn id a stored turn may have; anything longer is unknown without asking the store. */
const MAX_TURN_ID_LENGTH = 200;

export type ReadTurnExchangesOptions = {
  registry: Pick<TurnRegistry, 'accessTape'>;
  openStore: () => Promise<Pick<SessionStore, 'getControlledTurn'>>;
};

/**
 * A running turn's tape so far, else the stored tape of a finished turn (from whichever instance
 * ran it), for the client that started it and nobody else: knowing a turn id is not enough. A
 * running turn checks the token itself; a stored one keeps the token's SHA-256 to check it against.
 * Anyone else reads a finished turn through a session that includes it. A turn running on another
 * instance, or finished too long ago, is `not-found`.
 */
export async function readTurnExchanges(turnId: string, token: string, options: ReadTurnExchangesOptions): Promise<Result<TurnExchanges, SessionError>> {
  const notFound = err<SessionError>({
    code: 'not-found',
    message: `No turn ${turnId.slice(0, 60)} of yours here: it is not running on this server, or it finished too long ago (a session that includes it still shows its exchanges).`,
  });
  if (turnId.length === 0 || turnId.length > MAX_TURN_ID_LENGTH) return notFound;
  const access = options.registry.accessTape(turnId, token);
  if (access.kind === 'live') return ok({ exchanges: access.tape, ...(access.mcp ? { mcp: access.mcp } : {}) });
  const forbidden = err<SessionError>({ code: 'forbidden', message: NOT_YOUR_TURN_MESSAGE });
  if (access.kind === 'forbidden') return forbidden;
  let stored: Awaited<ReturnType<SessionStore['getControlledTurn']>>;
  try {
    stored = await (await options.openStore()).getControlledTurn(turnId);
  } catch (error) {
    return err(describeStorageFailure(error));
  }
  if (!stored) return notFound;
  // A turn stored by an older version, without the hash, has no holder left to prove.
  return stored.controlTokenHash !== undefined && matchesTurnControlTokenHash(stored.controlTokenHash, token) ? ok({ exchanges: stored.turn.tape, ...(stored.turn.mcp ? { mcp: stored.turn.mcp } : {}) }) : forbidden;
}
