import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { approvalGatePreset } from '@/lib/presets';
import { choosePreset, openPlayground, replaceEditorText } from './helpers';

const RUNS = 20;
const ASSERTIONS = JSON.stringify([
  { kind: 'tool-called', name: 'delete_file', called: true },
  { kind: 'no-rejected-calls' },
]);
/** Variant B: the same module with delete_file's description sharpened. */
const VARIANT_B = approvalGatePreset.source.replace("'Delete a file from the workspace. Cannot be undone.'", "'Delete one file by its exact path (e.g. build.log). Cannot be undone.'");

/** Clicks a download link and reads what the browser saved. */
async function download(page: Page, testId: string): Promise<{ fileName: string; text: string }> {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await saved.path();
  return { fileName: saved.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('Run ×20 on two module variants of the approval preset: the layout changes mid-run, the pass^k chart, a failing run, Compare two runs, Share; on /e/<id> Replay, Run again live and both exports', async ({ page, context }) => {
  test.setTimeout(600_000);
  await openPlayground(page);
  await choosePreset(page, approvalGatePreset.id);
  // Loading the preset runs it, and its delete waits for a person: stop it and start a fresh conversation.
  await page.getByTestId('stop-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-phase', 'ended', { timeout: 30_000 });
  await page.getByTestId('clear-conversation').click();
  await page.getByTestId('run-message').fill(approvalGatePreset.message);
  // The embedded auto model with faults varies from run to run, so some runs fail an assertion.
  await page.getByTestId('model-provider').selectOption('auto');
  await page.getByTestId('model-fault-rate').fill('0.4');
  await page.getByTestId('edit-assertions').click();
  await page.getByTestId('assertions-text').fill(ASSERTIONS);
  await page.getByTestId('edit-assertions').click();

  const panel = page.getByTestId('evaluate-panel');
  await panel.locator('summary').click();
  await panel.getByTestId('pin-as-a').click();
  await expect(panel.getByTestId('variant-a')).toContainText('B is the editor');
  await replaceEditorText(page, VARIANT_B);
  await panel.getByTestId('evaluation-runs').fill(String(RUNS));
  await panel.getByTestId('evaluation-start').click();

  // While runs stream in, close the results and narrow the window: below 1200 px the columns become
  // tabs, a new tree that mounts the run panel afresh. The evaluation keeps running through it (and
  // back), and the panel shows its progress on the Run tab.
  const sheet = page.getByTestId('evaluation-sheet');
  await expect(sheet).toBeVisible();
  await page.getByTestId('evaluation-sheet-close').click();
  const progress = panel.getByTestId('evaluation-progress-text');
  const counted = new RegExp(`^\\d+ of ${2 * RUNS} runs`);
  await expect(progress).toHaveText(counted);
  const before = Number((await progress.textContent())?.split(' ')[0]);
  await page.setViewportSize({ width: 1100, height: 800 });
  await expect(page.getByTestId('panel-tab-schemas')).toBeVisible();
  await page.getByTestId('panel-tab-schemas').click();
  await expect(page.getByTestId('run-panel')).toBeHidden();
  await page.getByTestId('panel-tab-run').click();
  await expect(progress).toHaveText(counted);
  expect(Number((await progress.textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(before);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('panel-tab-schemas')).toBeHidden();
  await expect(progress).toHaveText(counted);
  test.info().annotations.push({ type: 'layout switched', description: `after ${before} of ${2 * RUNS} runs` });
  await expect(progress).toHaveText(new RegExp(`^${2 * RUNS} of ${2 * RUNS} runs`), { timeout: 240_000 });
  await panel.getByTestId('evaluation-show-results').click();
  await expect(sheet.getByRole('heading', { name: `Evaluation · ${2 * RUNS} of ${2 * RUNS} runs · finished` })).toBeVisible();

  // The chart: one line and one row of numbers per variant, pass^1 down to pass^20.
  await expect(sheet.getByTestId('pass-k-line')).toHaveCount(2);
  const rows = sheet.getByTestId('pass-k-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-group', /· A$/);
  await expect(rows.first().locator('td').nth(1)).toHaveText(/^(\d+%|<1%|>99%)$/);
  await expect(sheet.getByRole('columnheader', { name: `pass^${RUNS}` }).first()).toBeVisible();
  // The share of calls repaired, overall and by rung, per model × variant.
  await expect(sheet.getByTestId('repaired-share')).toHaveCount(2);
  await expect(sheet.getByTestId('repaired-share').first()).toHaveText(/^repaired (\d+%|<1%|>99%)/);
  await expect(sheet.getByTestId('variant-differences')).toContainText(/(B passed|A and B both passed) “every assertion”/);
  await expect(sheet.getByTestId('evaluation-group')).toHaveCount(2);

  // One click opens a failing run as its session's timeline.
  const failing = sheet.getByTestId('open-failing-run');
  await expect(failing).toBeVisible();
  const [failingPage] = await Promise.all([context.waitForEvent('page'), failing.click()]);
  await expect(failingPage.getByTestId('shared-session-banner')).toBeVisible({ timeout: 30_000 });
  await failingPage.close();

  // Pick two runs and Compare them at their first divergence.
  const chips = sheet.getByTestId('run-chip');
  await chips.nth(0).getByRole('checkbox').check();
  await chips.nth(RUNS).getByRole('checkbox').check();
  const [comparePage] = await Promise.all([context.waitForEvent('page'), sheet.getByTestId('compare-picked-runs').click()]);
  await expect(comparePage.getByTestId('comparison')).toBeVisible({ timeout: 30_000 });
  await comparePage.close();

  // Share: the link opens the results at once in a new page.
  await sheet.getByTestId('evaluation-share').click();
  const link = sheet.getByTestId('evaluation-share-link');
  await expect(link).toHaveText(/^\/e\/[A-Za-z0-9_-]+$/);
  const shared = await context.newPage();
  await shared.goto((await link.getAttribute('href')) ?? '');
  await expect(shared.getByTestId('evaluation-heading')).toContainText(`${2 * RUNS} of ${2 * RUNS} runs · finished`);
  await expect(shared.getByTestId('pass-k-row')).toHaveCount(2);
  await expect(shared.getByTestId('run-chip')).toHaveCount(2 * RUNS);
  const evaluationId = (await link.getAttribute('href'))?.slice('/e/'.length) ?? '';

  // Replay re-checks every run on its tape: all identical, and no model is called.
  await shared.getByTestId('evaluation-replay').click();
  await expect(shared.getByTestId('evaluation-replay-verdict')).toHaveText(`Replay: all ${2 * RUNS} runs identical on their tapes, no model called`, { timeout: 120_000 });

  // Both exports download as files: the suite replays every stored run through the session export's runtime;
  // the Promptfoo configuration carries each variant's tools in it.
  const suite = await download(shared, 'evaluation-export-vitest');
  expect(suite.fileName).toBe(`evaluation-${evaluationId}.test.ts`);
  expect(suite.text).toContain("from './playground-replay.mjs';");
  expect(suite.text.match(/^ {2}\{ label: /gm)).toHaveLength(2 * RUNS);
  const config = await download(shared, 'evaluation-export-promptfoo');
  expect(config.fileName).toBe(`promptfooconfig-${evaluationId}.yaml`);
  const parsed = JSON.parse(config.text.replace(/^#.*\n/gm, '')) as { providers: { label: string; config: { tools: { function: { name: string } }[] } }[]; tests: { assert: { type: string }[] }[]; evaluateOptions: { repeat: number } };
  expect(parsed.evaluateOptions.repeat).toBe(RUNS);
  expect(parsed.providers.map((provider) => provider.label)).toEqual([expect.stringMatching(/· A$/), expect.stringMatching(/· B$/)]);
  for (const provider of parsed.providers) expect(provider.config.tools.map((tool) => tool.function.name)).toContain('delete_file');
  expect(parsed.tests[0]?.assert.map((assertion) => assertion.type)).toEqual(['javascript', 'is-valid-openai-tools-call']);
  expect(config.text).not.toContain('file://');

  // Run again live: a new evaluation, with its own id, streams in here and finishes.
  await shared.getByTestId('evaluation-run-again').click();
  const liveLink = shared.getByTestId('evaluation-live-link');
  await expect(liveLink).toHaveText(/^\/e\/[A-Za-z0-9_-]+$/);
  expect(await liveLink.textContent()).not.toBe(`/e/${evaluationId}`);
  await expect(shared.getByTestId('evaluation-heading')).toContainText(`${2 * RUNS} of ${2 * RUNS} runs · finished`, { timeout: 240_000 });
  await expect(shared.getByTestId('pass-k-row')).toHaveCount(2);
  await expect(shared.getByTestId('evaluation-replay-verdict')).toHaveCount(0);
  const again = await context.newPage();
  await again.goto((await liveLink.getAttribute('href')) ?? '');
  await expect(again.getByTestId('evaluation-heading')).toContainText(`${2 * RUNS} of ${2 * RUNS} runs · finished`);
});
