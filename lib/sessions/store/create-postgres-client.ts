// Server-only: a PostgreSQL server reached with `pg`, for DATABASE_URL deployments.
import pg from 'pg';
import type { SqlClient, SqlQuery } from './sql-client';

/** How many connections at most, and how long a query (or the wait for a connection) may take before it fails. */
export type PostgresClientOptions = { maxConnections?: number; timeoutMs?: number };

/** A pooled client for `connectionString`; each transaction holds one connection. */
export function createPostgresClient(connectionString: string, options: PostgresClientOptions = {}): SqlClient {
  const timeouts = options.timeoutMs === undefined ? {} : { connectionTimeoutMillis: options.timeoutMs, query_timeout: options.timeoutMs };
  const pool = new pg.Pool({ connectionString, max: options.maxConnections ?? 5, ...timeouts });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const query: SqlQuery = async <Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) =>
    (await pool.query<Row>(text, [...params])).rows;
  return {
    kind: 'postgres',
    query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(async <Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) =>
          (await client.query<Row>(text, [...params])).rows,
        );
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => console.error('ROLLBACK failed:', rollbackError));
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
