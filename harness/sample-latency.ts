const SAMPLE_INTERVAL_MS = 100;
const SAMPLE_TIMEOUT_MS = 5_000;

/** `/api/health` latency while an attack ran; a probe that failed or timed out counts as its timeout. */
export type LatencyReport = {
  samples: number;
  /** Probes that failed (refused, reset, not 200) or hit their 5 s timeout. */
  failures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The server's own event-loop delay over the attack, as the probes reported it (p99 of any window, max). */
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
};

type Probe = { ms: number; ok: boolean; eventLoopDelay?: { p99Ms: number; maxMs: number } };

/**
 * While `during` runs, GETs `/api/health` every 100 ms, each probe on its own 5 s timeout and
 * not waiting for the previous one (a stalled HTTP thread shows as long probes, not as fewer).
 * Resolves once `during` settled and every probe in flight has answered or timed out.
 */
export async function sampleLatency(baseURL: string, during: Promise<unknown>): Promise<LatencyReport> {
  const probes: Promise<Probe>[] = [];
  let running = true;
  const settled = Promise.allSettled([during]).then(() => {
    running = false;
  });
  probes.push(probeHealth(baseURL));
  while (running) {
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, SAMPLE_INTERVAL_MS))]);
    if (running) probes.push(probeHealth(baseURL));
  }
  const results = await Promise.all(probes);
  return summarizeLatencies(results);
}

/** One timed GET /api/health. */
export async function probeHealth(baseURL: string): Promise<Probe> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(SAMPLE_TIMEOUT_MS), cache: 'no-store' });
    const body = (await response.json()) as { ok?: unknown; eventLoopDelay?: Probe['eventLoopDelay'] };
    return { ms: performance.now() - started, ok: response.status === 200 && body.ok === true, eventLoopDelay: body.eventLoopDelay };
  } catch {
    // Refused, reset or timed out: what the user sees is "no answer within the timeout".
    return { ms: Math.max(performance.now() - started, SAMPLE_TIMEOUT_MS), ok: false };
  }
}

export function summarizeLatencies(results: readonly Probe[]): LatencyReport {
  const delays = results.flatMap((result) => (result.eventLoopDelay ? [result.eventLoopDelay] : []));
  const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    samples: sorted.length,
    failures: results.filter((result) => !result.ok).length,
    p50Ms: round(pick(0.5)),
    p99Ms: round(pick(0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
    eventLoopP99Ms: round(Math.max(0, ...delays.map((delay) => delay.p99Ms))),
    eventLoopMaxMs: round(Math.max(0, ...delays.map((delay) => delay.maxMs))),
  };
}

export function formatLatency(report: LatencyReport): string {
  return `health latency p50 ${report.p50Ms} ms, p99 ${report.p99Ms} ms, max ${report.maxMs} ms over ${report.samples} probes (${report.failures} failed); event-loop delay p99 ${report.eventLoopP99Ms} ms, max ${report.eventLoopMaxMs} ms`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
