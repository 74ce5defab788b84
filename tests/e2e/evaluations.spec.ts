import { expect, test } from '@playwright/test';
import { approvalGatePreset } from '@/lib/presets';
import { choosePreset, openPlayground, replaceEditorText } from './helpers';

const RUNS = 20;
const ASSERTIONS = JSON.stringify([
  { kind: 'tool-called', name: 'delete_file', called: true },
  { kind: 'no-rejected-calls' },
]);
/** Variant B: the same module with delete_file's description sharpened. */
const VARIANT_B = approvalGatePreset.source.replace("'Delete a file from the workspace. Cannot be undone.'", "'Delete one file by its exact path (e.g. build.log). Cannot be undone.'");

test('Run ×20 on two module variants of the approval preset: the pass^k chart, a failing run, Compare two runs, Share the evaluation and open it in a new page', async ({ page, context }) => {
  test.setTimeout(300_000);
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

  const sheet = page.getByTestId('evaluation-sheet');
  await expect(sheet.getByRole('heading', { name: `Evaluation · ${2 * RUNS} of ${2 * RUNS} runs · finished` })).toBeVisible({ timeout: 240_000 });
  await expect(page.getByTestId('evaluation-progress-text')).toHaveText(new RegExp(`^${2 * RUNS} of ${2 * RUNS} runs`));

  // The chart: one line and one row of numbers per variant, pass^1 down to pass^20.
  await expect(sheet.getByTestId('pass-k-line')).toHaveCount(2);
  const rows = sheet.getByTestId('pass-k-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-group', /· A$/);
  await expect(rows.first().locator('td').nth(1)).toHaveText(/^(\d+%|<1%|>99%)$/);
  await expect(sheet.getByRole('columnheader', { name: `pass^${RUNS}` }).first()).toBeVisible();
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
});
