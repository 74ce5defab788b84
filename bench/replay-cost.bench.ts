import { performance } from 'node:perf_hooks';
import { PRESETS } from '@/lib/presets';
import { openStoredReplay, type HeldReplay, type ReplayOpener, type StoredSessionText } from '@/lib/replay';
import { ok } from '@/lib/runtime';
import { createPooledReplayOpener } from '@/lib/sandbox/pool/open-replay-in-pool';
import { createSandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import { prepareStoredSession } from '@/lib/sessions/record/prepare-stored-session';
import { SESSION_RECORD_VERSION } from '@/lib/sessions/record/session-record';
import { buildSandboxWorker } from '../scripts/build-sandbox-worker.mjs';
import { emitFigure } from './support/figure';
import { median } from './support/statistics';

/**
 * What one replay of a maximal stored record costs the HTTP thread, apart from running its turn
 * (the same either way): reading the record, handing the turn over, comparing the events and
 * checking the assertions. Measured as the main thread's active time (event-loop utilization)
 * from the stored text to the report, for the path that parses on the HTTP thread (as Replay did)
 * and for the sandbox worker's, on records of 4.7 MB: 390,000 short texts in the recorded events, or
 * 380,000 in the tape (four exchanges just under the per-exchange bound). The turn "runs" as
 * producing no events, so the whole record is compared. `--runs=N` (default 5) per figure.
 */
const RUNS = Number(process.argv.find((argument) => argument.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
const ID = 'BBBBBBBBBBBBBBBBBBBBBB';
const preset = PRESETS[0]!;

function record(turnEnd: Record<string, unknown>, tape: unknown[]): string {
  const turn = {
    turnId: 'turn_1',
    request: { source: preset.source, messages: [{ role: 'user', content: 'hi' }], model: { provider: 'auto', seed: 3 }, toolSearch: 'v2' },
    tape,
    approvals: [],
    outputs: [],
    events: [{ type: 'turn-end', turnId: 'turn_1', seq: 0, at: 1, reason: 'completed', iterations: 1, finalText: 'Done.', ...turnEnd }],
  };
  const file = { version: SESSION_RECORD_VERSION, id: ID, createdAt: '2026-01-01T00:00:00.000Z', playground: { source: preset.source, message: 'hi', model: { provider: 'auto', seed: 3 }, permissions: { mode: preset.permissionMode }, mode: 'chat' }, turns: [turn] };
  const prepared = prepareStoredSession({ kind: 'import', id: ID, createdAt: '2026-01-01T00:00:00.000Z', text: JSON.stringify(file) });
  if (!prepared.ok) throw new Error(prepared.error.message);
  return prepared.value.body;
}

/** `count` distinct nine-character texts: near the record's 5 MB and its 400,000 values at once. */
const texts = (count: number, tag: string) => Array.from({ length: count }, (_, index) => `${tag}${String(index).padStart(8, '0')}`);
const exchange = { request: { input: [] }, response: { output: [] }, status: 200 };
const CASES = [
  { name: 'tiny-values-events', text: record({ result: texts(390_000, 'e') }, [exchange]) },
  { name: 'tiny-values-tape', text: record({}, Array.from({ length: 4 }, (_, index) => ({ ...exchange, response: texts(95_000, String(index)) }))) },
];

/** The former path: the record parsed and compared on the calling thread. */
const openHere: ReplayOpener = async (session) => {
  const opened = openStoredReplay(session);
  if (!opened.ok) return opened;
  const replay = opened.value;
  const held: HeldReplay = { step: replay.first(), advance: async (replayed) => ok(replay.advance(replayed)), close: () => undefined };
  return ok(held);
};

/** Main-thread active milliseconds of one replay from the stored text to its report. */
async function measure(open: ReplayOpener, session: StoredSessionText): Promise<number> {
  const before = performance.eventLoopUtilization();
  const opened = await open(session);
  if (!opened.ok) throw new Error(opened.error.message);
  let step = opened.value.step;
  while (step.kind === 'turn') {
    const next = await opened.value.advance(ok([]));
    if (!next.ok) throw new Error(next.error.message);
    step = next.value;
  }
  opened.value.close();
  if (step.report.identical) throw new Error('A replay that produced nothing should differ from its recording.');
  return performance.eventLoopUtilization(before).active;
}

await buildSandboxWorker();
const pool = createSandboxPool({ size: 1 });
try {
  const inWorker = createPooledReplayOpener(pool);
  // Warms the worker and this thread's code paths.
  await measure(inWorker, { id: ID, text: CASES[0]!.text });
  await measure(openHere, { id: ID, text: CASES[0]!.text });
  for (const { name, text } of CASES) {
    for (const [path, open] of [
      ['http-thread-parse', openHere],
      ['worker', inWorker],
    ] as const) {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await measure(open, { id: ID, text }));
      emitFigure({
        bench: `replay-cost.${name}.${path}`,
        value: median(samples),
        unit: 'ms',
        note: `HTTP thread's active time for one replay of a ${(text.length / 1e6).toFixed(2)} MB record (median of ${RUNS}, max ${Math.max(...samples).toFixed(1)} ms), its turn aside`,
      });
    }
  }
} finally {
  await pool.close();
}
