import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { findFreePort } from '../harness/find-free-port';
import { signalGroup } from '../harness/start-server';
import { emitFigure } from './support/figure';
import { hasProductionBuild, REPO_ROOT } from './support/production-server';
import { median, quantile } from './support/statistics';

/**
 * The schema panel with a real catalog in Chromium, against the built app (`node server.mjs`):
 * GitHub's REST API imported as one module (1,223 tools). Measures submit → first rows, how many
 * rows are in the DOM, a filter keystroke, typing a whole query, and opening one row's detail.
 * Every time is taken in the page (event timestamps to the frame after the DOM changed).
 */
const FIXTURE = path.join(REPO_ROOT, 'tests/fixtures/catalogs/github-rest.openapi.json.gz');
const QUERY = 'issues create';
const FILTER_RUNS = 5;
const DETAIL_SAMPLES = 5;
const IMPORT_TIMEOUT_MS = 180_000;
const STEP_TIMEOUT_MS = 20_000;
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
/** Above this many tools the panel virtualizes; the probe waits for a module larger than it. */
const SMALL_MODULE_TOOL_LIMIT = 12;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const EDITOR_LINES = '[data-testid="code-editor"] .monaco-editor .view-lines';
const ROW_SELECTOR = '[data-testid^="tool-card-"]';

/** One moment the probe noticed; `painted` is the start of the task after the next frame. */
type Mark = { kind: 'click' | 'input' | 'rows' | 'filter-applied' | 'detail'; detail: string; at: number; painted: number | null };

/**
 * Installed in the page as source text: tsx compiles this file with `keepNames`, whose `__name`
 * helper would not exist inside the browser if the probe were a function passed to `evaluate`.
 */
function probeScript(toolsBefore: number): string {
  return `(() => {
  const marks = [];
  window.__schemaPanelBench = marks;
  const record = (kind, detail, at) => { const mark = { kind, detail, at, painted: null }; marks.push(mark); return mark; };
  const afterPaint = (mark) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { mark.painted = performance.now(); };
    channel.port2.postMessage(null);
  });
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-testid]') : null;
    if (button) record('click', button.getAttribute('data-testid'), event.timeStamp).painted = event.timeStamp;
  }, true);
  document.addEventListener('input', (event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.dataset.testid === 'tool-filter') record('input', input.value, event.timeStamp).painted = event.timeStamp;
  }, true);
  let rowsShown = false;
  let lastPending = null;
  let opened = new Set();
  new MutationObserver(() => {
    const now = performance.now();
    if (!rowsShown) {
      const heading = document.querySelector('[data-testid="schema-panel"] h2');
      const count = Number(/·\\s*(\\d+)\\s+tool/.exec(heading ? heading.textContent : '')?.[1] ?? 0);
      if (count > ${SMALL_MODULE_TOOL_LIMIT} && count !== ${toolsBefore} && document.querySelector('${ROW_SELECTOR}')) {
        rowsShown = true;
        afterPaint(record('rows', String(count), now));
      }
    }
    const counter = document.querySelector('[data-testid="tool-filter-count"]');
    const pending = counter ? counter.getAttribute('data-pending') : null;
    if (pending !== lastPending) {
      lastPending = pending;
      if (pending === 'false') afterPaint(record('filter-applied', counter.textContent, now));
    }
    const current = new Set();
    for (const schema of document.querySelectorAll('[data-testid="sent-schema"]')) {
      const row = schema.closest('${ROW_SELECTOR}');
      if (row) current.add(row.getAttribute('data-testid').slice('tool-card-'.length));
    }
    for (const name of current) if (!opened.has(name)) afterPaint(record('detail', name, now));
    opened = current;
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-pending'] });
})()`;
}

async function readMarks(page: Page): Promise<Mark[]> {
  return (await page.evaluate('window.__schemaPanelBench')) as Mark[];
}

/** Waits for the first painted mark of `kind` (and `detail`, when given) recorded after `from` marks, and returns it. */
async function waitForMark(page: Page, options: { kind: Mark['kind']; from: number; detail?: string; timeoutMs?: number }): Promise<Mark> {
  const test = `(mark) => mark.kind === ${JSON.stringify(options.kind)} && mark.painted !== null${options.detail === undefined ? '' : ` && mark.detail === ${JSON.stringify(options.detail)}`}`;
  await page.waitForFunction(`window.__schemaPanelBench.slice(${options.from}).some(${test})`, undefined, { timeout: options.timeoutMs ?? STEP_TIMEOUT_MS, polling: 'raf' });
  const mark = (await readMarks(page)).slice(options.from).find((entry) => entry.kind === options.kind && entry.painted !== null && (options.detail === undefined || entry.detail === options.detail));
  if (!mark) throw new Error(`the ${options.kind} mark vanished`);
  return mark;
}

function findLast(marks: readonly Mark[], kind: Mark['kind'], detail?: string): Mark {
  const mark = marks.findLast((entry) => entry.kind === kind && (detail === undefined || entry.detail === detail));
  if (!mark) throw new Error(`no ${kind} mark${detail ? ` for ${detail}` : ''}`);
  return mark;
}

