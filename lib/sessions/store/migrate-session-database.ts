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
  {
    version: 4,
    statements: [
      // Rate limits shared by every instance on one DATABASE_URL: a token bucket per limit and key
      // (a hash of the address or session id), spent by one upsert (`create-sql-limit-store.ts`).
      `CREATE TABLE rate_limit_buckets (
         limiter text NOT NULL,
         key text NOT NULL,
         tokens double precision NOT NULL,
         updated_at bigint NOT NULL,
         granted boolean NOT NULL,
         PRIMARY KEY (limiter, key)
       )`,
      'CREATE INDEX rate_limit_buckets_updated_at ON rate_limit_buckets (updated_at)',
      // A running turn's slot, renewed by its instance's heartbeat: a crashed instance's slots expire.
      `CREATE TABLE turn_leases (
         id text PRIMARY KEY,
         client_key text NOT NULL,
         expires_at bigint NOT NULL
       )`,
      'CREATE INDEX turn_leases_client_key ON turn_leases (client_key)',
      'CREATE INDEX turn_leases_expires_at ON turn_leases (expires_at)',
      // Counting and taking a slot in one call (one round trip): the lock serializes admissions of
      // every instance, and each statement of a function sees what the admissions before it wrote.
      `CREATE FUNCTION acquire_turn_lease(lease_id text, client text, now_ms bigint, expires_ms bigint, per_client integer, total integer) RETURNS text
       LANGUAGE plpgsql AS $$
       DECLARE
         everyone integer;
         mine integer;
       BEGIN
         PERFORM pg_advisory_xact_lock(7202603);
         DELETE FROM turn_leases WHERE expires_at <= now_ms;
         SELECT count(*), count(*) FILTER (WHERE client_key = client) INTO everyone, mine FROM turn_leases;
         IF mine >= per_client THEN RETURN 'per-address'; END IF;
         IF everyone >= total THEN RETURN 'total'; END IF;
         INSERT INTO turn_leases (id, client_key, expires_at) VALUES (lease_id, client, expires_ms);
         RETURN 'acquired';
       END
       $$`,
    ],
  },
  {
    version: 5,
    statements: [
      // Since when a lease's turn waits on a tool call or a person (its instance's heartbeat writes
      // it; NULL while it works), so a newcomer on any instance can take the longest-waiting slot
      // of the address holding the most (`takeOverLease`).
      'ALTER TABLE turn_leases ADD COLUMN waiting_since bigint',
    ],
  },
  {
    version: 6,
    statements: [
      // An evaluation: its request (API keys removed) as JSON text, where it is, and one row per
      // run that ended, each outcome as JSON text, in the order runs ended. Read back unparsed.
      `CREATE TABLE evaluations (
         id text PRIMARY KEY,
         created_at bigint NOT NULL,
         owner text,
         status text NOT NULL,
         stop_reason text,
         total_runs integer NOT NULL,
         request text NOT NULL,
         viewed_at bigint NOT NULL
       )`,
      'CREATE INDEX evaluations_viewed_at ON evaluations (viewed_at)',
      `CREATE TABLE evaluation_runs (
         evaluation_id text NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
         position integer NOT NULL,
         outcome text NOT NULL,
         PRIMARY KEY (evaluation_id, position)
       )`,
    ],
  },
  {
    version: 7,
    statements: [
      // A running evaluation's slot, like a turn's (renewed by its instance's heartbeat, so a crashed
      // instance's slots expire): one address's evaluations are counted across every instance.
      `CREATE TABLE evaluation_leases (
         id text PRIMARY KEY,
         client_key text NOT NULL,
         expires_at bigint NOT NULL
       )`,
      'CREATE INDEX evaluation_leases_client_key ON evaluation_leases (client_key)',
      `CREATE FUNCTION acquire_evaluation_lease(lease_id text, client text, now_ms bigint, expires_ms bigint, per_client integer) RETURNS text
       LANGUAGE plpgsql AS $$
       DECLARE
         mine integer;
       BEGIN
         PERFORM pg_advisory_xact_lock(7202604);
         DELETE FROM evaluation_leases WHERE expires_at <= now_ms;
         SELECT count(*) INTO mine FROM evaluation_leases WHERE client_key = client;
         IF mine >= per_client THEN RETURN 'per-address'; END IF;
         INSERT INTO evaluation_leases (id, client_key, expires_at) VALUES (lease_id, client, expires_ms);
         RETURN 'acquired';
       END
       $$`,
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
