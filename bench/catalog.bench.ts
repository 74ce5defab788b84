// Real-sized catalogs end to end on the server: GitHub's REST description (1,223 operations) and a
// Microsoft Graph-sized one (2,700, generated in its shape by scripts/generate-graph-catalog.ts),
// each imported, compiled in a sandbox worker (as POST /api/tools/compile does) and described for
// the panel. Run: npx tsx bench/catalog.bench.ts
import { readFileSync } from 'node:fs';
import { gzipSync, gunzipSync } from 'node:zlib';
import { importToolDefinitions } from '@/lib/interop/import/import-tool-definitions';
import { compileInPool } from '@/lib/sandbox/pool/compile-in-pool';
import { renderCompileResponse, renderToolDetails } from '@/lib/server/http/render-compile-response';
import { createSandboxPool, type SandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import { buildSandboxWorker } from '../scripts/build-sandbox-worker.mjs';
import { emitFigure } from './support/figure';
import { median } from './support/statistics';

const WARM_RUNS = 5;

type Catalog = { key: string; file: string; label: string; notes: { moduleSize: string; compileWarm: string; payload: string } };

const CATALOGS: readonly Catalog[] = [
  {
    key: 'github',
    file: 'github-rest.openapi.json.gz',
    label: 'GitHub',
    notes: { moduleSize: 'the generated tool module (limit 6M); 2.44M before shared definitions', compileWarm: 'goal ≤ 2000; 17,900 before', payload: '6.25 MB raw, 0.41 gzipped with every detail inline' },
  },
  {
    key: 'graph',
    file: 'graph-like.openapi.json.gz',
    label: 'Graph-sized',
    notes: { moduleSize: 'the generated tool module (limit 6M)', compileWarm: 'past the 1,500-tool and 3M-character limits before', payload: 'summaries only' },
  },
];

async function benchCatalog(pool: SandboxPool, catalog: Catalog): Promise<void> {
  const text = gunzipSync(readFileSync(new URL(`../tests/fixtures/catalogs/${catalog.file}`, import.meta.url))).toString('utf8');
  let started = performance.now();
  const imported = importToolDefinitions(text);
  const importMs = performance.now() - started;
  if (!imported.ok) throw new Error(`The ${catalog.label} fixture did not import: ${imported.error.message}`);
  const { source, tools } = imported.value;
  const prefix = `catalog.${catalog.key}`;
  emitFigure({ bench: `${prefix}.import`, value: importMs, unit: 'ms', note: `${tools.length} tools read from a ${(text.length / 1e6).toFixed(1)}M-character OpenAPI document and written as a module (in-process, as the browser does)` });
  emitFigure({ bench: `${prefix}.module-size`, value: source.length / 1e6, unit: 'M chars', note: catalog.notes.moduleSize });

  started = performance.now();
  const first = await compileInPool(pool, source);
  const coldMs = performance.now() - started;
  if (!first.ok) throw new Error(`compile failed: ${first.error.message}`);
  const errors = first.value.answer.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  emitFigure({ bench: `${prefix}.compile-first`, value: coldMs, unit: 'ms', note: `first compile of this module in the pool: ${first.value.answer.tools.length} tools, ${errors.length} errors` });
  const warm: number[] = [];
  for (let run = 0; run < WARM_RUNS; run += 1) {
    // A changed comment defeats the per-source cache: the whole module is compiled again, as after an edit.
    const edited = `${source}\n// edit ${run}\n`;
    started = performance.now();
    const answer = await compileInPool(pool, edited);
    warm.push(performance.now() - started);
    if (!answer.ok || answer.value.answer.tools.length !== tools.length) throw new Error('a warm compile lost tools');
  }
  emitFigure({ bench: `${prefix}.compile-warm`, value: median(warm), unit: 'ms', note: `median of ${WARM_RUNS} edits, each compiled from scratch in a warm worker (${catalog.notes.compileWarm})` });
  const body = renderCompileResponse(first.value);
  emitFigure({
    bench: `${prefix}.panel-payload`,
    value: body.length / 1e6,
    unit: 'MB',
    note: `the compile answer as sent (summaries; details fetched per opened row); ${(gzipSync(body).length / 1e6).toFixed(2)} MB gzipped (${catalog.notes.payload})`,
  });
  const detail = renderToolDetails(first.value.answer, [0]);
  emitFigure({ bench: `${prefix}.detail-payload`, value: detail.length / 1e3, unit: 'KB', note: "one opened row's detail (schemas and strict findings) as sent" });
}

await buildSandboxWorker();
const pool = createSandboxPool({ size: 2 });
try {
  for (const catalog of CATALOGS) await benchCatalog(pool, catalog);
} finally {
  await pool.close();
}