function elapsed(from: Mark, to: Mark): number {
  return (to.painted ?? to.at) - from.at;
}

async function countRows(page: Page): Promise<number> {
  return page.locator(ROW_SELECTOR).count();
}

async function importCatalog(page: Page): Promise<{ tools: number; submitToRows: number; submitToCommit: number }> {
  const heading = (await page.getByTestId('schema-panel').locator('h2').textContent()) ?? '';
  const toolsBefore = Number(/·\s*(\d+)\s+tool/.exec(heading)?.[1] ?? 0);
  await page.evaluate(probeScript(toolsBefore));
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file').setInputFiles({ name: 'github-rest.openapi.json', mimeType: 'application/json', buffer: gunzipSync(readFileSync(FIXTURE)) });
  await page.waitForFunction(`document.querySelector('[data-testid="import-submit"]')?.disabled === false`, undefined, { timeout: 60_000 });
  const from = (await readMarks(page)).length;
  await dialog.getByTestId('import-submit').click();
  const rows = await waitForMark(page, { kind: 'rows', from, timeoutMs: IMPORT_TIMEOUT_MS });
  const submit = findLast(await readMarks(page), 'click', 'import-submit');
  await page.waitForFunction(`document.querySelector('[data-testid="compile-status"]')?.getAttribute('data-pending') === 'false'`, undefined, { timeout: IMPORT_TIMEOUT_MS });
  return { tools: Number(rows.detail), submitToRows: elapsed(submit, rows), submitToCommit: rows.at - submit.at };
}

/** The rows in the DOM at the top of the list and with the list scrolled to its middle. */
async function countDomRows(page: Page): Promise<{ top: number; middle: number; panelElements: number }> {
  await page.waitForTimeout(500);
  const top = await countRows(page);
  const panelElements = await page.evaluate(`document.querySelectorAll('[data-testid="schema-panel"] *').length`);
  await page.evaluate(`(() => { const scroller = document.querySelector('[data-testid="tool-cards"]').parentElement; scroller.scrollTop = scroller.scrollHeight / 2; })()`);
  await page.waitForTimeout(500);
  const middle = await countRows(page);
  await page.evaluate(`document.querySelector('[data-testid="tool-cards"]').parentElement.scrollTop = 0`);
  await page.waitForTimeout(200);
  return { top, middle, panelElements: Number(panelElements) };
}

async function clearFilter(page: Page): Promise<void> {
  const filter = page.getByTestId('tool-filter');
  if ((await filter.inputValue()) === '') return;
  const from = (await readMarks(page)).length;
  await filter.fill('');
  await waitForMark(page, { kind: 'filter-applied', from });
}

/**
 * Per run: each key of the query pressed alone and timed from its input event to the painted
 * frame with the filtered rows; then the whole query typed at full speed, timed from the first
 * key to the rows for the complete query.
 */
async function measureFilter(page: Page): Promise<{ keystrokes: number[]; queries: number[]; result: string }> {
  const filter = page.getByTestId('tool-filter');
  const keystrokes: number[] = [];
  const queries: number[] = [];
  let result = '';
  for (let run = 0; run < FILTER_RUNS; run += 1) {
    await clearFilter(page);
    await filter.focus();
    for (const key of QUERY) {
      const from = (await readMarks(page)).length;
      await page.keyboard.type(key);
      const applied = await waitForMark(page, { kind: 'filter-applied', from });
      keystrokes.push(elapsed(findLast((await readMarks(page)).slice(from), 'input'), applied));
      result = applied.detail;
    }
    await clearFilter(page);
    await filter.focus();
    const from = (await readMarks(page)).length;
    await page.keyboard.type(QUERY);
    const marks = (await readMarks(page)).slice(from);
    const first = marks.find((mark) => mark.kind === 'input');
    const last = findLast(marks, 'input', QUERY);
    if (!first) throw new Error('typing the query fired no input event');
    const applied = await waitForMark(page, { kind: 'filter-applied', from: from + marks.indexOf(last) + 1 });
    queries.push(elapsed(first, applied));
  }
  await clearFilter(page);
  return { keystrokes, queries, result };
}

/** Opens (and closes again) the first few rows: click on the disclosure → the detail painted. */
async function measureOpenDetail(page: Page): Promise<number[]> {
  const samples: number[] = [];
  const names = await page.locator(ROW_SELECTOR).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
  for (const testId of names.slice(0, DETAIL_SAMPLES)) {
    const name = testId.slice('tool-card-'.length);
    const toggle = page.getByTestId(`tool-row-toggle-${name}`);
    const from = (await readMarks(page)).length;
    await toggle.click();
    const detail = await waitForMark(page, { kind: 'detail', from, detail: name });
    samples.push(elapsed(findLast(await readMarks(page), 'click', `tool-row-toggle-${name}`), detail));
    await toggle.click();
    await page.getByTestId(testId).getByTestId('sent-schema').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  }
  return samples;
}

type BenchServer = { baseUrl: string; stop(): Promise<void> };

