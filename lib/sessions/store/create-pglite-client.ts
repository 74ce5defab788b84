// Server-only: the embedded database, PostgreSQL compiled to WASM; no server, no native build.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { SqlClient, SqlQuery } from './sql-client';

/** An embedded database in `dataDir`, or in memory when no directory is given (tests). */
export async function createPgliteClient(dataDir?: string): Promise<SqlClient> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const query: SqlQuery = async <Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) =>
    (await db.query<Row>(text, [...params])).rows;
  return {
    kind: 'pglite',
    query,
    transaction: (work) =>
      db.transaction((tx) =>
        work(async <Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) => (await tx.query<Row>(text, [...params])).rows),
      ),
    close: () => db.close(),
  };
}
