// Benchmark of the QuickJS sandbox: npx tsx bench/sandbox.bench.ts
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import releaseSyncVariant from '@jitl/quickjs-wasmfile-release-sync';
import type { ToolContext } from '@/lib/runtime';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import { acquireSandboxContext, drainSandboxPool, prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { createInertBindings, createSandboxContext } from '@/lib/sandbox/quickjs/sandbox-context';
import { createSandboxTurn } from '@/lib/sandbox/turn/create-sandbox-turn';
import { evaluateToolModule } from '@/lib/sandbox/compile/evaluate-tool-module';
import { transpileModule } from '@/lib/sandbox/compile/transpile-module';
import { loadZodBundle } from '@/lib/sandbox/quickjs/zod-bundle';

type Figure = { bench: string; value: number; unit: 'ms'; note: string };
const figures: Figure[] = [];

function record(bench: string, value: number, note: string): void {
  figures.push({ bench, value: Math.round(value * 1000) / 1000, unit: 'ms', note });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function moduleWithTools(count: number, salt: string): string {
  const tools = Array.from({ length: count }, (_, i) => `  defineTool({
    name: 'tool_${i}_${salt}',
    description: 'Tool number ${i}.',
    schema: z.object({ id: z.string().describe('Identifier'), limit: z.number().int().min(1).max(100).default(10), tags: z.array(z.string()).optional(), mode: z.enum(['fast', 'slow']) }),
    isReadOnly: ${i % 2 === 0},
    execute: async (args) => ({ id: args.id }),
  }),`);
  return `import { z } from 'zod';\nimport { defineTool } from 'playground';\nexport default [\n${tools.join('\n')}\n];\n`;
}

function contextFor(callId: string): ToolContext {
  return { callId, signal: new AbortController().signal, timeoutMs: 5000, log: () => undefined };
}

async function time<T>(run: () => Promise<T>): Promise<number> {
  const startedAt = performance.now();
  await run();
  return performance.now() - startedAt;
}

/** Where a warm compile's time goes, phase by phase (what `compileToolModule` does, unrolled). */
async function recordCompilePhases(): Promise<void> {
  const phases = { transpile: [] as number[], acquire: [] as number[], evaluate: [] as number[], dispose: [] as number[] };
  const bindings = createInertBindings(() => ({ cpuEndsAt: Date.now() + 1000, wallEndsAt: Number.POSITIVE_INFINITY }));
  for (let i = 0; i < 9; i += 1) {
    await prewarmSandboxPool();
    const source = moduleWithTools(20, `phase${i}`);
    let startedAt = performance.now();
    const transpiled = await transpileModule(source);
    phases.transpile.push(performance.now() - startedAt);
    if (!transpiled.ok) throw new Error('The benchmark module does not transpile.');
    startedAt = performance.now();
    const context = await acquireSandboxContext();
    phases.acquire.push(performance.now() - startedAt);
    context.bind(bindings);
    startedAt = performance.now();
    evaluateToolModule(context, source, transpiled.value);
    phases.evaluate.push(performance.now() - startedAt);
    startedAt = performance.now();
    context.dispose();
    phases.dispose.push(performance.now() - startedAt);
  }
  record('sandbox.compile20.phase.transpile', median(phases.transpile), 'median of 9: esbuild transform (child process) + source-map decoding');
  record('sandbox.compile20.phase.acquire', median(phases.acquire), 'median of 9: take a warm context from the pool');
  record('sandbox.compile20.phase.evaluate', median(phases.evaluate), 'median of 9: run the module, z.toJSONSchema x20 and JSON out of QuickJS, host checks');
  record('sandbox.compile20.phase.dispose', median(phases.dispose), 'median of 9: free the runtime; done in the background after a compile');
}

async function main(): Promise<void> {
  record('sandbox.compile20.cold', await time(() => compileToolModule(moduleWithTools(20, 'cold'))), 'first compile in the process: WASM load, Zod bundle (disk cache if present), context warm-up');

  const quickjs = await newQuickJSWASMModuleFromVariant(releaseSyncVariant);
  const zodBundle = await loadZodBundle();
  const warmups: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const startedAt = performance.now();
    createSandboxContext(quickjs, zodBundle).dispose();
    warmups.push(performance.now() - startedAt);
  }
  record('sandbox.context-with-zod', median(warmups), 'median of 5: fresh runtime + context + Zod + prelude (what the pool hides)');

  const warm: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    await prewarmSandboxPool();
    warm.push(await time(() => compileToolModule(moduleWithTools(20, `warm${i}`))));
  }
  record('sandbox.compile20.warm', median(warm), 'median of 9: new source, context taken from the pool (server time of a preview)');
  record('sandbox.compile20.cached', await time(() => compileToolModule(moduleWithTools(20, 'warm0'))), 'same source again: SHA-256 cache hit');
  const broken: number[] = [];
  for (let i = 0; i < 9; i += 1) broken.push(await time(() => compileToolModule(`${moduleWithTools(20, `broken${i}`)}const = ;\n`)));
  record('sandbox.compile20.syntax-error', median(broken), 'median of 9: a syntax error is reported by esbuild alone, no context used');
  await recordCompilePhases();

  await prewarmSandboxPool();
  const turn = await createSandboxTurn({ source: `import { z } from 'zod';\nimport { defineTool } from 'playground';\nexport default [\n  defineTool({ name: 'noop', description: 'Nothing.', schema: z.object({}), execute: () => null }),\n  defineTool({ name: 'nap', description: 'Sleep.', schema: z.object({}), execute: async (_args, ctx) => { await ctx.sleep(50); return ctx.callId; } }),\n];\n` });
  if (!turn.ok) throw new Error(turn.error.message);
  const [noop, nap] = turn.value.tools;
  if (!noop || !nap) throw new Error('The benchmark module lost a tool.');
  const perCall: number[] = [];
  for (let i = 0; i < 500; i += 1) perCall.push(await time(() => noop.execute({}, contextFor(`c${i}`))));
  record('sandbox.call-overhead', median(perCall), 'median of 500 sequential no-op execute() calls through the Tool interface');
  const parallel: number[] = [];
  for (let i = 0; i < 5; i += 1) parallel.push(await time(() => Promise.all(Array.from({ length: 8 }, (_, j) => nap.execute({}, contextFor(`p${i}_${j}`))))));
  record('sandbox.parallel8-sleep50', median(parallel), 'median of 5: wall time of 8 parallel calls each awaiting ctx.sleep(50)');
  turn.value.dispose();
  drainSandboxPool();

  console.log('| figure | ms | what |\n|---|---:|---|');
  for (const figure of figures) console.log(`| ${figure.bench} | ${figure.value.toFixed(2)} | ${figure.note} |`);
  for (const { bench, value, unit } of figures) console.log(JSON.stringify({ bench, value, unit }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
