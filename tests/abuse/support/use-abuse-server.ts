import { afterAll, beforeAll } from 'vitest';
import { type AbuseServer, type StartServerOptions } from '../../../harness/start-server';
import { startWarmServer, WARM_START_BUDGET_MS } from '../../../harness/start-warm-server';

/**
 * One production server for a test file: started and warmed up (first compile and turn, so no
 * attack is charged with them) before its tests, always stopped after them.
 */
export function useAbuseServer(options: StartServerOptions = {}): { baseURL(): string; server(): AbuseServer } {
  let started: AbuseServer | undefined;
  beforeAll(async () => {
    started = await startWarmServer(options);
  }, WARM_START_BUDGET_MS);
  afterAll(async () => {
    await started?.stop();
  });
  const server = () => {
    if (!started) throw new Error('the server did not start');
    return started;
  };
  return { server, baseURL: () => server().baseURL };
}