/** `node server.mjs` (what `npm start` runs) on a free loopback port with its own database, or `BENCH_BASE_URL`. */
async function startServer(): Promise<{ ok: true; server: BenchServer } | { ok: false; reason: string }> {
  const existing = process.env.BENCH_BASE_URL;
  if (existing) return { ok: true, server: { baseUrl: existing.replace(/\/$/, ''), stop: () => Promise.resolve() } };
  if (!hasProductionBuild()) return { ok: false, reason: 'skipped: run npm run build first' };
  const port = await findFreePort();
  const dataDirectory = await mkdtemp(path.join(tmpdir(), 'trp-bench-schema-panel-'));
  const child = spawn(process.execPath, ['server.mjs', '-H', '127.0.0.1'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PGLITE_DATA_DIR: dataDirectory },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const server: BenchServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => stopServer(child).then(() => rm(dataDirectory, { recursive: true, force: true })),
  };
  if (await waitUntilHealthy(server.baseUrl, child)) return { ok: true, server };
  await server.stop();
  return { ok: false, reason: `the server did not answer /api/health in ${READY_TIMEOUT_MS / 1000} s${stderr ? `: ${stderr.trim().split('\n').at(-1)}` : ''}` };
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (response.ok) return true;
    } catch (error) {
      // Refused until the server listens: keep polling.
      if (!(error instanceof Error)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Stops the server by its pid (the process group it leads, so a sandbox worker it spawned goes too). */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const group = -child.pid;
  return new Promise((resolve) => {
    const force = setTimeout(() => signalGroup(group, 'SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(force);
      signalGroup(group, 'SIGKILL');
      resolve();
    });
    signalGroup(group, 'SIGTERM');
  });
}

async function measure(baseUrl: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    await page.goto(baseUrl);
    await page.locator(EDITOR_LINES).waitFor({ state: 'visible', timeout: 90_000 });
    const imported = await importCatalog(page);
    const dom = await countDomRows(page);
    const filter = await measureFilter(page);
    const details = await measureOpenDetail(page);
    const panelWidth = await page.getByTestId('schema-panel').evaluate((panel) => Math.round(panel.getBoundingClientRect().width));

    console.log(`Schema panel with GitHub's REST API (${imported.tools} tools), Chromium 1280×800, panel ${panelWidth} px wide.`);
    console.log(`  import submit → first rows painted: ${imported.submitToRows.toFixed(0)} ms (DOM committed at ${imported.submitToCommit.toFixed(0)} ms; includes editor update, compile debounce and the server's compile)`);
    console.log(`  rows in the DOM: ${dom.top} at the top, ${dom.middle} scrolled to the middle; ${dom.panelElements} elements in the whole panel`);
    console.log(`  filter keystroke (each key of "${QUERY}" alone, ${filter.keystrokes.length} keys): p50 ${median(filter.keystrokes).toFixed(1)} ms, p95 ${quantile(filter.keystrokes, 0.95).toFixed(1)} ms; final result ${filter.result}`);
    console.log(`  whole query typed at full speed (${FILTER_RUNS} runs): p50 ${median(filter.queries).toFixed(1)} ms from first key to its rows`);
    console.log(`  open one row's detail (${details.length} rows): p50 ${median(details).toFixed(1)} ms, max ${Math.max(...details).toFixed(1)} ms`);

    const virtualized = dom.top <= 60 && dom.middle <= 60;
    emitFigure({ bench: 'schema-panel.import-to-rows', value: imported.submitToRows, unit: 'ms', note: `${imported.tools} tools: import submit → first rows painted, includes the compile` });
    emitFigure({ bench: 'schema-panel.dom-rows', value: dom.top, unit: 'rows', note: virtualized ? `of ${imported.tools}; ${dom.middle} scrolled to the middle` : `NOT virtualized: ${dom.middle} scrolled to the middle` });
    emitFigure({ bench: 'schema-panel.filter-keystroke.p50', value: median(filter.keystrokes), unit: 'ms', note: `one key of "${QUERY}" → filtered rows painted` });
    emitFigure({ bench: 'schema-panel.filter-keystroke.p95', value: quantile(filter.keystrokes, 0.95), unit: 'ms' });
    emitFigure({ bench: 'schema-panel.filter-query.p50', value: median(filter.queries), unit: 'ms', note: `"${QUERY}" typed at full speed → its rows painted, median of ${FILTER_RUNS}` });
    emitFigure({ bench: 'schema-panel.open-detail.p50', value: median(details), unit: 'ms', note: 'click → the row’s schema, findings and matrix painted' });
  } finally {
    await browser.close();
  }
}

const started = await startServer();
if (!started.ok) {
  console.log(`Schema panel: ${started.reason}`);
  emitFigure({ bench: 'schema-panel.import-to-rows', value: null, unit: 'ms', note: started.reason });
} else {
  try {
    await measure(started.server.baseUrl);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.log(`Schema panel could not be measured: ${reason}`);
    if (process.env.BENCH_DEBUG) console.log(error instanceof Error ? error.stack : error);
    emitFigure({ bench: 'schema-panel.import-to-rows', value: null, unit: 'ms', note: `could not run: ${reason?.slice(0, 160)}` });
  } finally {
    await started.server.stop();
  }
}
