import { type RuntimeEvent, runTurn } from '@/lib/runtime';
import { createScriptedTestModel, type TestStep } from '@/lib/runtime/testing';
import { drainSandboxPool, prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { createSandboxTurn } from '@/lib/sandbox/turn/create-sandbox-turn';
import { emitFigure } from './support/figure';
import { median } from './support/statistics';

/**
 * Parallel efficiency through the REAL sandbox and runTurn: read-only calls that sleep
 * overlap (wall ≈ one sleep), and mixed batches take what the barrier model predicts.
 */
const SLEEP_MS = 50;
const WRITE_SLEEP_MS = 30;
const PARALLEL_CALLS = 8;
const RUNS = 10;

const source = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'read_item',
    description: 'Read one item (sleeps to stand for I/O).',
    schema: z.object({ id: z.number().int(), ms: z.number().int() }),
    isReadOnly: true,
    execute: async (args, ctx) => {
      await ctx.sleep(args.ms);
      return 'item ' + args.id;
    },
  }),
  defineTool({
    name: 'write_item',
    description: 'Write one item (sleeps to stand for I/O).',
    schema: z.object({ id: z.number().int(), ms: z.number().int() }),
    executionMode: 'sequential',
    execute: async (args, ctx) => {
      await ctx.sleep(args.ms);
      ctx.files.write('item-' + args.id, 'written');
      return 'wrote ' + args.id;
    },
  }),
];
`;

type Call = { kind: 'read' | 'write'; ms: number };

/** Runs one turn with one iteration of `calls`; returns the dispatch wall time and the runtime's plan. */
async function runBatch(calls: readonly Call[]): Promise<{ wallMs: number; startSpreadMs: number; batches: number[][] }> {
  // A warm pool up front: a background refill (which blocks the loop) must not land inside a measurement.
  await prewarmSandboxPool();
  const sandbox = await createSandboxTurn({ source, seed: 1, clockStart: 0 });
  if (!sandbox.ok) throw new Error(`The bench module did not load: ${sandbox.error.message} ${JSON.stringify(sandbox.error.diagnostics)}`);
  try {
    // Call ids end in the call's index into `calls`, which is how the dispatch plan is read back below.
    const step: TestStep = {
      calls: calls.map((call, index) => ({
        name: call.kind === 'read' ? 'read_item' : 'write_item',
        arguments: JSON.stringify({ id: index, ms: call.ms }),
        callId: `call_1_${index}`,
      })),
    };
    const events: RuntimeEvent[] = [];
    const outcome = await runTurn({
      tools: sandbox.value.tools,
      model: createScriptedTestModel([step, { text: 'done' }]).client,
      input: [{ type: 'message', role: 'user', content: 'Run the batch.' }],
      host: { onEvent: (event) => events.push(event) },
    });
    if (outcome.reason !== 'completed') throw new Error(`The turn ended with ${outcome.reason}: ${outcome.error ?? ''}`);
    const starts = events.filter((event) => event.type === 'tool-call-start').map((event) => event.at);
    const outputs = events.filter((event) => event.type === 'tool-output');
    const failed = outputs.filter((event) => event.type === 'tool-output' && event.status !== 'success');
    if (outputs.length !== calls.length || failed.length > 0) throw new Error(`Expected ${calls.length} successful outputs, got ${outputs.length} (${failed.length} failed).`);
    const plan = events.find((event) => event.type === 'dispatch-plan');
    const batches = plan?.type === 'dispatch-plan' ? plan.batches.map((batch) => batch.callIds.map((callId) => Number(callId.split('_').at(-1)))) : [];
    return { wallMs: Math.max(...outputs.map((event) => event.at)) - Math.min(...starts), startSpreadMs: Math.max(...starts) - Math.min(...starts), batches };
  } finally {
    sandbox.value.dispose();
  }
}

/** The barrier model: batches run one after another; a batch lasts as long as its longest call. */
function predictBarrierWall(calls: readonly Call[], batches: readonly number[][]): number {
  return batches.reduce((sum, batch) => sum + Math.max(...batch.map((index) => calls[index]?.ms ?? 0)), 0);
}

async function measure(calls: readonly Call[]): Promise<{ wallMs: number; startSpreadMs: number; predictedMs: number; batches: number[][] }> {
  await runBatch(calls);
  const walls: number[] = [];
  const spreads: number[] = [];
  let batches: number[][] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const measured = await runBatch(calls);
    walls.push(measured.wallMs);
    spreads.push(measured.startSpreadMs);
    batches = measured.batches;
  }
  return { wallMs: median(walls), startSpreadMs: median(spreads), predictedMs: predictBarrierWall(calls, batches), batches };
}

const reads: Call[] = Array.from({ length: PARALLEL_CALLS }, () => ({ kind: 'read', ms: SLEEP_MS }));
const parallel = await measure(reads);
console.log(`Parallel: ${PARALLEL_CALLS} read-only calls × ctx.sleep(${SLEEP_MS}) in the sandbox: median wall ${parallel.wallMs.toFixed(1)} ms over ${RUNS} runs.`);
const efficiency = parallel.wallMs / SLEEP_MS;
emitFigure({ bench: 'parallel.8-reads.wall-over-sleep', value: efficiency, unit: '×', note: efficiency <= 1.15 ? 'goal ≤ 1.15 met' : 'goal ≤ 1.15 missed' });
emitFigure({ bench: 'parallel.8-reads.start-spread', value: parallel.startSpreadMs, unit: 'ms', note: 'first to last tool-call-start: dispatch cost before the overlap' });

const read = (ms = SLEEP_MS): Call => ({ kind: 'read', ms });
const write = (ms = WRITE_SLEEP_MS): Call => ({ kind: 'write', ms });
const mixes: { name: string; calls: Call[] }[] = [
  { name: 'R R W R R W R', calls: [read(), read(), write(), read(), read(), write(), read()] },
  { name: 'W R R R W', calls: [write(), read(), read(), read(), write()] },
  { name: 'R(20) R(60) W W R(40)', calls: [read(20), read(60), write(), write(), read(40)] },
];
for (const mix of mixes) {
  const measured = await measure(mix.calls);
  const layout = measured.batches.map((batch) => `[${batch.join(',')}]`).join(' ');
  console.log(`Mixed ${mix.name}: batches ${layout}, predicted ${measured.predictedMs} ms, measured ${measured.wallMs.toFixed(1)} ms.`);
  const slug = mix.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  emitFigure({ bench: `parallel.mixed.${slug}.measured`, value: measured.wallMs, unit: 'ms', note: `barrier model predicts ${measured.predictedMs} ms` });
  emitFigure({ bench: `parallel.mixed.${slug}.measured-over-predicted`, value: measured.wallMs / measured.predictedMs, unit: '×' });
}
drainSandboxPool();
