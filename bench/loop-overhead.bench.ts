import { fileURLToPath } from 'node:url';
import { emitFigure } from './support/figure';
import { runTypeScriptChild, summarizeFailure } from './support/run-child';
import { CALLS_PER_RUN, RESULT_PREFIX, WORKLOAD, type LoopResult } from './loop-overhead/workload';

/**
 * Loop overhead vs peers: the same scripted workload through our runtime, the Vercel AI SDK
 * and the OpenAI Agents SDK, each in its own child process so peak RSS is its own.
 */
const RUNNERS = [
  { id: 'ours', script: 'ours.ts', label: 'ours (runTurn, in-memory model)' },
  { id: 'ai-sdk', script: 'ai-sdk.ts', label: 'Vercel AI SDK 6 (generateText + MockLanguageModelV3)' },
  { id: 'agents-core', script: 'agents.ts', label: 'OpenAI Agents JS core (run + custom Model)' },
  { id: 'ours-embedded', script: 'ours-embedded.ts', label: 'ours via openai SDK + embedded fetch (Responses path)' },
] as const;

const PEERS = ['ai-sdk', 'agents-core'] as const;
const CHILD_TIMEOUT_MS = 180_000;

console.log(`Loop overhead: ${WORKLOAD.iterations} iterations × ${WORKLOAD.callsPerIteration} calls of a no-op tool (${CALLS_PER_RUN} calls a run), median of ${WORKLOAD.measuredRuns} runs after ${WORKLOAD.warmUpRuns} warm-up runs.`);

const results = new Map<string, LoopResult>();
for (const runner of RUNNERS) {
  const script = fileURLToPath(new URL(`./loop-overhead/${runner.script}`, import.meta.url));
  const outcome = await runTypeScriptChild({ script, timeoutMs: CHILD_TIMEOUT_MS });
  const line = outcome.stdout.split('\n').find((text) => text.startsWith(RESULT_PREFIX));
  if (outcome.exitCode !== 0 || !line) {
    emitFigure({ bench: `loop-overhead.${runner.id}.us-per-call`, value: null, unit: 'µs/call', note: `could not run: ${summarizeFailure(outcome)}` });
    continue;
  }
  const result = JSON.parse(line.slice(RESULT_PREFIX.length)) as LoopResult;
  results.set(runner.id, result);
  console.log(`  ${runner.label}: ${result.microsPerCall.toFixed(1)} µs/call (CPU ${result.cpuMicrosPerCall.toFixed(1)} µs/call), peak RSS ${result.peakRssMb.toFixed(0)} MB`);
  emitFigure({ bench: `loop-overhead.${runner.id}.us-per-call`, value: result.microsPerCall, unit: 'µs/call', note: `median of ${result.runs} runs` });
  emitFigure({ bench: `loop-overhead.${runner.id}.cpu-us-per-call`, value: result.cpuMicrosPerCall, unit: 'µs/call', note: 'CPU time' });
  emitFigure({ bench: `loop-overhead.${runner.id}.peak-rss`, value: result.peakRssMb, unit: 'MB' });
}

const ours = results.get('ours');
for (const peer of PEERS) {
  const other = results.get(peer);
  if (!ours || !other) {
    emitFigure({ bench: `loop-overhead.ratio-to-${peer}`, value: null, unit: '×', note: 'a runner failed; see its row' });
    continue;
  }
  emitFigure({ bench: `loop-overhead.ratio-to-${peer}`, value: ours.microsPerCall / other.microsPerCall, unit: '×', note: 'ours ÷ peer, wall; < 1 is faster' });
  emitFigure({ bench: `loop-overhead.rss-ratio-to-${peer}`, value: ours.peakRssMb / other.peakRssMb, unit: '×', note: 'ours ÷ peer, peak RSS' });
}
const peerFigures = PEERS.flatMap((peer) => results.get(peer)?.microsPerCall ?? []);
if (ours && peerFigures.length > 0) {
  const best = Math.min(...peerFigures);
  const ratio = ours.microsPerCall / best;
  emitFigure({ bench: 'loop-overhead.ratio-to-best-peer', value: ratio, unit: '×', note: ratio <= 0.5 ? 'goal ≤ 0.5 met' : 'goal ≤ 0.5 missed' });
}
