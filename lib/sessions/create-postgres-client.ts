// Server-only: a PostgreSQL server reached with `pg`, for DATABASE_URL deployments.
import pg from 'pg';
import type { SqlClient, SqlQuery } from './sql-client';

/** A pooled client for `connectionString`; each transaction holds one connection. */
export function createPostgresClient(connectionString: string): SqlClient {
  const pool = new pg.Pool({ connectionString, max: 5 });
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
