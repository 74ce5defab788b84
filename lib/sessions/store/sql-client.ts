/** Runs one parameterized statement and returns its rows. */
export type SqlQuery = <Row extends Record<string, unknown>>(text: string, params?: readonly unknown[]) => Promise<Row[]>;

/**
 * The little the session store needs from a PostgreSQL-dialect database, so PGlite (embedded)
 * and a PostgreSQL server (`pg`) stay interchangeable behind it.
 */
export type SqlClient = {
  kind: 'pglite' | 'postgres';
  query: SqlQuery;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (query: SqlQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};
