// Server-only: a finished turn as stored for sharing, for the client that started it.
import { err, ok, type Result } from '@/lib/runtime';
import { describeStorageFailure, type SessionError } from '@/lib/sessions';
import type { SessionTurn } from '@/lib/sessions';
import type { ControlledTurn, SessionStore } from '@/lib/sessions/store';
import { matchesTurnControlTokenHash, NOT_YOUR_TURN_MESSAGE } from './turn-control';
import type { TurnRegistry } from './turn-registry';

const MAX_TURN_ID_LENGTH = 200;

export type ReadTurnRecordOptions = {
  registry: Pick<TurnRegistry, 'accessTape'>;
  openStore: () => Promise<Pick<SessionStore, 'getControlledTurn'>>;
};

/**
 * The stored record of a finished turn (its request without secrets, exchanges, decisions and
 * events) for the client that started it (the stored turn keeps its control token's SHA-256), so
 * the browser can keep it and share the turn after the server has let it go. A running turn, or
 * one not stored yet, is `not-found` with the reason.
 */
export async function readTurnRecord(turnId: string, token: string, options: ReadTurnRecordOptions): Promise<Result<{ turn: SessionTurn }, SessionError>> {
  const notFound = (reason: string) => err<SessionError>({ code: 'not-found', message: `No finished turn ${turnId.slice(0, 60)} of yours here: ${reason}.` });
  if (turnId.length === 0 || turnId.length > MAX_TURN_ID_LENGTH) return notFound('no turn has such an id');
  const forbidden = err<SessionError>({ code: 'forbidden', message: NOT_YOUR_TURN_MESSAGE });
  const access = options.registry.accessTape(turnId, token);
  if (access.kind === 'forbidden') return forbidden;
  if (access.kind === 'live') return notFound('it is still running; its record is kept once it ends');
  let stored: ControlledTurn | undefined;
  try {
    stored = await (await options.openStore()).getControlledTurn(turnId);
  } catch (error) {
    return err(describeStorageFailure(error));
  }
  if (!stored) return notFound('it is not stored (yet): a turn is stored a moment after it ends, and kept 24 hours');
  return stored.controlTokenHash !== undefined && matchesTurnControlTokenHash(stored.controlTokenHash, token) ? ok({ turn: stored.turn }) : forbidden;
}
