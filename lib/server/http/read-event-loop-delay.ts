// Server-only: how long the HTTP thread's event loop has been kept waiting, for the health probe.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { processSingleton } from '@/lib/contract';

/** Event-loop delay since the previous reading: what a request arriving then would have waited. */
export type EventLoopDelay = { p99Ms: number; maxMs: number };

const RESOLUTION_MS = 10;

const getHistogram: () => IntervalHistogram = processSingleton('event-loop-delay', () => {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return histogram;
});

/** Reads and restarts the window; the first call starts the monitor. */
export function readEventLoopDelay(): EventLoopDelay {
  const histogram = getHistogram();
  // The histogram counts nanoseconds and includes the sampling interval itself.
  const toMs = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10);
  const delay = histogram.count > 0 ? { p99Ms: toMs(histogram.percentile(99)), maxMs: toMs(histogram.max) } : { p99Ms: 0, maxMs: 0 };
  histogram.reset();
  return delay;
}
