import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { getSessionStore } from '@/lib/server/sessions/get-session-store';

/**
 * Gives the file's tests the process-wide session store on an embedded PGlite in a fresh temporary
 * directory (named after `prefix`), never `DATABASE_URL`'s; closes it and removes the directory after.
 */
export function useTemporarySessionStore(prefix: string): void {
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), prefix));
    process.env.PGLITE_DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
  });
  afterAll(async () => {
    await (await getSessionStore()).close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
}
