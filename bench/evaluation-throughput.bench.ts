import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvaluationEvent, EvaluationRequestBody } from '@/lib/contract';
import { emitFigure } from './support/figure';
import { createLookupModule } from './support/lookup-module';

/**
 * An evaluation of 100 runs of a three-iteration turn (the embedded scripted model, three calls of
 * a tool that sleeps 10 ms per iteration) through POST /api/evaluations in this process: each run a
 * real turn in the sandbox pool, stored as a session in embedded PGlite, at the evaluation's
 * concurrency of 4. Wall time from the request to `evaluation-end`, and runs per second.
 * Goal: under 5 s on 2 cores.
 */
const RUNS = 100;
const GOAL_MS = 5_000;

const source = createLookupModule(10);

const script = [
  ...[0, 1, 2].map((iteration) => ({ calls: [0, 1, 2].map((position) => ({ name: 'lookup', arguments: JSON.stringify({ key: `k${iteration}-${position}` }) })) })),
  { text: 'Done.' },
];

function body(runs: number): EvaluationRequestBody {
  return {
    title: 'bench',
    turn: { messages: [{ role: 'user', content: 'Look up nine keys.' }], permissions: { mode: 'auto' } },
    runs,
    models: [{ provider: 'scripted', script }],
    variants: [{ label: 'A', source }],
    assertions: [{ kind: 'tool-called', name: 'lookup', called: true, times: { min: 9 } }, { kind: 'max-iterations', max: 4 }],
  };
}

async function runEvaluation(post: (request: Request) => Promise<Response>, runs: number, address: string): Promise<{ wallMs: number; events: EvaluationEvent[] }> {
  const started = performance.now();
  const response = await post(
    new Request('http://localhost/api/evaluations', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify(body(runs)) }),
  );
  if (response.status !== 200) throw new Error(`POST /api/evaluations answered ${response.status}: ${await response.text()}`);
  const text = await response.text();
  const wallMs = performance.now() - started;
  const events = text.split('\n\n').filter((chunk) => chunk.startsWith('data: ')).map((chunk) => JSON.parse(chunk.slice(6)) as EvaluationEvent);
  return { wallMs, events };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-evaluations-'));
  process.env.PGLITE_DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  const { POST } = await import('@/app/api/evaluations/route');
  const { getSessionStore } = await import('@/lib/server/sessions');
  try {
    // Warm: the pool's workers, the store's migrations, the compile cache.
    await runEvaluation(POST, 4, '198.18.0.1');
    const cpuBefore = process.cpuUsage();
    const { wallMs, events } = await runEvaluation(POST, RUNS, '198.18.0.2');
    const cpu = process.cpuUsage(cpuBefore);
    const outcomes = events.flatMap((event) => (event.type === 'run-end' ? [event.outcome] : []));
    const completed = outcomes.filter((outcome) => outcome.status === 'completed' && outcome.iterations === 4 && outcome.sessionId !== null).length;
    const note = `${completed}/${RUNS} runs completed with 4 model requests (3 with calls) and stored; goal < ${GOAL_MS} ms`;
    // Runs that failed early (a stale sandbox worker bundle, a store error) finish fast: no figure then, only why.
    const measured = completed === RUNS;
    emitFigure({ bench: 'evaluation.100-runs.wall', value: measured ? wallMs : null, unit: 'ms', note: measured ? note : `${note}; not a figure: ${describeFirstFailure(outcomes)}` });
    emitFigure({ bench: 'evaluation.runs-per-second', value: measured ? (RUNS / wallMs) * 1000 : null, unit: 'runs/s' });
    // Every thread of the process (HTTP thread and sandbox workers): what the runs cost whatever else the machine runs.
    emitFigure({ bench: 'evaluation.100-runs.cpu', value: (cpu.user + cpu.system) / 1000, unit: 'ms', note: 'CPU time of all threads (user + system) during the 100 runs' });
    const latencies = outcomes.map((outcome) => outcome.latencyMs).sort((a, b) => a - b);
    emitFigure({ bench: 'evaluation.run-latency.p50', value: latencies[Math.floor(latencies.length / 2)] ?? null, unit: 'ms' });
  } finally {
    await (await getSessionStore()).close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

void main();

/** The first run that did not complete, in a few words. */
function describeFirstFailure(outcomes: readonly { status: string; error?: { message: string } }[]): string {
  const failed = outcomes.find((outcome) => outcome.status !== 'completed');
  return failed ? `a run ended ${failed.status}${failed.error ? ` (${failed.error.message.slice(0, 160)})` : ''}` : 'runs ended with other iterations or unstored';
}
