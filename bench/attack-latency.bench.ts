import {
  CATASTROPHIC_CASES,
  defineModule,
  GENERATOR_CASES,
  jsonSchemaTool,
  LOG_FLOOD_TOOL,
  MANY_TOOLS_MODULE,
  MEMORY_HOG_TOOLS,
  OK_TOOL,
  repeatCall,
  scriptedModel,
  SPIN_TOOL,
  WIDE_SCHEMA_MODULE,
} from '../harness/attack-modules';
import { compileModule } from '../harness/compile-module';
import { answerHugeBody, startFakeProvider, type FakeProvider } from '../harness/fake-provider';
import { runTurn, toolOutputs, turnBody, turnEnd, type TurnRun } from '../harness/run-turn';
import { formatLatency, probeHealth, sampleLatency, type LatencyReport } from '../harness/sample-latency';
import { startServer, type AbuseServer } from '../harness/start-server';
import { warmUp } from '../harness/warm-up';
import { emitFigure } from './support/figure';
import { hasProductionBuild } from './support/production-server';

/**
 * How long the HTTP thread of the production server keeps a cheap request waiting while an
 * attack runs: `/api/health` latency (p50/p99/max, a probe every 100 ms) measured from outside
 * during each attack of the abuse suite, after an idle baseline. Goal: max < 1 s on 2 cores.
 */
const TURN_TIMEOUT_MS = 45_000;
const MAX_STREAM_BYTES = 5 * 1024 * 1024;

type AttackContext = { baseURL: string; hugeProvider: FakeProvider };
type Attack = { name: string; run(context: AttackContext): Promise<string> };

function describeTurn(run: TurnRun): string {
  if (run.status !== 200) return `HTTP ${run.status}`;
  const statuses = toolOutputs(run).map((output) => output.status);
  return `${statuses.join('/') || 'no tool output'}, ${turnEnd(run)?.reason ?? `no turn-end (${run.cut ?? 'stream ended'})`}, ${(run.bytes / 1024).toFixed(0)} KB`;
}

