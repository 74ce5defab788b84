import type { Result } from '@/lib/runtime';
import { prepareStoredSession, prepareStoredTurn, type PreparedSession, type SessionPreparation } from './prepare-stored-session';
import type { SessionError } from './session-error';

/**
 * Where records and finished turns are checked before they are stored. On the server this is the
 * sandbox worker pool (`createPooledSessionChecker`): the check's cost is the record's, and a
 * record is a stranger's input.
 */
export type SessionChecker = {
  prepareSession(input: SessionPreparation): Promise<Result<PreparedSession, SessionError>>;
  /** Several records checked one after the other in one worker request (an evaluation's runs), each within its own budget; one answer per input, in order. */
  prepareSessions(inputs: readonly SessionPreparation[]): Promise<Result<PreparedSession, SessionError>[]>;
  /** The finished turn's text to store, or why it cannot be stored (it then cannot be shared). */
  prepareTurn(turn: unknown, secrets?: readonly string[]): Promise<Result<string, string>>;
};

/** Checks on the calling thread, without a budget: for tests and tools that own their thread, never for the HTTP thread. */
export function createInlineSessionChecker(): SessionChecker {
  return {
    prepareSession: async (input) => prepareStoredSession(input),
    prepareSessions: async (inputs) => inputs.map((input) => prepareStoredSession(input)),
    prepareTurn: async (turn, secrets) => prepareStoredTurn(turn, secrets),
  };
}
