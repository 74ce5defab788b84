import { z } from 'zod';
import { median, readPeakRssMegabytes } from '../support/statistics';

/** The shared workload: every runtime drives the same script through the same no-op tool. */
export const WORKLOAD = {
  iterations: 20,
  callsPerIteration: 5,
  warmUpRuns: 5,
  measuredRuns: 30,
} as const;

export const CALLS_PER_RUN = WORKLOAD.iterations * WORKLOAD.callsPerIteration;

export const NOOP_TOOL = {
  name: 'noop',
  description: 'Does nothing; the benchmark measures the loop around it.',
  schema: z.object({ id: z.number().int(), label: z.string() }),
} as const;

export const USER_MESSAGE = 'Run the no-op tool as scripted.';
export const FINAL_TEXT = 'done';

/** The raw argument string of call `position` (0-based) in iteration `iteration`. */
export function formatNoopArguments(iteration: number, position: number): string {
  return JSON.stringify({ id: iteration * WORKLOAD.callsPerIteration + position, label: `call ${position}` });
}

/** What a runner child prints: one line starting with this prefix, then JSON. */
export const RESULT_PREFIX = 'LOOP_RESULT ';

export type LoopResult = {
  runner: string;
  /** Median wall time per call over the measured runs. */
  microsPerCall: number;
  /** CPU time (user + system) per call over all measured runs: less sensitive to a busy machine. */
  cpuMicrosPerCall: number;
  peakRssMb: number;
  runs: number;
};

/**
 * Warms up, then times `runOnce` (one whole scripted turn of CALLS_PER_RUN calls) and
 * prints the median µs per call. The model answers instantly and the tool does nothing,
 * so all of the wall time is the runtime's own overhead.
 */
export async function measureLoop(runner: string, runOnce: () => Promise<number>): Promise<void> {
  for (let run = 0; run < WORKLOAD.warmUpRuns; run += 1) await runVerified(runOnce);
  const samples: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let run = 0; run < WORKLOAD.measuredRuns; run += 1) {
    const started = performance.now();
    await runVerified(runOnce);
    samples.push(((performance.now() - started) * 1000) / CALLS_PER_RUN);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMicrosPerCall = (cpu.user + cpu.system) / (WORKLOAD.measuredRuns * CALLS_PER_RUN);
  const result: LoopResult = { runner, microsPerCall: median(samples), cpuMicrosPerCall, peakRssMb: readPeakRssMegabytes(), runs: samples.length };
  console.log(`${RESULT_PREFIX}${JSON.stringify(result)}`);
}

/** Each runner returns how many tool executions it saw; anything but the full count is a broken run. */
async function runVerified(runOnce: () => Promise<number>): Promise<void> {
  const executed = await runOnce();
  if (executed !== CALLS_PER_RUN) throw new Error(`Expected ${CALLS_PER_RUN} tool executions, saw ${executed}.`);
}
