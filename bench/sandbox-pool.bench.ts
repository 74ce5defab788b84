// The worker pool's costs and the measurements behind docs/decisions/0003-sandbox-worker-pool.md.
// Run: npx tsx bench/sandbox-pool.bench.ts
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { compileInPool } from '@/lib/sandbox/pool/compile-in-pool';
import { openPooledSandboxTurn } from '@/lib/sandbox/pool/open-pooled-sandbox-turn';
import { createSandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import { buildSandboxWorker } from '../scripts/build-sandbox-worker.mjs';
import { emitFigure } from './support/figure';

const ROUND_TRIPS = 2000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function moduleWithTools(count: number, salt: string): string {
  const tools = Array.from({ length: count }, (_, i) => `  defineTool({ name: 'tool_${i}_${salt}', description: 'Tool ${i}.', schema: z.object({ id: z.string(), limit: z.number().int().min(1).max(100).default(10), mode: z.enum(['fast', 'slow']) }), isReadOnly: true, execute: async (args) => ({ id: args.id }) }),`);
  return `import { z } from 'zod';\nimport { defineTool } from 'playground';\nexport default [\n${tools.join('\n')}\n];\n`;
}

/** Median round trip of a tiny message to an echo peer: a worker thread or a child process. */
async function measureEcho(kind: 'thread' | 'process'): Promise<number> {
  const directory = mkdtempSync(path.join(tmpdir(), 'trp-echo-'));
  const file = path.join(directory, 'echo.cjs');
  writeFileSync(file, kind === 'thread' ? "require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage(m));" : "process.on('message', (m) => process.send(m));");
  const bootStarted = performance.now();
  const peer = kind === 'thread' ? new Worker(file) : fork(file);
  const send = (message: unknown) => (peer instanceof Worker ? peer.postMessage(message) : peer.send(message as never));
  const once = () => new Promise<void>((resolve) => peer.once('message', () => resolve()));
  send({ n: -1 });
  await once();
  emitFigure({ bench: `ipc.${kind}.boot`, value: performance.now() - bootStarted, unit: 'ms', note: `spawn an empty ${kind} and get its first answer` });
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i += 1) {
    const startedAt = performance.now();
    const answered = once();
    send({ n: i, payload: 'x'.repeat(200) });
    await answered;
    times.push(performance.now() - startedAt);
  }
  if (peer instanceof Worker) await peer.terminate();
  else peer.kill();
  return median(times);
}

await buildSandboxWorker();
emitFigure({ bench: 'ipc.thread.round-trip', value: await measureEcho('thread'), unit: 'ms', note: `median of ${ROUND_TRIPS} postMessage round trips` });
emitFigure({ bench: 'ipc.process.round-trip', value: await measureEcho('process'), unit: 'ms', note: `median of ${ROUND_TRIPS} IPC round trips (child_process.fork)` });

const bootStarted = performance.now();
const pool = createSandboxPool({ size: 2 });
const cold = await compileInPool(pool, moduleWithTools(20, 'cold'));
if (!cold.ok) throw new Error(cold.error.message);
emitFigure({ bench: 'pool.first-compile', value: performance.now() - bootStarted, unit: 'ms', note: 'start 2 workers (QuickJS, Zod, warm contexts) and answer the first 20-tool compile' });
await new Promise((resolve) => setTimeout(resolve, 1500));

const compiles: number[] = [];
for (let i = 0; i < 9; i += 1) {
  const startedAt = performance.now();
  await compileInPool(pool, moduleWithTools(20, `warm${i}`));
  compiles.push(performance.now() - startedAt);
  await new Promise((resolve) => setTimeout(resolve, 400));
}
emitFigure({ bench: 'pool.compile20.warm', value: median(compiles), unit: 'ms', note: 'median of 9 new 20-tool modules through the pool (includes the message hop and the schema-panel view)' });

const source = `import { z } from 'zod';\nimport { defineTool } from 'playground';\nexport default [defineTool({ name: 'noop', description: 'Nothing.', schema: z.object({ id: z.string() }), isReadOnly: true, execute: () => null })];\n`;
const opens: number[] = [];
const turns = [];
for (let i = 0; i < 6; i += 1) {
  const startedAt = performance.now();
  const turn = await openPooledSandboxTurn(pool, { source, seed: i });
  opens.push(performance.now() - startedAt);
  if (!turn.ok) throw new Error(JSON.stringify(turn.error));
  turns.push(turn.value);
  await new Promise((resolve) => setTimeout(resolve, 300));
}
emitFigure({ bench: 'pool.open-turn', value: median(opens), unit: 'ms', note: 'median: a warm context in its own WASM instance, module evaluated' });

const [turn] = turns;
const tool = turn?.tools[0];
if (!tool) throw new Error('no tool');
const calls: number[] = [];
const hooks: number[] = [];
for (let i = 0; i < 300; i += 1) {
  let startedAt = performance.now();
  await tool.validateArguments({ id: `x${i}` });
  hooks.push(performance.now() - startedAt);
  startedAt = performance.now();
  await tool.execute({ id: 'x' }, { callId: `call_${i}`, signal: new AbortController().signal, timeoutMs: 5000, log: () => undefined });
  calls.push(performance.now() - startedAt);
}
emitFigure({ bench: 'pool.validate-round-trip', value: median(hooks), unit: 'ms', note: 'median Zod validation of one call, HTTP thread → worker → QuickJS → back' });
emitFigure({ bench: 'pool.call-overhead', value: median(calls), unit: 'ms', note: 'median no-op execute through the pool' });

const before = process.memoryUsage().rss;
const many = [];
for (let i = 0; i < 20; i += 1) {
  const opened = await openPooledSandboxTurn(pool, { source, seed: 100 + i });
  if (opened.ok) many.push(opened.value);
}
await new Promise((resolve) => setTimeout(resolve, 2000));
emitFigure({ bench: 'pool.rss-per-open-turn', value: (process.memoryUsage().rss - before) / 20 / 2 ** 20, unit: 'MB', note: 'process RSS growth per open turn (its WASM instance with Zod loaded), 20 turns' });
for (const open of [...turns, ...many]) open.dispose();
await pool.close();
