// A first turn on a real-sized catalog through the production server: the module compiled by
// POST /api/tools/compile, then one turn of the auto model over it with every tool deferred
// (Tool Search finds the one to load), while the HTTP thread is probed for how long it answers.
// GitHub's REST API (1,223 tools) and a Microsoft Graph-sized catalog (2,700). Needs `npm run build`.
// Run: npx tsx bench/catalog-turn.bench.ts
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createSseParser } from '@/lib/client/api';
import { qualifyImportedTool, renderImportSelection } from '@/lib/interop/import/import-picker';
import { importToolDefinitions } from '@/lib/interop/import/import-tool-definitions';
import { emitFigure } from './support/figure';
import { startProductionServer } from './support/production-server';

const PROBE_INTERVAL_MS = 100;
const CATALOGS = [
  { key: 'github', file: 'github-rest.openapi.json.gz', message: 'Create an issue titled "Crash on start" in octocat/hello-world' },
  { key: 'graph', file: 'graph-like.openapi.json.gz', message: 'Send mail from user adele@contoso.com with the subject "Quarterly report"' },
] as const;

type TurnEvent = { type: string; reason?: string; error?: string; toolTokens?: { sent: number; allLoaded: number }; status?: string; name?: string; matches?: string[]; calls?: { name: string }[] };

/** The module the import dialog writes when every tool is picked and deferred (as it does past 20 tools). */
function readDeferredModule(file: string): { source: string; tools: number } {
  const text = gunzipSync(readFileSync(new URL(`../tests/fixtures/catalogs/${file}`, import.meta.url))).toString('utf8');
  const imported = importToolDefinitions(text);
  if (!imported.ok) throw new Error(imported.error.message);
  const selected = new Set(imported.value.tools.map(qualifyImportedTool));
  return { source: renderImportSelection(imported.value, { selected, deferLoading: true }), tools: selected.size };
}

/** Probes `/api/health` one after another until stopped: the longest answer is how long the HTTP thread was held. */
function probeHealth(baseUrl: string): { stop: () => Promise<number> } {
  let running = true;
  let longest = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${baseUrl}/api/health`).then((response) => response.arrayBuffer());
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return longest;
    },
  };
}

async function runTurn(baseUrl: string, source: string, message: string): Promise<{ events: TurnEvent[]; marks: Record<string, number> }> {
  const started = performance.now();
  const marks: Record<string, number> = {};
  const response = await fetch(`${baseUrl}/api/turns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ source, messages: [{ role: 'user', content: message }], model: { provider: 'auto', seed: 1 } }),
  });
  if (response.status !== 200 || !response.body) throw new Error(`POST /api/turns answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const parser = createSseParser();
  const events: TurnEvent[] = [];
  const decoder = new TextDecoder();
  const take = (data: string) => {
    const event = JSON.parse(data) as TurnEvent;
    marks[event.type] ??= performance.now() - started;
    events.push(event);
  };
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) for (const data of parser.push(decoder.decode(chunk.value, { stream: true }))) take(data);
  for (const data of parser.flush()) take(data);
  return { events, marks };
}

const started = await startProductionServer();
if (!started.ok) {
  emitFigure({ bench: 'catalog-turn', value: null, unit: '', note: started.reason });
} else {
  const { server } = started;
  try {
    // The first request to a route loads its code: not what a visitor's turn holds the thread for.
    await fetch(`${server.baseUrl}/api/health`).then((response) => response.arrayBuffer());
    for (const catalog of CATALOGS) {
      const { source, tools } = readDeferredModule(catalog.file);
      const prefix = `catalog-turn.${catalog.key}`;
      const probe = probeHealth(server.baseUrl);
      let at = performance.now();
      const compiled = await fetch(`${server.baseUrl}/api/tools/compile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ source }) });
      const compileBody = (await compiled.json()) as { tools?: unknown[] };
      emitFigure({ bench: `${prefix}.compile`, value: performance.now() - at, unit: 'ms', note: `POST /api/tools/compile of ${tools} deferred tools (${(source.length / 1e6).toFixed(2)}M characters): HTTP ${compiled.status}, ${compileBody.tools?.length ?? 0} tools` });
      at = performance.now();
      const { events, marks } = await runTurn(server.baseUrl, source, catalog.message);
      const longestHealth = await probe.stop();
      const end = events.at(-1);
      const request = events.find((event) => event.type === 'model-request');
      const called = events.filter((event) => event.type === 'tool-output' && event.status === 'success').length;
      const proposed = events.flatMap((event) => (event.type === 'model-response' ? (event.calls ?? []).map((call) => call.name) : []));
      console.log(`${catalog.key}: proposed ${proposed.join(', ')}; searches found ${events.flatMap((event) => event.matches ?? []).join(', ')}; ended ${end?.reason ?? ''} ${end?.error ?? ''}`);
      emitFigure({ bench: `${prefix}.sandbox-ready`, value: marks['sandbox-ready'] ?? null, unit: 'ms', note: 'from the request to the module evaluated in a worker for this turn' });
      emitFigure({ bench: `${prefix}.first-request`, value: marks['model-request'] ?? null, unit: 'ms', note: `first model request (tools sent ${request?.toolTokens?.sent ?? '?'} tokens, ${request?.toolTokens?.allLoaded ?? '?'} with every tool loaded)` });
      emitFigure({ bench: `${prefix}.turn`, value: performance.now() - at, unit: 'ms', note: `auto model, Tool Search then the call: ended ${end?.reason ?? end?.type}, ${events.filter((event) => event.type === 'tool-search').length} search(es), ${called} successful call(s)` });
      emitFigure({ bench: `${prefix}.http-thread-max`, value: longestHealth, unit: 'ms', note: `longest /api/health answer (probed every ${PROBE_INTERVAL_MS} ms) during the compile and the turn` });
    }
  } finally {
    await server.stop();
  }
}
