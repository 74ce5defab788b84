import { chromium } from '@playwright/test';
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
const EVALUATION_TIMEOUT_MS = 300_000;

/** Installed as source text (tsx's `__name` helper does not exist inside the page). */
const PROBE = `(() => {
  const tasks = [];
  window.__evaluationBench = tasks;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration }); }).observe({ type: 'longtask' });
})()`;

async function main(): Promise<void> {
  if (!hasProductionBuild()) {
    emitFigure({ bench: 'evaluation-stream-longest-task', value: null, unit: 'ms', note: 'skipped: no production build (npm run build)' });
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
    if (await stop.isEnabled()) await stop.click();
    await page.locator('[data-testid="run-status"][data-phase="ended"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('clear-conversation').click();
    await page.getByTestId('run-message').fill('Read notes.txt and summarize it.');
    await page.getByTestId('evaluate-panel').locator('summary').click();
    await page.getByTestId('evaluation-runs').fill(String(RUNS));
    await page.evaluate(PROBE);
    const started = Date.now();
    await page.getByTestId('evaluation-start').click();
    await page.getByTestId('evaluation-sheet').getByRole('heading', { name: new RegExp(`${RUNS} of ${RUNS} runs · finished`) }).waitFor({ timeout: EVALUATION_TIMEOUT_MS });
    const wallMs = Date.now() - started;
    const tasks = await page.evaluate(() => (window as unknown as { __evaluationBench: Array<{ duration: number }> }).__evaluationBench);
    const longest = Math.max(0, ...tasks.map((task) => task.duration));
    emitFigure({
      bench: 'evaluation-stream-longest-task',
      value: longest,
      unit: 'ms',
      note: `${RUNS} runs streamed in ${(wallMs / 1000).toFixed(1)} s; ${tasks.length} task(s) over 50 ms${tasks.length === 0 ? ' (the longest was under 50 ms)' : ''}`,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