const ATTACKS: Attack[] = [
  { name: 'idle', run: () => new Promise((resolve) => setTimeout(() => resolve('no attack'), 2_000)) },
  {
    name: 'spin',
    run: async ({ baseURL }) =>
      describeTurn(await runTurn(baseURL, turnBody({ source: defineModule([SPIN_TOOL]), model: scriptedModel([repeatCall('spin', 2)]) }), { timeoutMs: TURN_TIMEOUT_MS })),
  },
  {
    name: 'catastrophic-pattern',
    run: async ({ baseURL }) => {
      const calls = CATASTROPHIC_CASES.map((entry): [string, string] => [entry.name, entry.args]);
      const source = defineModule(CATASTROPHIC_CASES.map((entry) => entry.tool));
      return describeTurn(await runTurn(baseURL, turnBody({ source, model: scriptedModel([calls]) }), { timeoutMs: TURN_TIMEOUT_MS, maxBytes: MAX_STREAM_BYTES }));
    },
  },
  {
    name: 'generator',
    run: async ({ baseURL }) => {
      const outcomes: string[] = [];
      for (const { name, schema } of GENERATOR_CASES) {
        const body = turnBody({ source: defineModule([jsonSchemaTool(name, schema)]), message: `Call ${name}.`, model: { provider: 'auto', seed: 1 }, maxIterations: 3 });
        outcomes.push(`${name}: ${describeTurn(await runTurn(baseURL, body, { timeoutMs: TURN_TIMEOUT_MS, maxBytes: MAX_STREAM_BYTES }))}`);
      }
      return outcomes.join('; ');
    },
  },
  {
    name: 'log-flood',
    run: async ({ baseURL }) =>
      describeTurn(await runTurn(baseURL, turnBody({ source: defineModule([LOG_FLOOD_TOOL]), model: scriptedModel([[['flood_logs', '{}']]]) }), { timeoutMs: TURN_TIMEOUT_MS, maxBytes: MAX_STREAM_BYTES })),
  },
  {
    name: 'memory-hog',
    run: async ({ baseURL }) => {
      const [hog, neighbour] = await Promise.all([
        runTurn(baseURL, turnBody({ source: defineModule(MEMORY_HOG_TOOLS), model: scriptedModel([[['hog_arrays', '{}'], ['hog_strings', '{}']]]) }), { timeoutMs: TURN_TIMEOUT_MS }),
        runTurn(baseURL, turnBody({ source: defineModule([OK_TOOL]), model: scriptedModel([[['ok', '{}']]]) }), { timeoutMs: TURN_TIMEOUT_MS }),
      ]);
      return `hog: ${describeTurn(hog)}; neighbour: ${describeTurn(neighbour)}`;
    },
  },
  {
    name: 'huge-response',
    run: async ({ baseURL, hugeProvider }) =>
      describeTurn(
        await runTurn(baseURL, turnBody({ source: defineModule([]), model: { provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-bench', baseURL: hugeProvider.baseURL } }), {
          timeoutMs: TURN_TIMEOUT_MS,
          maxBytes: MAX_STREAM_BYTES,
        }),
      ),
  },
  {
    name: 'huge-module',
    run: async ({ baseURL }) => {
      const wide = await compileModule(baseURL, WIDE_SCHEMA_MODULE, TURN_TIMEOUT_MS);
      const many = await compileModule(baseURL, MANY_TOOLS_MODULE, TURN_TIMEOUT_MS);
      return `50,000 properties: HTTP ${wide.status} in ${Math.round(wide.elapsedMs)} ms; 5,000 tools: HTTP ${many.status} in ${Math.round(many.elapsedMs)} ms`;
    },
  },
];

async function measure(attack: Attack, context: AttackContext): Promise<{ latency: LatencyReport; seconds: number; outcome: string }> {
  const started = performance.now();
  const running = attack.run(context).catch((error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`);
  const [latency, outcome] = await Promise.all([sampleLatency(context.baseURL, running), running]);
  return { latency, outcome, seconds: (performance.now() - started) / 1000 };
}

function emitAttack(name: string, result: { latency: LatencyReport; seconds: number; outcome: string }): void {
  const { latency } = result;
  console.log(
    `${name.padEnd(22)} health latency during attack: p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms, max ${latency.maxMs} ms; event-loop delay p99 ${latency.eventLoopP99Ms} ms, max ${latency.eventLoopMaxMs} ms (${latency.samples} probes, ${latency.failures} failed; attack ${result.seconds.toFixed(1)} s: ${result.outcome.slice(0, 300)})`,
  );
  const note = `p50 ${latency.p50Ms} ms, ${latency.samples} probes, ${latency.failures} failed, attack ${result.seconds.toFixed(1)} s`;
  emitFigure({ bench: `attack-latency.${name}.p99`, value: latency.p99Ms, unit: 'ms', note });
  emitFigure({ bench: `attack-latency.${name}.max`, value: latency.maxMs, unit: 'ms', note: 'goal < 1000 ms' });
  emitFigure({ bench: `attack-latency.${name}.event-loop-p99`, value: latency.eventLoopP99Ms, unit: 'ms', note: 'HTTP thread event-loop delay, worst 100 ms window p99' });
  emitFigure({ bench: `attack-latency.${name}.event-loop-max`, value: latency.eventLoopMaxMs, unit: 'ms', note: 'HTTP thread event-loop delay, max' });
}

if (!hasProductionBuild()) {
  console.log('Attack latency: skipped: run npm run build first');
  emitFigure({ bench: 'attack-latency', value: null, unit: 'ms', note: 'skipped: run npm run build first' });
} else {
  // Private network allowed: the huge-response attack is served by a fake provider on loopback.
  const serverOptions = { env: { PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' } };
  const hugeProvider = await startFakeProvider(answerHugeBody({ totalBytes: 100 * 1024 * 1024, shape: 'sse' }));
  let server: AbuseServer | undefined;
  const start = async () => {
    const started = await startServer(serverOptions);
    // The first compile and turn open the database and warm the pool: a cold start, reported on its own.
    const coldStart = await warmUp(started.baseURL);
    console.log(`cold start (first compile and turn): ${formatLatency(coldStart)}`);
    emitFigure({ bench: 'attack-latency.cold-start.max', value: coldStart.maxMs, unit: 'ms', note: `p50 ${coldStart.p50Ms} ms: the first compile and turn after start` });
    return started;
  };
  try {
    server = await start();
    for (const attack of ATTACKS) {
      // An attack that took the server down is reported, and the next one gets a fresh server.
      if (!(await probeHealth(server.baseURL)).ok) {
        console.log(`  (the server stopped answering before ${attack.name}; restarting it)`);
        await server.stop();
        server = await start();
      }
      emitAttack(attack.name, await measure(attack, { baseURL: server.baseURL, hugeProvider }));
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] ?? error.message : String(error);
    console.log(`Attack latency: ${reason}`);
    emitFigure({ bench: 'attack-latency', value: null, unit: 'ms', note: `did not finish: ${reason.slice(0, 160)}` });
  } finally {
    await server?.stop();
    await hugeProvider.close();
  }
}
