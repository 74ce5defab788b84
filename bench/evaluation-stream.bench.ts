import { chromium, errors } from '@playwright/test';
import { startServer } from '../harness/start-server';
import { warmUp } from '../harness/warm-up';
import { emitFigure } from './support/figure';
import { hasProductionBuild } from './support/production-server';

/**
 * The page's main thread while an evaluation's results stream in: the built app in Chromium, the
 * auto model with faults preset, Run ×20 (`--runs=N`) from the run panel (the results sheet re-summarizes and
 * redraws as each run ends). Prints the longest task the page ran meanwhile (Long Tasks API: any
 * task over 50 ms is reported; none means the longest was under 50 ms) and how many ran over 50 ms.
 */
const RUNS = Number(process.argv.find((argument) => argument.startsWith('--runs='))?.slice('--runs='.length) ?? 20);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const EVALUATION_TIMEOUT_MS = 600_000;
/** The figure's name: `evaluation-stream-longest-task` for the default 20 runs, with the count appended otherwise. */
const FIGURE = RUNS === 20 ? 'evaluation-stream-longest-task' : `evaluation-stream-longest-task.${RUNS}-runs`;

/** Installed as source text (tsx's `__name` helper does not exist inside the page). */
const PROBE = `(() => {
  const tasks = [];
  window.__evaluationBench = tasks;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration }); }).observe({ type: 'longtask' });
})()`;

async function main(): Promise<void> {
  if (!hasProductionBuild()) {
    emitFigure({ bench: FIGURE, value: null, unit: 'ms', note: 'skipped: no production build (npm run build)' });
    return;
  }
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await warmUp(server.baseURL);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.baseURL}/`);
    await page.getByTestId('presets-button').click();
    await page.getByTestId('preset-auto-model-faults').click();
    // Loading a preset runs it once: let that turn end (or stop it) and start a fresh conversation.
    const stop = page.getByTestId('stop-button');
    // The turn may end between the check and the click: a Stop that stays disabled is no failure.
    if (await stop.isEnabled()) {
      await stop.click({ timeout: 5_000 }).catch((error: unknown) => {
        if (!(error instanceof errors.TimeoutError)) throw error;
      });
    }
    await page.locator('[data-testid="run-status"][data-phase="ended"]').waitFor({ timeout: 180_000 });
    await page.getByTestId('clear-conversation').click();
    await page.getByTestId('run-message').fill('Read notes.txt and summarize it.');
    await page.getByTestId('evaluate-panel').locator('summary').click();
    await page.getByTestId('evaluation-runs').fill(String(RUNS));
    await page.evaluate(PROBE);
    const startedInPage = await page.evaluate(() => performance.now());
    const started = Date.now();
    await page.getByTestId('evaluation-start').click();
    // Any ending (a stopped or failed evaluation too), so the figure says how it ended instead of timing out. The
    // sheet's heading is read with one querySelector every 250 ms: Playwright's role locators compute accessible
    // names over the whole sheet on the page's main thread, and their polling showed up in the tasks measured.
    const ended = await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="evaluation-sheet"] h2')?.textContent ?? '';
        return / runs · (finished|stopped|failed)/.test(text) ? text : false;
      },
      undefined,
      { polling: 250, timeout: EVALUATION_TIMEOUT_MS },
    );
    const wallMs = Date.now() - started;
    const ending = String(await ended.jsonValue()).trim();
    const tasks = await page.evaluate(() => (window as unknown as { __evaluationBench: Array<{ start: number; duration: number }> }).__evaluationBench);
    const longest = Math.max(0, ...tasks.map((task) => task.duration));
    // When each long task ran, from the click: a task that grows with the runs so far shows here.
    if (tasks.length > 0) console.log(`tasks over 50 ms: ${tasks.map((task) => `${Math.round(task.duration)} ms at ${((task.start - startedInPage) / 1000).toFixed(1)} s`).join(', ')}`);
    emitFigure({
      bench: FIGURE,
      value: longest,
      unit: 'ms',
      note: `${RUNS} runs streamed in ${(wallMs / 1000).toFixed(1)} s ("${ending}"); ${tasks.length} task(s) over 50 ms${tasks.length === 0 ? ' (the longest was under 50 ms)' : ''}`,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
