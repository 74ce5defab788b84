import type { Result } from '@/lib/runtime';
import { readSessionBody } from '@/lib/sessions/store';
import type { SessionError } from '@/lib/sessions';
import type { SessionStore } from '@/lib/sessions/store';
import type { SessionComparison, SessionTextRunner, StoredSessionText } from '../use-stored-session-text';

export type { SessionComparison } from '../use-stored-session-text';

/** Which turns of a session to compare: all of them, or one by index. */
export type ComparedSide = { id: string; turn?: number };

/**
 * Reads two stored sessions' text and lines their turns up (`compareSessionTexts`) through `run`
 * (a sandbox worker): the HTTP thread reads two strings and gets back a bounded comparison.
 */
export async function compareStoredSessions(a: ComparedSide, b: ComparedSide, { store, run }: { store: SessionStore; run: SessionTextRunner }): Promise<Result<SessionComparison, SessionError>> {
  const first = await readSessionBody(a.id, store);
  if (!first.ok) return first;
  const second = await readSessionBody(b.id, store);
  if (!second.ok) return second;
  const side = (compared: ComparedSide, text: string): StoredSessionText => ({ id: compared.id, text, ...(compared.turn === undefined ? {} : { turn: compared.turn }) });
  return run({ kind: 'compare', a: side(a, first.value), b: side(b, second.value) });
}
