import { mkdtempSync, rmSync } from 'node:fs';
import { Agent as HttpAgent, get as httpGet, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSseParser } from '@/lib/client/api';
import { emitFigure } from './support/figure';
import { createLookupModule } from './support/lookup-module';
import { startProductionServer } from './support/production-server';
import { median, quantile } from './support/statistics';

/**
 * N concurrent turns against the production server on loopback (SSE): turns/s, time to
 * first event and to sandbox-ready, each beside its figure before and its goal, and a check that
 * every stream began with turn-start, sandbox-ready and ended with turn-end, with dense seq.
 * `--concurrency=N` (default 8); figures at another concurrency are named `throughput.cN.*`.
 *
 * Turn limits are per client address, so each concurrent worker stands for its own visitor:
 * the server trusts one proxy hop (PLAYGROUND_TRUST_PROXY=1) and each worker sends its own
 * X-Forwarded-For from the benchmarking range 198.18.0.0/15.
 */
const CONCURRENCY = readConcurrency(process.argv.slice(2));
const TOTAL_TURNS = Math.max(48, CONCURRENCY * 3);
const FIGURE_PREFIX = CONCURRENCY === 8 ? 'throughput' : `throughput.c${CONCURRENCY}`;
const ITERATIONS = 3;
const CALLS_PER_ITERATION = 3;
const TOOL_SLEEP_MS = 10;
const TURN_TIMEOUT_MS = 30_000;
const BENCH_BUDGET_MS = 120_000;

/**
 * The figures before the first event stopped waiting for the sandbox (issue "Live and fast": at 8
 * concurrent 8.2 turns/s, first event p50 417 / p95 880 ms; at 50, p50 2.6 / p95 3.6 s; the
 * worker pool then made 8 concurrent 12.0 turns/s and 50 concurrent 12.7), and the goals.
 */
const BEFORE: Record<number, { turnsPerSecond: number; firstEventP50: number; firstEventP95: number }> = {
  8: { turnsPerSecond: 8.2, firstEventP50: 417, firstEventP95: 880 },
  50: { turnsPerSecond: 12.7, firstEventP50: 2600, firstEventP95: 3600 },
};
const GOALS = { turnsPerSecondAtEight: 2 * 8.2, firstEventP95AtFifty: 100 };

const source = createLookupModule(TOOL_SLEEP_MS);

// Scripted with the exact shape (3 iterations × 3 calls); the auto model makes one round of calls.
const script = [
  ...Array.from({ length: ITERATIONS }, (_, iteration) => ({
    calls: Array.from({ length: CALLS_PER_ITERATION }, (_, position) => ({ name: 'lookup', arguments: JSON.stringify({ key: `k${iteration}-${position}` }) })),
  })),
  { text: 'All keys looked up.' },
];

function readConcurrency(args: readonly string[]): number {
  const value = Number(args.find((arg) => arg.startsWith('--concurrency='))?.slice('--concurrency='.length) ?? 8);
  if (!Number.isInteger(value) || value < 1 || value > 500) throw new Error(`--concurrency must be an integer from 1 to 500, got ${value}`);
  return value;
}

/** `firstWave`: one of the first CONCURRENCY turns, which arrive together as one burst of requests. */
type TurnSample = { ok: true; firstEventMs: number; sandboxReadyMs: number; totalMs: number; firstWave?: boolean } | { ok: false; problem: string; refused?: boolean };

