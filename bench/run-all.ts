import { existsSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readFigures, type Figure } from './support/figure';
import { runTypeScriptChild, summarizeFailure } from './support/run-child';

/**
 * `npm run bench`: runs each bench in its own `node --import tsx` process, in turn, then
 * prints one table and one JSON line per figure. Always exits 0: a bench that cannot run
 * (no build, no browser, a failure) gets a row saying why.
 */
const BENCHES = [
  { name: 'loop-overhead', file: 'loop-overhead.bench.ts', timeoutMs: 600_000 },
  { name: 'parallel-efficiency', file: 'parallel-efficiency.bench.ts', timeoutMs: 300_000 },
  { name: 'sandbox', file: 'sandbox.bench.ts', timeoutMs: 300_000 },
  { name: 'sandbox-pool', file: 'sandbox-pool.bench.ts', timeoutMs: 300_000 },
  { name: 'turn-throughput', file: 'turn-throughput.bench.ts', timeoutMs: 300_000 },
  { name: 'turn-throughput-50', file: 'turn-throughput.bench.ts', args: ['--concurrency=50'], timeoutMs: 300_000 },
  { name: 'attack-latency', file: 'attack-latency.bench.ts', timeoutMs: 600_000 },
  { name: 'preview-latency', file: 'preview-latency.bench.ts', timeoutMs: 300_000 },
  { name: 'catalog', file: 'catalog.bench.ts', timeoutMs: 300_000 },
  { name: 'catalog-turn', file: 'catalog-turn.bench.ts', timeoutMs: 300_000 },
  { name: 'schema-panel', file: 'schema-panel.bench.ts', timeoutMs: 300_000 },
  { name: 'startup', file: 'startup.bench.ts', timeoutMs: 300_000 },
  { name: 'replay-cost', file: 'replay-cost.bench.ts', timeoutMs: 600_000 },
  { name: 'evaluation-stream', file: 'evaluation-stream.bench.ts', timeoutMs: 600_000 },
  { name: 'evaluation-stream-100', file: 'evaluation-stream.bench.ts', args: ['--runs=100'], timeoutMs: 900_000 },
  { name: 'evaluation-throughput', file: 'evaluation-throughput.bench.ts', timeoutMs: 300_000 },
] as const satisfies readonly { name: string; file: string; args?: readonly string[]; timeoutMs: number }[];

const FIGURE_PREFIX = '{"bench":';

function describeMachine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${availableParallelism()} cores (${model}), Node ${process.versions.node}, ${process.platform}/${process.arch}`;
}

async function runBench(bench: (typeof BENCHES)[number]): Promise<Figure[]> {
  const script = fileURLToPath(new URL(`./${bench.file}`, import.meta.url));
  if (!existsSync(script)) return [{ bench: bench.name, value: null, unit: '', note: `skipped: bench/${bench.file} is missing` }];
  console.log(`\n▶ ${bench.name}`);
  const started = performance.now();
  const outcome = await runTypeScriptChild({ script, args: 'args' in bench ? [...bench.args] : [], timeoutMs: bench.timeoutMs });
  for (const line of outcome.stdout.split('\n')) if (line.trim() && !line.startsWith(FIGURE_PREFIX)) console.log(`  ${line}`);
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const figures = readFigures(outcome.stdout);
  if (outcome.exitCode === 0 && !outcome.timedOut) return figures.length > 0 ? figures : [{ bench: bench.name, value: null, unit: '', note: 'printed no figure' }];
  return [...figures, { bench: bench.name, value: null, unit: '', note: `did not finish: ${summarizeFailure(outcome)}` }];
}

function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((figure) => [figure.bench, figure.value === null ? '—' : String(figure.value), figure.unit, figure.note ?? '']);
  const header = ['Figure', 'Value', 'Unit', 'Note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)].join('\n');
}

console.log(`Benchmarks on ${describeMachine()}`);
const figures: Figure[] = [];
for (const bench of BENCHES) figures.push(...(await runBench(bench)));
console.log(`\nResults (${describeMachine()})\n`);
console.log(formatTable(figures));
console.log('');
for (const figure of figures) console.log(JSON.stringify(figure));
