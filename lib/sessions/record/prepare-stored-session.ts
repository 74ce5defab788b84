import { ASSERTION_LIMITS, sessionAssertionSchema, type SessionAssertion } from '@/lib/assertions';
import { isPlainObject, err, ok, type Result, countJsonValues } from '@/lib/runtime';
import { compactSessionRecord } from './compact-session-record';
import { describeSessionPreview } from './describe-session-preview';
import { readCheckedSessionRecord } from './read-checked-session';
import type { SessionError } from './session-error';
import { measureUtf8Bytes, SESSION_LIMITS } from '@/lib/contract';
import { formatIssues, prepareSessionTurn, removeRecordSecrets, SESSION_RECORD_VERSION, sessionRecordSchema, upgradeSessionRecord, type SessionRecord, type SessionTurn } from './session-record';

/**
 * Which checks a stored row passed. A row with a lower number (0: written before records were
 * checked on write) is checked again the first time it is read; raise it when the checks change.
 */
export const SESSION_CHECK_VERSION = 1;

/** What a sandbox worker is asked to turn into a stored record. Everything is plain data: it crosses to the worker. */
export type SessionPreparation =
  /** Share: the playground and assertions as sent, and per turn id its finished turn's stored text (null when it expired), or the session it was forked from. */
  | {
      kind: 'share';
      id: string;
      createdAt: string;
      title?: string;
      playground: unknown;
      assertions?: unknown[];
      turnIds: string[];
      finishedTurns: (string | null)[];
      forkedFrom?: string;
      /** Literal secrets to redact from every string (the key typed in the page). */
      secrets: string[];
    }
  /** Import: an exported file's text, any known version, stored under a new id. */
  | { kind: 'import'; id: string; createdAt: string; text: string }
  /** A stored row written before records were checked on write: checked now, keeping its id. */
  | { kind: 'stored'; body: string };

/** A record ready to store: its stored text and what the page's metadata shows without reading it. */
export type PreparedSession = { id: string; createdAt: string; version: number; body: string; bytes: number; title: string; description: string };

/** Whether the check may go on; false once its CPU budget is spent. Called between its costly steps. */
export type CheckBudget = () => boolean;

/**
 * The one check a session record gets (DESIGN §7): parsed, secrets removed, upgraded from any known
 * version, bounded by JSON values (in all and per model exchange), validated (every event; each
 * assertion's schema and pattern, one at a time within `withinBudget`), compacted and measured.
 * Runs in a sandbox worker; whatever reads the stored text later trusts it.
 */
export function prepareStoredSession(input: SessionPreparation, withinBudget: CheckBudget = () => true): Result<PreparedSession, SessionError> {
  const candidate = readCandidate(input);
  if (!candidate.ok) return candidate;
  const upgraded = upgradeSessionRecord(candidate.value);
  if (!upgraded.ok) return err({ code: 'invalid', message: upgraded.error });
  const bounded = checkRecordBounds(upgraded.value);
  if (!bounded.ok) return bounded;
  const { assertions, ...rest } = upgraded.value;
  const parsed = sessionRecordSchema.safeParse(rest);
  if (!parsed.success) return err({ code: 'invalid', message: `Invalid session: ${formatIssues(parsed.error)}` });
  const checked = checkAssertions(assertions, withinBudget);
  if (!checked.ok) return checked;
  const record: SessionRecord = { ...parsed.data, ...(checked.value.length > 0 ? { assertions: checked.value } : {}) };
  const body = JSON.stringify(compactSessionRecord(record));
  const bytes = measureUtf8Bytes(body);
  if (bytes > SESSION_LIMITS.recordBytes) {
    return err({ code: 'too-large', message: `The session is ${bytes} bytes as stored; the limit is ${SESSION_LIMITS.recordBytes} bytes.` });
  }
  const preview = describeSessionPreview(record);
  return ok({ id: record.id, createdAt: record.createdAt, version: record.version, body, bytes, title: preview.title, description: preview.description });
}

/**
 * A finished turn made safe to store and bounded like a record's turn, as the text to store, or
 * why it cannot be (it then cannot be shared). Runs in a sandbox worker.
 */
export function prepareStoredTurn(turn: unknown, secrets: readonly string[] = []): Result<string, string> {
  const values = countJsonValues(turn, SESSION_LIMITS.recordValues);
  if (values > SESSION_LIMITS.recordValues) return err(`The turn holds more than ${SESSION_LIMITS.recordValues} JSON values; a session holds at most that many.`);
  const exchanges = isPlainObject(turn) ? checkExchangeBounds(turn.tape, 'tape') : ok(null);
  if (!exchanges.ok) return err(exchanges.error.message);
  const prepared = prepareSessionTurn(turn, secrets);
  if (!prepared.ok) return prepared;
  const body = JSON.stringify(prepared.value);
  const bytes = measureUtf8Bytes(body);
  if (bytes > SESSION_LIMITS.recordBytes) return err(`The turn is ${bytes} bytes; a session holds at most ${SESSION_LIMITS.recordBytes}.`);
  return ok(body);
}