/** A client address of its own for worker `index` (198.18.0.0/15 is reserved for benchmarks). */
function workerAddress(index: number): string {
  return `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/**
 * The client: node:http with a keep-alive agent, one connection per concurrent visitor (the first
 * wave opens them, later turns reuse them, as a browser does). It shares the machine's cores with
 * the server; undici's fetch cost it 1–2 ms per request there, so fifty requests sent "at once"
 * left the client over ~100 ms and that wait was counted as the server's.
 */
const agent = new HttpAgent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** Every turn sends the same body, built once: the client's own work per request stays small. */
const turnBody = JSON.stringify({ source, messages: [{ role: 'user', content: 'Look up the keys.' }], model: { provider: 'scripted', script }, maxIterations: ITERATIONS + 1 });
const turnBodyBytes = Buffer.byteLength(turnBody);

function runOneTurn(baseUrl: string, clientId: string, address: string): Promise<TurnSample> {
  const started = performance.now();
  return new Promise<TurnSample>((resolve) => {
    const headers = { 'content-type': 'application/json', 'content-length': turnBodyBytes, 'x-playground-client': clientId, 'x-forwarded-for': address };
    const request = httpRequest(`${baseUrl}/api/turns`, { method: 'POST', agent, headers, timeout: TURN_TIMEOUT_MS }, (response) => {
      response.setEncoding('utf8');
      if (response.statusCode !== 200) {
        let text = '';
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ ok: false, refused: response.statusCode === 429, problem: `HTTP ${response.statusCode}: ${text.slice(0, 200)}` }));
        return;
      }
      const parser = createSseParser();
      const events: { type: string; seq: number }[] = [];
      let firstEventMs: number | undefined;
      let sandboxReadyMs: number | undefined;
      response.on('data', (chunk: string) => {
        for (const data of parser.push(chunk)) {
          firstEventMs ??= performance.now() - started;
          const event = JSON.parse(data) as { type: string; seq: number };
          if (event.type === 'sandbox-ready') sandboxReadyMs = performance.now() - started;
          events.push(event);
        }
      });
      response.on('end', () => {
        for (const data of parser.flush()) events.push(JSON.parse(data) as { type: string; seq: number });
        const totalMs = performance.now() - started;
        const problem = findStreamProblem(events);
        resolve(problem ? { ok: false, problem } : { ok: true, firstEventMs: firstEventMs ?? totalMs, sandboxReadyMs: sandboxReadyMs ?? totalMs, totalMs });
      });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TURN_TIMEOUT_MS} ms`)));
    request.on('error', (error) => resolve({ ok: false, problem: error.message }));
    request.end(turnBody);
  });
}

/** A complete stream: seq 0..n-1 with no gap, turn-start then sandbox-ready, nine tool outputs, and turn-end (completed) last. */
function findStreamProblem(events: readonly { type: string; seq: number }[]): string | undefined {
  const gap = events.findIndex((event, index) => event.seq !== index);
  if (gap !== -1) return `seq not dense at position ${gap} (got ${events[gap]?.seq})`;
  if (events[0]?.type !== 'turn-start' || events[1]?.type !== 'sandbox-ready') return `stream began with ${events.slice(0, 2).map((event) => event.type).join(', ')}, not turn-start, sandbox-ready`;
  const last = events.at(-1) as { type: string; reason?: string } | undefined;
  if (last?.type !== 'turn-end') return `stream ended with ${last?.type ?? 'no event'}, not turn-end`;
  if (last.reason !== 'completed') return `turn ended with ${last.reason}`;
  const outputs = events.filter((event) => event.type === 'tool-output').length;
  if (outputs !== ITERATIONS * CALLS_PER_ITERATION) return `${outputs} tool outputs, expected ${ITERATIONS * CALLS_PER_ITERATION}`;
  return undefined;
}

/**
 * CONCURRENCY requests to `/api/health` at once, each from its own address on a connection of its
 * own (closed after it, so the turns that follow still open theirs, as visitors do): how long a
 * burst of this size waits on the server with no turn running.
 */
async function measureHealthBurst(baseUrl: string): Promise<number[]> {
  const probe = (address: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const request = httpGet(`${baseUrl}/api/health`, { agent: false, headers: { 'x-forwarded-for': address }, timeout: TURN_TIMEOUT_MS }, (response) => {
        response.resume();
        response.on('end', () => resolve(performance.now() - started));
      });
      request.on('timeout', () => request.destroy(new Error('health probe timed out')));
      request.on('error', reject);
    });
  await probe(workerAddress(CONCURRENCY + 1));
  return Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => probe(workerAddress(index))));
}

