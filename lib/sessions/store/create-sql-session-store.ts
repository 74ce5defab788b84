import { isPlainObject } from '@/lib/runtime';
import { migrateSessionDatabase } from './migrate-session-database';
import { SESSION_CHECK_VERSION } from '../record/prepare-stored-session';
import type { SessionChecker } from '../record/session-checker';
import { FINISHED_TURN_RETENTION } from '@/lib/contract';
import { stampLegacyToolSearch, type SessionTurn } from '../record/session-record';
import type { SessionRead, SessionStore, SessionSummaryRead, SessionWriteOutcome } from './session-store';
import { DEFAULT_SESSION_STORAGE_LIMITS, type SessionStorageLimits } from './session-storage-limits';
import type { SqlClient } from './sql-client';
import { createEvaluationRows } from './create-evaluation-rows';

export type SqlSessionStoreOptions = {
  /** Checks a record stored before records were checked on write, the first time it is read. */
  checker: SessionChecker;
  /** Milliseconds since the epoch; injected so retention is testable. */
  now?: () => number;
  retention?: { maxAgeMs: number; maxCount: number };
  /** Retention, storage budget and per-address quota of sessions (`readSessionStorageLimits`). */
  storage?: SessionStorageLimits;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The advisory-lock namespace (first key) of the per-address quota, apart from the migration's single-key lock. */
const QUOTA_LOCK_SPACE = 7_202_602;

/** Sessions unopened past the retention are deleted by a write at most this often (an evaluation writes a batch per few runs). */
const RETENTION_SWEEP_INTERVAL_MS = 60 * 1000;

/** A view is noted at most this often per session: reading stays a read. */
const VIEW_RESOLUTION_MS = 60 * 60 * 1000;

type SessionRow = { checked: number; check_error: string | null; viewed_at: string | number };

/** Deletes sessions unopened past the retention, at most once per `RETENTION_SWEEP_INTERVAL_MS`: a retention of days needs no scan per write. */
function createRetentionSweep(client: SqlClient, options: { now: () => number; retentionMs: number }): () => Promise<void> {
  let sweptAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const time = options.now();
    if (time - sweptAt < RETENTION_SWEEP_INTERVAL_MS) return;
    sweptAt = time;
    await client.query('DELETE FROM sessions WHERE viewed_at < $1', [time - options.retentionMs]);
  };
}

