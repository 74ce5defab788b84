// Server-only: the process-wide session store, chosen from the environment.
import path from 'node:path';
import { createPgliteClient, createPostgresClient, createSqlSessionStore, readSessionStorageLimits, type SessionStore } from '@/lib/sessions/store';
import { createPooledSessionChecker, getSandboxPool } from '@/lib/sandbox/pool';
import type { SessionChecker } from '@/lib/sessions';
import { err, type Result } from '@/lib/runtime';
import { describeStorageFailure, type SessionError } from '@/lib/sessions';

/** Where the embedded database lives when no DATABASE_URL is set. */
export const DEFAULT_PGLITE_DIR = path.join('data', 'pglite');

export type SessionStoreEnvironment = { DATABASE_URL?: string; PGLITE_DATA_DIR?: string };

/** PostgreSQL when `DATABASE_URL` is set (several instances share it), else embedded PGlite on disk; older records are checked by `checker`. */
export async function openSessionStore(env: SessionStoreEnvironment, checker: SessionChecker): Promise<SessionStore> {
  const client = env.DATABASE_URL ? createPostgresClient(env.DATABASE_URL) : await createPgliteClient(env.PGLITE_DATA_DIR || DEFAULT_PGLITE_DIR);
  try {
    return await createSqlSessionStore(client, { checker, storage: readSessionStorageLimits() });
  } catch (error) {
    await client.close().catch((closeError: unknown) => console.error('Closing the session database failed:', closeError));
    throw error;
  }
}

const globalKey = Symbol.for('tool-runtime-playground.session-store');

/** One store per server process, surviving hot reloads; a failed open is retried on the next call. */
export function getSessionStore(): Promise<SessionStore> {
  const holder = globalThis as typeof globalThis & { [globalKey]?: Promise<SessionStore> };
  const existing = holder[globalKey];
  if (existing) return existing;
  const opening = openSessionStore({ DATABASE_URL: process.env.DATABASE_URL, PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR }, getSessionChecker());
  holder[globalKey] = opening;
  opening.catch(() => {
    if (holder[globalKey] === opening) delete holder[globalKey];
  });
  return opening;
}

/** Where this process checks records and finished turns before storing them: the sandbox worker pool. */
export function getSessionChecker(): SessionChecker {
  return createPooledSessionChecker(getSandboxPool());
}

/** Runs `work` with the process store; a database that cannot be opened is a `storage-failed` value. */
export async function withSessionStore<T>(work: (store: SessionStore) => Promise<Result<T, SessionError>>): Promise<Result<T, SessionError>> {
  let store: SessionStore;
  try {
    store = await getSessionStore();
  } catch (error) {
    return err(describeStorageFailure(error));
  }
  return work(store);
}
