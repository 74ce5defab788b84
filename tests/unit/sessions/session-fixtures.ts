import type { RequestModelConfig, FinishedTurn } from '@/lib/contract';
import type { Preset } from '@/lib/presets';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { createPostgresClient } from '@/lib/sessions/store/create-postgres-client';
import { createSqlSessionStore, type SqlSessionStoreOptions } from '@/lib/sessions/store/create-sql-session-store';
import { migrateSessionRecord, SESSION_RECORD_VERSION, type SessionPlayground, type SessionRecord } from '@/lib/sessions/record/session-record';
import { createInlineSessionChecker } from '@/lib/sessions/record/session-checker';
import type { SessionStore } from '@/lib/sessions/store/session-store';
import type { SqlClient } from '@/lib/sessions/store/sql-client';
import { presetModel, runPresetTurn } from '../support/run-preset-turn';

/** Set by `.ci/run` (Debian's postgresql); without it the PostgreSQL variants are skipped. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Appended to the name of a PostgreSQL suite, which is reported as skipped without a server. */
export const POSTGRES_SKIP_NOTE = TEST_DATABASE_URL ? '' : ' (skipped: TEST_DATABASE_URL is not set)';

export type StoreBackend = { name: string; available: boolean; open: () => Promise<SqlClient> };

/** Each backend the store must behave the same on; PostgreSQL runs only when a server is available. */
export const STORE_BACKENDS: StoreBackend[] = [
  { name: 'PGlite (in memory)', available: true, open: () => createPgliteClient() },
  {
    name: `PostgreSQL (TEST_DATABASE_URL)${POSTGRES_SKIP_NOTE}`,
    available: Boolean(TEST_DATABASE_URL),
    open: () => (TEST_DATABASE_URL ? openIsolatedPostgres(TEST_DATABASE_URL) : Promise.reject(new Error('TEST_DATABASE_URL is not set.'))),
  },
];

/**
 * A client whose tables live in a fresh schema, so test files and repeated runs on one server
 * never see each other's rows; the schema is dropped when the client closes.
 */
async function openIsolatedPostgres(url: string): Promise<SqlClient> {
  const schema = `sessions_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = createPostgresClient(url);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const separator = url.includes('?') ? '&' : '?';
  const client = createPostgresClient(`${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`);
  return {
    ...client,
    async close() {
      await client.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

/** Checks records on the test's own thread (the server checks them in a sandbox worker: `createPooledSessionChecker`). */
export const TEST_CHECKER = createInlineSessionChecker();

export async function openTestStore(open: () => Promise<SqlClient>, options: Partial<SqlSessionStoreOptions> = {}): Promise<{ store: SessionStore; client: SqlClient }> {
  const client = await open();
  return { client, store: await createSqlSessionStore(client, { checker: TEST_CHECKER, ...options }) };
}

/** The model a preset runs on, with its script parsed. */
export { presetModel };

/** The playground fields a Share of this preset sends. */
export function presetPlayground(preset: Preset, model: RequestModelConfig = presetModel(preset)): SessionPlayground & { model: RequestModelConfig } {
  return {
    source: preset.source,
    ...(preset.script !== undefined ? { script: preset.script } : {}),
    ...(preset.resultSchema !== undefined ? { resultSchema: preset.resultSchema } : {}),
    ...(preset.files ? { files: preset.files } : {}),
    message: preset.message,
    model,
    permissions: { mode: preset.permissionMode },
    mode: preset.mode,
    ...(preset.maxIterations !== undefined ? { maxIterations: preset.maxIterations } : {}),
  };
}

/** Runs a preset through the server's turn stream, approving every approval request, and returns what it leaves behind. */
export async function recordPresetTurn(preset: Preset): Promise<FinishedTurn> {
  let finished: FinishedTurn | undefined;
  await runPresetTurn(preset, {
    clientId: `sessions-test-${preset.id}`,
    decide: () => ({ approved: true, reason: 'looks fine' }),
    onFinished: (turn) => {
      finished = turn;
    },
  });
  if (!finished) throw new Error(`${preset.id} ended without a finished turn.`);
  return finished;
}

/** A one-turn session of a preset as a reader gets it (migrated and checked); `assertions` go with it when given. */
export async function recordPresetSession(preset: Preset, assertions?: unknown[]): Promise<SessionRecord> {
  const { turnId, request, tape, approvals, outputs, events } = await recordPresetTurn(preset);
  const read = migrateSessionRecord({
    version: SESSION_RECORD_VERSION,
    id: 'AAAAAAAAAAAAAAAAAAAAAA',
    createdAt: '2026-01-01T00:00:00.000Z',
    playground: presetPlayground(preset),
    turns: [{ turnId, request, tape, approvals, outputs, events }],
    ...(assertions ? { assertions } : {}),
  });
  if (!read.ok) throw new Error(read.error);
  return read.value;
}
