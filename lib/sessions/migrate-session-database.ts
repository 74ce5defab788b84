import type { SqlClient } from './sql-client';

/** Schema versions in order; a deployed migration is never edited, only followed by a new one. */
const MIGRATIONS: readonly { version: number; statements: readonly string[] }[] = [
  {
    version: 1,
    statements: [
      // Records are stored as JSON text, byte for byte as validated, so an export equals what was shared.
      `CREATE TABLE finished_turns (
         position bigserial PRIMARY KEY,
         turn_id text NOT NULL UNIQUE,
         created_at bigint NOT NULL,
         body text NOT NULL
       )`,
      'CREATE INDEX finished_turns_created_at ON finished_turns (created_at)',
      `CREATE TABLE sessions (
         id text PRIMARY KEY,
         created_at bigint NOT NULL,
         version integer NOT NULL,
         body text NOT NULL
       )`,
    ],
  },
  {
    version: 2,
    statements: [
      // A row is stored as its check produced it (`checked` says which checks; 0: none, older rows).
      'ALTER TABLE sessions ADD COLUMN checked integer NOT NULL DEFAULT 0',
      'ALTER TABLE sessions ADD COLUMN check_error text',
      'ALTER TABLE sessions ADD COLUMN bytes bigint',
      // What the page of a session shows without reading the record.
      'ALTER TABLE sessions ADD COLUMN title text',
      'ALTER TABLE sessions ADD COLUMN description text',
      // Storage bounds: whose quota a session counts against (a hash of the address), when it was last opened.
      'ALTER TABLE sessions ADD COLUMN owner text',
      'ALTER TABLE sessions ADD COLUMN viewed_at bigint',
      'UPDATE sessions SET bytes = octet_length(body), viewed_at = created_at',
      'ALTER TABLE sessions ALTER COLUMN bytes SET NOT NULL',
      'ALTER TABLE sessions ALTER COLUMN viewed_at SET NOT NULL',
      'CREATE INDEX sessions_viewed_at ON sessions (viewed_at)',
      'CREATE INDEX sessions_owner_created_at ON sessions (owner, created_at)',
    ],
  },
  {
    version: 3,
    statements: [
      // The SHA-256 of the turn's control token, so its starting client can read its exchanges on any instance.
      'ALTER TABLE finished_turns ADD COLUMN control_token_hash text',
    ],
  },
];

/** Serializes concurrent starts of several instances on one PostgreSQL server. */
const MIGRATION_LOCK_KEY = 7_202_601;

/** Creates or upgrades the schema; safe to run on every start, from many instances at once. */
export async function migrateSessionDatabase(client: SqlClient): Promise<number> {
  return client.transaction(async (query) => {
    await query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await query('CREATE TABLE IF NOT EXISTS session_schema_migrations (version integer PRIMARY KEY, applied_at bigint NOT NULL)');
    const rows = await query<{ version: number | null }>('SELECT max(version) AS version FROM session_schema_migrations');
    const applied = Number(rows[0]?.version ?? 0);
    for (const migration of MIGRATIONS.filter((candidate) => candidate.version > applied)) {
      for (const statement of migration.statements) await query(statement);
      await query('INSERT INTO session_schema_migrations (version, applied_at) VALUES ($1, $2)', [migration.version, Date.now()]);
    }
    return MIGRATIONS.at(-1)?.version ?? 0;
  });
}
