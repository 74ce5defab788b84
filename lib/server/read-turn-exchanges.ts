// Server-only: the raw model exchanges of one turn, running or finished, for the timeline's inspector.
import type { TapeEntry } from '@/lib/models/model-config';
import { err, ok, type Result } from '@/lib/runtime/result';
import { describeStorageFailure, type SessionError } from '@/lib/sessions/session-error';
import type { SessionStore } from '@/lib/sessions/session-store';
import { NOT_YOUR_TURN_MESSAGE } from './turn-control';
import type { TurnRegistry } from './turn-registry';

/** The longest turn id a stored turn may have; anything longer is unknown without asking the store. */
const MAX_TURN_ID_LENGTH = 200;

export type ReadTurnExchangesOptions = {
  registry: Pick<TurnRegistry, 'accessTape'>;
  openStore: () => Promise<Pick<SessionStore, 'getTurn'>>;
};

/**
 * A running turn's tape so far, else the stored tape of a turn that finished in this process, for
 * the client that started it (the holder of its control token) and nobody else: knowing a turn id
 * is not enough. Anyone else reads a finished turn through a session that includes it. A turn of
 * another instance, or one this process no longer remembers, is `not-found`.
 */
export async function readTurnExchanges(turnId: string, token: string, options: ReadTurnExchangesOptions): Promise<Result<{ exchanges: TapeEntry[] }, SessionError>> {
  const notFound = err<SessionError>({
    code: 'not-found',
    message: `No turn ${turnId.slice(0, 60)} of yours here: it is not running on this server, or it finished too long ago (a session that includes it still shows its exchanges).`,
  });
  if (turnId.length === 0 || turnId.length > MAX_TURN_ID_LENGTH) return notFound;
  const access = options.registry.accessTape(turnId, token);
  if (access.kind === 'live') return ok({ exchanges: access.tape });
  if (access.kind === 'forbidden') return err({ code: 'forbidden', message: NOT_YOUR_TURN_MESSAGE });
  if (access.kind === 'unknown-turn') return notFound;
  try {
    const stored = await (await options.openStore()).getTurn(turnId);
    return stored ? ok({ exchanges: stored.tape }) : notFound;
  } catch (error) {
    return err(describeStorageFailure(error));
  }
}
