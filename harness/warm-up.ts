import { NORMAL_TURN } from './attack-modules';
import { compileModule } from './compile-module';
import { runTurn, turnBody, turnEnd } from './run-turn';
import { formatLatency, sampleLatency, type LatencyReport } from './sample-latency';

/**
 * Runs one compile and one small turn to the end (it opens the session database and warms the
 * sandbox pool), so an attack measured next is not charged with the server's cold start.
 * Resolves with the health latency during the warm-up, for reporting.
 */
export async function warmUp(baseURL: string): Promise<LatencyReport> {
  const work = (async () => {
    await compileModule(baseURL, NORMAL_TURN.source);
    const run = await runTurn(baseURL, turnBody({ ...NORMAL_TURN, message: 'Echo it.' }), { timeoutMs: 30_000 });
    if (turnEnd(run)?.reason !== 'completed') throw new Error(`the warm-up turn did not complete (HTTP ${run.status}, ${run.events.length} events)`);
  })();
  const [latency] = await Promise.all([sampleLatency(baseURL, work), work]);
  return latency;
}

/** Prints the warm-up's health latency: a cold start that stalls the HTTP thread shows here. */
export function reportWarmUp(report: LatencyReport): void {
  console.log(`warm-up (first compile and turn): ${formatLatency(report)}`);
}