/** A session store on any PostgreSQL-dialect client; migrates the schema before first use. */
export async function createSqlSessionStore(client: SqlClient, options: SqlSessionStoreOptions): Promise<SessionStore> {
  const now = options.now ?? Date.now;
  const retention = options.retention ?? FINISHED_TURN_RETENTION;
  await migrateSessionDatabase(client);
  const storage = options.storage ?? DEFAULT_SESSION_STORAGE_LIMITS;
  const totalRows = await client.query<{ total: string | number | null }>('SELECT sum(bytes) AS total FROM sessions');
  /** The sessions' bytes as this process last knew them; the exact sum is taken when it passes the budget. */
  let storedBytes = Number(totalRows[0]?.total ?? 0);

  const sweepUnopened = createRetentionSweep(client, { now, retentionMs: storage.retentionMs });

  /** Deletes sessions unopened past the retention (at most once a minute), then the least recently opened while all together pass the budget. */
  const sweepSessions = async () => {
    await sweepUnopened();
    if (storedBytes <= storage.maxBytes) return;
    await client.query(
      `DELETE FROM sessions WHERE id IN (
         SELECT id FROM (SELECT id, sum(bytes) OVER (ORDER BY viewed_at DESC, created_at DESC, id) AS kept FROM sessions) ranked
          WHERE kept > $1)`,
      [storage.maxBytes],
    );
    const rows = await client.query<{ total: string | number | null }>('SELECT sum(bytes) AS total FROM sessions');
    storedBytes = Number(rows[0]?.total ?? 0);
  };

  const noteView = async (id: string, row: SessionRow) => {
    const time = now();
    if (Number(row.viewed_at) > time - VIEW_RESOLUTION_MS) return;
    await client.query('UPDATE sessions SET viewed_at = $2 WHERE id = $1', [id, time]);
  };

  const checkStoredRow = createStoredRowCheck(client, options.checker);

  const store: SessionStore = {
    ...createFinishedTurnRows(client, { now, retention }),
    evaluations: createEvaluationRows(client, { now, retentionMs: storage.retentionMs }),
    async createSession(row) {
      const [outcome] = await store.createSessions([row]);
      if (!outcome) throw new Error('The store answered no outcome for the session.');
      return outcome;
    },
    async createSessions(rows) {
      const outcomes = await client.transaction(async (query) => {
        const usage = new Map<string, number>();
        const written: SessionWriteOutcome[] = [];
        for (const row of rows) {
          if (row.owner && !usage.has(row.owner)) {
            // Writes of one address queue here until the one before commits, so simultaneous shares
            // cannot each see the same usage and together pass the quota (on any number of instances).
            await query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [QUOTA_LOCK_SPACE, row.owner]);
            const used = await query<{ used: string | number | null }>('SELECT sum(bytes) AS used FROM sessions WHERE owner = $1 AND created_at > $2', [row.owner, now() - DAY_MS]);
            usage.set(row.owner, Number(used[0]?.used ?? 0));
          }
          const usedBytes = row.owner ? (usage.get(row.owner) ?? 0) : 0;
          if (row.owner && usedBytes + row.bytes > storage.quotaBytesPerDay) {
            written.push({ kind: 'over-quota', usedBytes, quotaBytes: storage.quotaBytesPerDay });
            continue;
          }
          await query(
            `INSERT INTO sessions (id, created_at, version, body, bytes, checked, title, description, owner, viewed_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $2)`,
            [row.id, Date.parse(row.createdAt), row.version, row.body, row.bytes, SESSION_CHECK_VERSION, row.title, row.description, row.owner ?? null],
          );
          if (row.owner) usage.set(row.owner, usedBytes + row.bytes);
          written.push({ kind: 'stored' });
        }
        return written;
      });
      const added = rows.reduce((sum, row, index) => sum + (outcomes[index]?.kind === 'stored' ? row.bytes : 0), 0);
      if (added > 0) {
        storedBytes += added;
        await sweepSessions();
      }
      return outcomes;
    },
    async readSession(id) {
      const rows = await client.query<SessionRow & { body: string }>('SELECT body, checked, check_error, viewed_at FROM sessions WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) return { kind: 'missing' };
      if (row.check_error !== null) return { kind: 'unreadable', error: row.check_error, retry: false };
      await noteView(id, row);
      return row.checked >= SESSION_CHECK_VERSION ? { kind: 'found', body: row.body } : checkStoredRow(id);
    },
    async readSessionSummary(id): Promise<SessionSummaryRead> {
      const rows = await client.query<SessionRow & { created_at: string | number; title: string | null; description: string | null }>(
        'SELECT created_at, title, description, checked, check_error, viewed_at FROM sessions WHERE id = $1',
        [id],
      );
      const row = rows[0];
      if (!row) return { kind: 'missing' };
      if (row.check_error !== null) return { kind: 'unreadable', error: row.check_error, retry: false };
      if (row.checked < SESSION_CHECK_VERSION) {
        const checked = await checkStoredRow(id);
        if (checked.kind !== 'found') return checked;
        return store.readSessionSummary(id);
      }
      await noteView(id, row);
      return { kind: 'found', summary: { id, createdAt: new Date(Number(row.created_at)).toISOString(), title: row.title ?? '', description: row.description ?? '' } };
    },
    async deleteSession(id) {
      const rows = await client.query<{ id: string }>('DELETE FROM sessions WHERE id = $1 RETURNING id', [id]);
      return rows.length > 0;
    },
    close: () => client.close(),
  };
  return store;
}

