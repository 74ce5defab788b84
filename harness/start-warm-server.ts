import { startServer, READY_TIMEOUT_MS, type AbuseServer, type StartServerOptions } from './start-server';
import { formatLatency, type LatencyReport } from './sample-latency';
import { WARM_UP_BUDGET_MS, warmUp } from './warm-up';

const ATTEMPTS = 2;
/** What one attempt may take at most (start, then warm-up), times the attempts, with slack for stopping. */
export const WARM_START_BUDGET_MS = ATTEMPTS * (READY_TIMEOUT_MS + WARM_UP_BUDGET_MS) + 30_000;

/**
 * Starts a production server and warms it up, printing how long each phase took. A cold start
 * is not what an attack measures: when one attempt fails (no health answer, or the warm-up turn
 * did not complete), the reason and the server's output are printed and a fresh server is
 * started once more; a second failure throws with both reasons.
 */
export async function startWarmServer(options: StartServerOptions = {}): Promise<AbuseServer> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const began = performance.now();
    let server: AbuseServer | undefined;
    try {
      server = await startServer(options);
      const healthyMs = performance.now() - began;
      const latency: LatencyReport = await warmUp(server.baseURL);
      console.log(`warm-up (first compile and turn): healthy after ${Math.round(healthyMs)} ms, warm after ${Math.round(performance.now() - began)} ms; ${formatLatency(latency)}`);
      return server;
    } catch (error) {
      const reason = `attempt ${attempt} failed after ${Math.round(performance.now() - began)} ms: ${error instanceof Error ? error.message : String(error)}`;
      failures.push(`${reason}\n--- server output ---\n${server?.readOutput() ?? '(none)'}`);
      console.warn(`server start: ${reason}`);
      await server?.stop();
    }
  }
  throw new Error(`the server could not be started and warmed up:\n${failures.join('\n')}`);
}
