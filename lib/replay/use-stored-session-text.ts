// What Compare and Fork need of stored records, computed from their text: a sandbox worker runs this,
// so parsing a large record (and comparing two) costs the HTTP thread nothing but the small answer.
import { compareRuns, type RunComparison } from '@/lib/compare';
import { err, ok, type Result } from '@/lib/runtime';
import type { ForkRequest } from '@/lib/contract';
import { buildForkRequest, type ForkedTurn } from '@/lib/sessions';
import { readCheckedSessionRecord } from '@/lib/sessions';
import type { SessionError } from '@/lib/sessions';
import type { SessionRecord } from '@/lib/sessions';

/** A stored record's text with its id, and which of its turns to compare (all when none). */
export type StoredSessionText = { id: string; text: string; turn?: number };

export type SessionComparison = {
  a: { id: string; title?: string; createdAt: string; turns: number };
  b: { id: string; title?: string; createdAt: string; turns: number };
  comparison: RunComparison;
};

/** What to do with stored records: compare two, or build a fork's turn request from one. */
export type SessionTextUse = { kind: 'compare'; a: StoredSessionText; b: StoredSessionText } | { kind: 'fork'; session: StoredSessionText; fork: ForkRequest };

/** The answer for each use. */
export type SessionTextAnswers = {
  compare: Result<SessionComparison, SessionError>;
  fork: Result<ForkedTurn, SessionError>;
};

/** Runs a use of stored records' text where parsing them costs the HTTP thread nothing (the server injects its sandbox pool). */
export type SessionTextRunner = <K extends SessionTextUse['kind']>(use: Extract<SessionTextUse, { kind: K }>) => Promise<SessionTextAnswers[K]>;

export function useStoredSessionText(use: SessionTextUse): SessionTextAnswers[SessionTextUse['kind']] {
  switch (use.kind) {
    case 'compare':
      return compareSessionTexts(use.a, use.b);
    case 'fork': {
      const record = parseStoredSession(use.session);
      if (!record.ok) return record;
      const forked = buildForkRequest(record.value, use.fork);
      return forked.ok ? forked : err({ code: 'invalid', message: forked.error });
    }
  }
}

/** Two stored sessions' turns lined up (`compareRuns`), A and B as the sentences call them. */
export function compareSessionTexts(a: StoredSessionText, b: StoredSessionText): Result<SessionComparison, SessionError> {
  const first = parseStoredSession(a);
  if (!first.ok) return first;
  const second = parseStoredSession(b);
  if (!second.ok) return second;
  const left = selectTurns(first.value, a.turn);
  if (!left.ok) return left;
  const right = selectTurns(second.value, b.turn);
  if (!right.ok) return right;
  return ok({ a: describe(first.value), b: describe(second.value), comparison: compareRuns(left.value, right.value, { labels: { a: 'A', b: 'B' } }) });
}

/** A stored record parsed, not validated again (it was checked when stored). */
export function parseStoredSession({ id, text }: StoredSessionText): Result<SessionRecord, SessionError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err({ code: 'unreadable', message: `Session ${id} is stored but unreadable: ${error instanceof Error ? error.message : String(error)}` });
  }
  const record = readCheckedSessionRecord(json);
  return record.ok ? record : err({ code: 'unreadable', message: `Session ${id} is stored but unreadable: ${record.error}` });
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