/** The finished turns kept for sharing: saved with a sweep now and then, read while within the retention. */
function createFinishedTurnRows(
  client: SqlClient,
  options: { now: () => number; retention: { maxAgeMs: number; maxCount: number } },
): Pick<SessionStore, 'saveTurn' | 'getTurnBody' | 'getTurn' | 'getControlledTurn'> {
  const { now, retention } = options;
  // Reads already skip expired turns, so the sweep that deletes them runs once per this many saves
  // (1 for small caps, 50 for the default 1,000): a burst of turns is not a burst of sweeps.
  const savesPerSweep = Math.max(1, Math.floor(retention.maxCount / 20));
  let savesSinceSweep = 0;
  const rows: Pick<SessionStore, 'saveTurn' | 'getTurnBody' | 'getTurn' | 'getControlledTurn'> = {
    async saveTurn(turnId, body, controlTokenHash) {
      const createdAt = now();
      savesSinceSweep += 1;
      const sweep = savesSinceSweep >= savesPerSweep;
      if (sweep) savesSinceSweep = 0;
      await client.transaction(async (query) => {
        await query('INSERT INTO finished_turns (turn_id, created_at, body, control_token_hash) VALUES ($1, $2, $3, $4) ON CONFLICT (turn_id) DO NOTHING', [
          turnId,
          createdAt,
          body,
          controlTokenHash ?? null,
        ]);
        if (!sweep) return;
        await query(
          `DELETE FROM finished_turns
            WHERE created_at < $1
               OR position <= (SELECT position FROM finished_turns ORDER BY position DESC OFFSET $2 LIMIT 1)`,
          [createdAt - retention.maxAgeMs, retention.maxCount],
        );
      });
    },
    async getTurnBody(turnId) {
      const found = await client.query<{ body: string }>('SELECT body FROM finished_turns WHERE turn_id = $1 AND created_at >= $2', [turnId, now() - retention.maxAgeMs]);
      return found[0]?.body;
    },
    async getTurn(turnId) {
      const body = await rows.getTurnBody(turnId);
      return body === undefined ? undefined : readTurn(body);
    },
    async getControlledTurn(turnId) {
      const found = await client.query<{ body: string; control_token_hash: string | null }>(
        'SELECT body, control_token_hash FROM finished_turns WHERE turn_id = $1 AND created_at >= $2',
        [turnId, now() - retention.maxAgeMs],
      );
      const row = found[0];
      const turn = row ? readTurn(row.body) : undefined;
      if (!row || !turn) return undefined;
      return row.control_token_hash === null ? { turn } : { turn, controlTokenHash: row.control_token_hash };
    },
  };
  return rows;
}

/** Checks a row an older version wrote, now, in the checker's worker, and rewrites it when it passes; simultaneous first reads share one check. */
function createStoredRowCheck(client: SqlClient, checker: SessionChecker): (id: string) => Promise<SessionRead> {
  const checking = new Map<string, Promise<SessionRead>>();
  return (id) => {
    const running = checking.get(id);
    if (running) return running;
    const check = (async (): Promise<SessionRead> => {
      const rows = await client.query<{ body: string }>('SELECT body FROM sessions WHERE id = $1', [id]);
      if (!rows[0]) return { kind: 'missing' };
      const prepared = await checker.prepareSession({ kind: 'stored', body: rows[0].body });
      if (!prepared.ok) {
        const retry = prepared.error.code === 'busy' || prepared.error.code === 'storage-failed';
        if (!retry) await client.query('UPDATE sessions SET check_error = $2, checked = $3 WHERE id = $1', [id, prepared.error.message, SESSION_CHECK_VERSION]);
        return { kind: 'unreadable', error: prepared.error.message, retry };
      }
      const { body, bytes, title, description, version } = prepared.value;
      await client.query('UPDATE sessions SET body = $2, bytes = $3, title = $4, description = $5, version = $6, checked = $7, check_error = NULL WHERE id = $1', [
        id,
        body,
        bytes,
        title,
        description,
        version,
        SESSION_CHECK_VERSION,
      ]);
      return { kind: 'found', body };
    })().finally(() => checking.delete(id));
    checking.set(id, check);
    return check;
  };
}

/** A stored finished turn (checked when it was saved); turns saved before hand-typed outputs and Tool Search versions were recorded get their defaults. */
function readTurn(body: string): SessionTurn | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    console.error('A stored finished turn is not JSON:', error.message);
    return undefined;
  }
  return (isPlainObject(json) ? stampLegacyToolSearch({ outputs: [], ...json }) : json) as SessionTurn;
}