function readCandidate(input: SessionPreparation): Result<Record<string, unknown>, SessionError> {
  switch (input.kind) {
    case 'share': {
      const turns = resolveSharedTurns(input);
      if (!turns.ok) return turns;
      const { id, createdAt, title, playground, assertions = [], secrets } = input;
      const record = { version: SESSION_RECORD_VERSION, id, createdAt, title, playground, turns: turns.value, ...(assertions.length > 0 ? { assertions } : {}) };
      return ok(removeRecordSecrets(record, secrets) as Record<string, unknown>);
    }
    case 'import': {
      const parsed = parseJson(input.text, 'The file');
      if (!parsed.ok) return parsed;
      if (!isPlainObject(parsed.value)) return err({ code: 'invalid', message: 'An imported session must be a JSON object.' });
      if (parsed.value.version === undefined) return err({ code: 'invalid', message: 'The file has no "version": is it an exported session?' });
      return ok(removeRecordSecrets({ ...parsed.value, id: input.id, createdAt: input.createdAt }) as Record<string, unknown>);
    }
    case 'stored': {
      const parsed = parseJson(input.body, 'The stored record');
      if (!parsed.ok) return parsed;
      return isPlainObject(parsed.value) ? ok(removeRecordSecrets(parsed.value) as Record<string, unknown>) : err({ code: 'invalid', message: 'The stored record is not a JSON object.' });
    }
  }
}

/** The turns to share, in order: each finished turn's stored text, else the same turn of the session it was forked from. */
function resolveSharedTurns(input: Extract<SessionPreparation, { kind: 'share' }>): Result<SessionTurn[], SessionError> {
  let forked: SessionRecord | undefined;
  if (input.forkedFrom !== undefined) {
    const parsed = parseJson(input.forkedFrom, 'The forked session');
    const read = parsed.ok ? readCheckedSessionRecord(parsed.value) : undefined;
    forked = read?.ok ? read.value : undefined;
  }
  const turns: SessionTurn[] = [];
  const missing: string[] = [];
  input.turnIds.forEach((turnId, index) => {
    const text = input.finishedTurns[index];
    const parsed = text ? parseJson(text, 'A finished turn') : undefined;
    const turn = parsed?.ok ? (parsed.value as SessionTurn) : forked?.turns.find((candidate) => candidate.turnId === turnId);
    if (turn) turns.push(turn);
    else missing.push(turnId);
  });
  if (missing.length === 0) return ok(turns);
  return err({ code: 'unknown-turn', message: `No finished turn ${missing.join(', ')} on this server (turns are kept 24 hours; run the turn again, then share).` });
}

/** Past bytes, what reading a record costs is its number of values: in all, and in any one model exchange. */
function checkRecordBounds(record: Record<string, unknown>): Result<null, SessionError> {
  const values = countJsonValues(record, SESSION_LIMITS.recordValues);
  if (values > SESSION_LIMITS.recordValues) {
    return err({ code: 'too-large', message: `The session holds more than ${SESSION_LIMITS.recordValues} JSON values (objects, arrays, strings, numbers); the limit is ${SESSION_LIMITS.recordValues}.` });
  }
  const turns = Array.isArray(record.turns) ? record.turns : [];
  for (const [index, turn] of turns.entries()) {
    const checked = isPlainObject(turn) ? checkExchangeBounds(turn.tape, `turns.${index}.tape`) : ok(null);
    if (!checked.ok) return checked;
  }
  return ok(null);
}

function checkExchangeBounds(tape: unknown, path: string): Result<null, SessionError> {
  if (!Array.isArray(tape)) return ok(null);
  for (const [index, exchange] of tape.entries()) {
    if (!isPlainObject(exchange)) continue;
    for (const side of ['request', 'response'] as const) {
      if (countJsonValues(exchange[side], SESSION_LIMITS.exchangeValues) > SESSION_LIMITS.exchangeValues) {
        return err({ code: 'too-large', message: `${path}.${index}.${side} holds more than ${SESSION_LIMITS.exchangeValues} JSON values; a model exchange holds at most that many.` });
      }
    }
  }
  return ok(null);
}

/** Each assertion on its own, so the budget is looked at between two costly schema checks. */
function checkAssertions(assertions: unknown, withinBudget: CheckBudget): Result<SessionAssertion[], SessionError> {
  if (assertions === undefined) return ok([]);
  if (!Array.isArray(assertions)) return err({ code: 'invalid', message: 'Invalid session: assertions: Expected an array.' });
  if (assertions.length > ASSERTION_LIMITS.perSession) {
    return err({ code: 'invalid', message: `Invalid session: assertions: A session holds at most ${ASSERTION_LIMITS.perSession} assertions.` });
  }
  const checked: SessionAssertion[] = [];
  for (const [index, assertion] of assertions.entries()) {
    if (!withinBudget()) {
      return err({
        code: 'too-large',
        message: `Checking the session's assertions took more than its budget (${SESSION_LIMITS.checkBudgetMs} ms of CPU, ${SESSION_LIMITS.checkWallMs / 1000} s in all; stopped at assertion ${index + 1} of ${assertions.length}): their JSON Schemas or patterns are too costly.`,
      });
    }
    const parsed = sessionAssertionSchema.safeParse(assertion);
    if (!parsed.success) return err({ code: 'invalid', message: `Invalid session: ${formatIssues(parsed.error, ['assertions', index])}` });
    checked.push(parsed.data);
  }
  return ok(checked);
}

function parseJson(text: string, what: string): Result<unknown, SessionError> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    if (error instanceof SyntaxError) return err({ code: 'invalid', message: `${what} is not JSON: ${error.message}` });
    throw error;
  }
}
