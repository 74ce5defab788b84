// `npm run sessions:delete -- <id> [<id> …]`: the operator's command to delete stored sessions by id.
// With DATABASE_URL it deletes from that PostgreSQL (instances may keep serving); without it, from the
// embedded database in PGLITE_DATA_DIR (default ./data/pglite), which only one process may open:
// stop the server first.
import path from 'node:path';

const ids = process.argv.slice(2);
if (ids.length === 0 || ids.some((id) => !/^[A-Za-z0-9_-]{22}$/.test(id))) {
  console.error('Usage: npm run sessions:delete -- <session id> [<session id> …]  (ids are the 22 characters after /s/)');
  process.exit(2);
}

async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dataDir = process.env.PGLITE_DATA_DIR || path.join('data', 'pglite');
  const db = await PGlite.create({ dataDir });
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}

const database = await openDatabase();
try {
  let missing = 0;
  for (const id of ids) {
    const deleted = await database.query('DELETE FROM sessions WHERE id = $1 RETURNING id', [id]);
    if (deleted.length > 0) console.log(`Deleted session ${id}.`);
    else {
      missing += 1;
      console.log(`No session ${id}.`);
    }
  }
  process.exitCode = missing > 0 ? 1 : 0;
} finally {
  await database.close();
}
