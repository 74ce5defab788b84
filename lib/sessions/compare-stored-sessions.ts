import { compareRuns } from '@/lib/compare/compare-runs';
import type { RunComparison } from '@/lib/compare/run-comparison';
import { err, ok, type Result } from '@/lib/runtime/result';
import { readStoredSession } from './read-stored-session';
import type { SessionError } from './session-error';
import type { SessionRecord } from './session-record';
import type { SessionStore } from './session-store';

/** Which turns of a session to compare: all of them, or one by index. */
export type ComparedSide = { id: string; turn?: number };

export type SessionComparison = {
  a: { id: string; title?: string; createdAt: string; turns: number };
  b: { id: string; title?: string; createdAt: string; turns: number };
  comparison: RunComparison;
};

/** Reads two stored sessions and lines their turns up (`compareRuns`), A and B as the sentences call them. */
export async function compareStoredSessions(a: ComparedSide, b: ComparedSide, store: SessionStore): Promise<Result<SessionComparison, SessionError>> {
  const first = await readStoredSession(a.id, store);
  if (!first.ok) return first;
  const second = await readStoredSession(b.id, store);
  if (!second.ok) return second;
  const left = selectTurns(first.value, a.turn);
  if (!left.ok) return left;
  const right = selectTurns(second.value, b.turn);
  if (!right.ok) return right;
  return ok({ a: describe(first.value), b: describe(second.value), comparison: compareRuns(left.value, right.value, { labels: { a: 'A', b: 'B' } }) });
}

function selectTurns(record: SessionRecord, turn: number | undefined): Result<SessionRecord['turns'][number]['events'][], SessionError> {
  if (turn === undefined) return ok(record.turns.map((entry) => entry.events));
  const picked = record.turns[turn];
  if (!picked) return err({ code: 'invalid', message: `Session ${record.id} has no turn ${turn + 1} (it has ${record.turns.length}).` });
  return ok([picked.events]);
}

function describe(record: SessionRecord): SessionComparison['a'] {
  return { id: record.id, ...(record.title ? { title: record.title } : {}), createdAt: record.createdAt, turns: record.turns.length };
}