async function runLoad(baseUrl: string): Promise<{ samples: TurnSample[]; wallMs: number }> {
  const samples: TurnSample[] = [];
  const deadline = Date.now() + BENCH_BUDGET_MS;
  let issued = 0;
  const started = performance.now();
  const worker = async (workerIndex: number) => {
    while (issued < TOTAL_TURNS && Date.now() < deadline) {
      issued += 1;
      const firstWave = issued <= CONCURRENCY;
      try {
        const sample = await runOneTurn(baseUrl, `bench-${workerIndex}`, workerAddress(workerIndex));
        samples.push(sample.ok ? { ...sample, firstWave } : sample);
      } catch (error) {
        samples.push({ ok: false, problem: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => worker(index)));
  return { samples, wallMs: performance.now() - started };
}

// The server inherits this environment: a throwaway database, and one trusted proxy hop.
const dataDirectory = mkdtempSync(join(tmpdir(), 'trp-bench-throughput-'));
process.env.PGLITE_DATA_DIR = dataDirectory;
process.env.PLAYGROUND_TRUST_PROXY = '1';
const started = await startProductionServer();
if (!started.ok) {
  console.log(`Turn throughput: ${started.reason}`);
  emitFigure({ bench: `${FIGURE_PREFIX}.turns-per-second`, value: null, unit: 'turns/s', note: started.reason });
} else {
  try {
    const { baseUrl } = started.server;
    await runOneTurn(baseUrl, 'bench-warm-up', workerAddress(CONCURRENCY));
    const healthBurst = await measureHealthBurst(baseUrl);
    const { samples, wallMs } = await runLoad(baseUrl);
    const good = samples.filter((sample): sample is Extract<TurnSample, { ok: true }> => sample.ok);
    const broken = samples.filter((sample): sample is Extract<TurnSample, { ok: false }> => !sample.ok);
    const refused = broken.filter((sample) => sample.refused).length;
    const firstEvents = good.map((sample) => sample.firstEventMs);
    console.log(`Turn throughput: ${samples.length} turns (${ITERATIONS} iterations × ${CALLS_PER_ITERATION} calls, tools sleep ${TOOL_SLEEP_MS} ms), ${CONCURRENCY} concurrent, ${(wallMs / 1000).toFixed(1)} s.`);
    for (const sample of broken.slice(0, 5)) console.log(`  broken stream: ${sample.problem}`);
    const turnsPerSecond = (good.length * 1000) / wallMs;
    const firstEventP95 = quantile(firstEvents, 0.95);
    const sandboxReady = good.map((sample) => sample.sandboxReadyMs);
    const before = BEFORE[CONCURRENCY];
    const turnsGoal = CONCURRENCY === 8 ? `; goal ≥ ${GOALS.turnsPerSecondAtEight.toFixed(1)} ${turnsPerSecond >= GOALS.turnsPerSecondAtEight ? 'met' : 'missed'}` : '';
    const firstEventGoal = CONCURRENCY === 50 ? `; goal ≤ ${GOALS.firstEventP95AtFifty} ms ${firstEventP95 <= GOALS.firstEventP95AtFifty ? 'met' : 'missed'}` : '';
    emitFigure({ bench: `${FIGURE_PREFIX}.turns-per-second`, value: turnsPerSecond, unit: 'turns/s', note: `${CONCURRENCY} concurrent, ${good.length} turns${before ? `; before ${before.turnsPerSecond}` : ''}${turnsGoal}` });
    emitFigure({ bench: `${FIGURE_PREFIX}.first-event.p50`, value: median(firstEvents), unit: 'ms', note: before ? `before ${before.firstEventP50} ms` : '' });
    emitFigure({ bench: `${FIGURE_PREFIX}.first-event.p95`, value: firstEventP95, unit: 'ms', note: `${before ? `before ${before.firstEventP95} ms` : ''}${firstEventGoal}` });
    const laterFirstEvents = good.filter((sample) => !sample.firstWave).map((sample) => sample.firstEventMs);
    const laterP95 = quantile(laterFirstEvents, 0.95);
    const laterGoal = CONCURRENCY === 50 ? `; goal ≤ ${GOALS.firstEventP95AtFifty} ms ${laterP95 <= GOALS.firstEventP95AtFifty ? 'met' : 'missed'} for these` : '';
    emitFigure({
      bench: `${FIGURE_PREFIX}.first-event.after-first-wave.p95`,
      value: laterP95,
      unit: 'ms',
      note: `the ${laterFirstEvents.length} turns started while ${CONCURRENCY - 1} others ran; the first ${CONCURRENCY} arrive as one burst${laterGoal}`,
    });
    emitFigure({
      bench: `${FIGURE_PREFIX}.health-burst.p95`,
      value: quantile(healthBurst, 0.95),
      unit: 'ms',
      note: `${CONCURRENCY} GET /api/health at once before the turns, each on a new connection (max ${Math.round(Math.max(...healthBurst))} ms): what a burst of this size waits with no turn running`,
    });
    emitFigure({ bench: `${FIGURE_PREFIX}.sandbox-ready.p50`, value: median(sandboxReady), unit: 'ms', note: 'request → sandbox-ready (module evaluated in a copied context)' });
    emitFigure({ bench: `${FIGURE_PREFIX}.sandbox-ready.p95`, value: quantile(sandboxReady, 0.95), unit: 'ms' });
    emitFigure({ bench: `${FIGURE_PREFIX}.turn-duration.p50`, value: median(good.map((sample) => sample.totalMs)), unit: 'ms' });
    emitFigure({
      bench: `${FIGURE_PREFIX}.complete-streams`,
      value: good.length,
      unit: `of ${samples.length}`,
      note:
        broken.length === 0
          ? 'every stream ended with turn-end, seq dense'
          : `${broken.length} not complete${refused > 0 ? ` (${refused} refused with 429)` : ''}: ${broken[0]?.problem ?? ''}`,
    });
  } finally {
    agent.destroy();
    await started.server.stop();
  }
}
rmSync(dataDirectory, { recursive: true, force: true });
