import { err, ok, type Result } from '@/lib/runtime/result';
import { migrateSessionDatabase } from './migrate-session-database';
import { FINISHED_TURN_RETENTION } from './session-limits';
import { isPlainObject } from '@/lib/runtime/json';
import { migrateSessionRecord, sessionTurnSchema, stampLegacyToolSearch, type SessionTurn } from './session-record';
import type { SessionLookup, SessionStore } from './session-store';
import type { SqlClient } from './sql-client';

export type SqlSessionStoreOptions = {
  /** Milliseconds since the epoch; injected so retention is testable. */
  now?: () => number;
  retention?: { maxAgeMs: number; maxCount: number };
};

/** A session store on any PostgreSQL-dialect client; migrates the schema before first use. */
export async function createSqlSessionStore(client: SqlClient, options: SqlSessionStoreOptions = {}): Promise<SessionStore> {
  const now = options.now ?? Date.now;
  const retention = options.retention ?? FINISHED_TURN_RETENTION;
  // Reads already skip expired turns, so the sweep that deletes them runs once per this many saves
  // (1 for small caps, 50 for the default 1,000): a burst of turns is not a burst of sweeps.
  const savesPerSweep = Math.max(1, Math.floor(retention.maxCount / 20));
  let savesSinceSweep = 0;
  await migrateSessionDatabase(client);
  return {
    async saveTurn(turn) {
      const createdAt = now();
      savesSinceSweep += 1;
      const sweep = savesSinceSweep >= savesPerSweep;
      if (sweep) savesSinceSweep = 0;
      await client.transaction(async (query) => {
        await query('INSERT INTO finished_turns (turn_id, created_at, body) VALUES ($1, $2, $3) ON CONFLICT (turn_id) DO NOTHING', [
          turn.turnId,
          createdAt,
          JSON.stringify(turn),
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
    async getTurn(turnId) {
      const rows = await client.query<{ body: string }>('SELECT body FROM finished_turns WHERE turn_id = $1 AND created_at >= $2', [
        turnId,
        now() - retention.maxAgeMs,
      ]);
      return rows[0] ? readTurn(rows[0].body) : undefined;
    },
    async createSession(record) {
      await client.transaction(async (query) => {
        await query('INSERT INTO sessions (id, created_at, version, body) VALUES ($1, $2, $3, $4)', [
          record.id,
          Date.parse(record.createdAt),
          record.version,
          JSON.stringify(record),
        ]);
      });
    },
    async getSession(id): Promise<SessionLookup> {
      const rows = await client.query<{ body: string }>('SELECT body FROM sessions WHERE id = $1', [id]);
      if (!rows[0]) return { kind: 'missing' };
      const json = parseStoredJson(rows[0].body);
      if (!json.ok) return { kind: 'invalid', error: json.error };
      const record = migrateSessionRecord(json.value);
      return record.ok ? { kind: 'found', record: record.value } : { kind: 'invalid', error: record.error };
    },
    close: () => client.close(),
  };
}

function readTurn(body: string): SessionTurn | undefined {
  const json = parseStoredJson(body);
  // Turns stored before hand-typed outputs were recorded had none, and searched with Tool Search v1.
  const value = json.ok && isPlainObject(json.value) ? stampLegacyToolSearch({ outputs: [], ...json.value }) : json.ok ? json.value : undefined;
  const parsed = json.ok ? sessionTurnSchema.safeParse(value) : undefined;
  if (parsed?.success) return parsed.data;
  // Written by an older build with a different turn shape: Share reports the turn as unknown.
  console.error('A stored finished turn no longer validates:', json.ok ? parsed?.error.issues[0]?.message : json.error);
  return undefined;
}

function parseStoredJson(body: string): Result<unknown, string> {
  try {
    return ok(JSON.parse(body) as unknown);
  } catch (error) {
    if (error instanceof SyntaxError) return err(`The stored body is not JSON: ${error.message}`);
    throw error;
  }
}
