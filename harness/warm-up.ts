import { NORMAL_TURN } from './attack-modules';
import { compileModule } from './compile-module';
import { runTurn, turnBody, turnEnd } from './run-turn';
import { sampleLatency, type LatencyReport } from './sample-latency';

const WARM_UP_STEP_MS = 30_000;
/** The most a warm-up takes: its compile and its turn, each bounded, and the health probes' last timeout. */
export const WARM_UP_BUDGET_MS = 2 * WARM_UP_STEP_MS + 5_000;

/**
 * Runs one compile and one small turn to the end (it opens the session database and warms the
 * sandbox pool), so an attack measured next is not charged with the server's cold start.
 * Resolves with the health latency during the warm-up, for reporting.
 */
export async function warmUp(baseURL: string): Promise<LatencyReport> {
  const work = (async () => {
    await compileModule(baseURL, NORMAL_TURN.source, WARM_UP_STEP_MS);
    const run = await runTurn(baseURL, turnBody({ ...NORMAL_TURN, message: 'Echo it.' }), { timeoutMs: WARM_UP_STEP_MS });
    if (turnEnd(run)?.reason !== 'completed') throw new Error(`the warm-up turn did not complete (HTTP ${run.status}, ${run.events.length} events)`);
  })();
  const [latency] = await Promise.all([sampleLatency(baseURL, work), work]);
  return latency;
}
