import { costlyAssertions, fetchStoredSession, importSession, withTinyValuesTape } from '../harness/costly-sessions';
import { defineModule, ECHO_TOOL, scriptedModel } from '../harness/attack-modules';
import { sampleLatency } from '../harness/sample-latency';
import { shareFinishedTurn } from '../harness/share-finished-turn';
import { startServer } from '../harness/start-server';
import { warmUp } from '../harness/warm-up';
import { emitFigure } from './support/figure';
import { hasProductionBuild } from './support/production-server';

/**
 * What opening a shared session costs the production server's HTTP thread, for sessions built to
 * be costly: ≈1 MB of assertion JSON Schemas full of patterns, and a tape of a million tiny JSON
 * values. For each: the import (its time and `/api/health`'s worst latency meanwhile), then
 * `--views` (default 3) loads of `/s/<id>` and of `GET /api/sessions/<id>`, each timed, with the
 * worst health latency while they ran. A refused import is a figure too (the time to refuse).
 * `--case=<name>` runs one case only.
 */
const views = Number(process.argv.find((argument) => argument.startsWith('--views='))?.slice('--views='.length) ?? 3);
const only = process.argv.find((argument) => argument.startsWith('--case='))?.slice('--case='.length);
const REQUEST_TIMEOUT_MS = 600_000;

type Timed = { status: number; ms: number };

async function timedGet(url: string): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

async function viewRepeatedly(url: string): Promise<Timed[]> {
  const answers: Timed[] = [];
  for (let index = 0; index < views; index += 1) answers.push(await timedGet(url));
  return answers;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

async function main(): Promise<void> {
  if (!hasProductionBuild()) {
    emitFigure({ bench: 'session-view', value: null, unit: '', note: 'skipped: no production build (npm run build)' });
    return;
  }
  const server = await startServer();
  try {
    await warmUp(server.baseURL);
    const source = defineModule([ECHO_TOOL]);
    const shared = await shareFinishedTurn(server.baseURL, { source, message: 'Echo it.', model: scriptedModel([[['echo', '{"text":"x"}']]]), title: 'view bench' });
    if (!shared.ok) throw new Error(shared.problem);
    const { id } = shared;
    const plain = await fetchStoredSession(server.baseURL, id);
    const cases = [
      { name: 'plain', record: plain },
      { name: 'costly-assertions', record: { ...plain, assertions: costlyAssertions() } },
      { name: 'tiny-values-tape', record: withTinyValuesTape(plain, 1_000_000) },
    ];
    for (const { name, record } of cases.filter((entry) => only === undefined || entry.name === only)) {
      const body = JSON.stringify(record);
      const importing = importSession(server.baseURL, body, { timeoutMs: REQUEST_TIMEOUT_MS });
      const [importLatency, imported] = await Promise.all([sampleLatency(server.baseURL, importing), importing]);
      const size = `${(body.length / 1e6).toFixed(2)} MB`;
      emitFigure({ bench: `session-view.${name}.import`, value: imported.elapsedMs, unit: 'ms', note: `${size}, HTTP ${imported.status}; /api/health max ${importLatency.maxMs} ms meanwhile` });
      if (!imported.id) {
        console.log(`${name}: import refused: ${imported.text.slice(0, 200)}`);
        continue;
      }
      for (const [kind, url] of [
        ['page', `${server.baseURL}/s/${imported.id}`],
        ['api', `${server.baseURL}/api/sessions/${imported.id}`],
      ] as const) {
        const viewing = viewRepeatedly(url);
        const [latency, answers] = await Promise.all([sampleLatency(server.baseURL, viewing), viewing]);
        const statuses = [...new Set(answers.map((answer) => answer.status))].join('/');
        emitFigure({
          bench: `session-view.${name}.${kind}`,
          value: median(answers.map((answer) => answer.ms)),
          unit: 'ms',
          note: `median of ${answers.length} (HTTP ${statuses}); /api/health max ${latency.maxMs} ms, event-loop delay max ${latency.eventLoopMaxMs} ms meanwhile`,
        });
      }
    }
  } finally {
    await server.stop();
  }
}

await main();
