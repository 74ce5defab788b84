import { getSandboxPool } from '@/lib/sandbox/pool/get-sandbox-pool';
import { useSessionInPool } from '@/lib/sandbox/pool/use-session-in-pool';
import type { Result } from '@/lib/runtime';
import { readSessionBody } from '@/lib/sessions/read-stored-session';
import type { SessionError } from '@/lib/sessions/session-error';
import type { SessionStore } from '@/lib/sessions/session-store';
import type { SessionComparison, SessionTextAnswers, SessionTextUse, StoredSessionText } from '../use-stored-session-text';

export type { SessionComparison } from '../use-stored-session-text';

/** Which turns of a session to compare: all of them, or one by index. */
export type ComparedSide = { id: string; turn?: number };

/** Runs a use of stored records' text somewhere off the HTTP thread (a sandbox worker). */
export type SessionTextRunner = (use: Extract<SessionTextUse, { kind: 'compare' }>) => Promise<SessionTextAnswers['compare']>;

const runInPool: SessionTextRunner = (use) => useSessionInPool(getSandboxPool(), use);

/**
 * Reads two stored sessions' text and lines their turns up (`compareSessionTexts`), in a sandbox
 * worker: the HTTP thread reads two strings and gets back a bounded comparison.
 */
export async function compareStoredSessions(a: ComparedSide, b: ComparedSide, store: SessionStore, run: SessionTextRunner = runInPool): Promise<Result<SessionComparison, SessionError>> {
  const first = await readSessionBody(a.id, store);
  if (!first.ok) return first;
  const second = await readSessionBody(b.id, store);
  if (!second.ok) return second;
  const side = (compared: ComparedSide, text: string): StoredSessionText => ({ id: compared.id, text, ...(compared.turn === undefined ? {} : { turn: compared.turn }) });
  return run({ kind: 'compare', a: side(a, first.value), b: side(b, second.value) });
}
