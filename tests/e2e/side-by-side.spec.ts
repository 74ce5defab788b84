import { expect, test } from '@playwright/test';
import { openPreset, TEST_IDS, waitForRunEnd } from './helpers';

const TURN_TIMEOUT = 60_000;

/**
 * One story: the auto model's preset sent side by side to the embedded model on the Responses,
 * Anthropic and Gemini wires, each column its own live turn; one column shared and opened as a
 * normal session; two columns opened in Compare.
 */
test('the same message runs side by side on three wire formats, a column shares alone and two compare', async ({ page, context }) => {
  await openPreset(page, 'auto-model-faults');
  await waitForRunEnd(page, TURN_TIMEOUT);
  await page.getByTestId('clear-conversation').click();
  await page.getByTestId('run-message').fill('Search the docs about login errors, fetch ticket 42 and add a comment to the ticket with what you found.');

  await page.getByTestId('model-config-add').click();
  await page.getByTestId('model-config-add').click();
  await expect(page.getByTestId('model-config-wire-0')).toHaveValue('openai');
  await expect(page.getByTestId('model-config-wire-1')).toHaveValue('anthropic');
  await expect(page.getByTestId('model-config-wire-2')).toHaveValue('gemini');
  await expect(page.getByTestId(TEST_IDS.runButton)).toHaveText('Run on 3 ▶');
  // The models chosen are part of the draft: a reload keeps them (and the message).
  await page.reload();
  await expect(page.getByTestId('draft-notice')).toContainText('Restored your draft from', { timeout: 30_000 });
  await expect(page.getByTestId('model-config-wire-1')).toHaveValue('anthropic');
  await expect(page.getByTestId('model-config-wire-2')).toHaveValue('gemini');
  await expect(page.getByTestId('run-message')).toHaveValue(/^Search the docs about login errors/);
  await expect(page.getByTestId(TEST_IDS.runButton)).toHaveText('Run on 3 ▶');
  await page.getByTestId(TEST_IDS.runButton).click();

  const columns = [0, 1, 2].map((index) => page.getByTestId(`side-by-side-column-${index}`));
  await expect(page.getByTestId('side-by-side')).toHaveAttribute('data-columns', '3');
  await expect(columns[0]!.getByTestId('column-title')).toHaveText('auto · Responses wire');
  await expect(columns[1]!.getByTestId('column-title')).toHaveText('auto · Anthropic wire');
  await expect(columns[2]!.getByTestId('column-title')).toHaveText('auto · Gemini wire');
  for (const column of columns) {
    await expect(column).toHaveAttribute('data-phase', 'ended', { timeout: TURN_TIMEOUT });
    await expect(column.getByTestId('turn-end')).toBeVisible();
    await expect(column.getByTestId('column-errors')).toHaveCount(0);
  }
  await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended');
  // Each column holds one turn, under a turn id of its own.
  const turns = await Promise.all(columns.map((column) => column.getByTestId('timeline').getAttribute('data-turns')));
  expect(turns).toEqual(['1', '1', '1']);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/side-by-side-1440.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/side-by-side-1280.png' });
  for (const column of columns) {
    const box = await column.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(240);
  }

  await columns[1]!.getByTestId('share-button').click();
  const link = await columns[1]!.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
  const shared = await context.newPage();
  await shared.goto(link);
  await expect(shared.getByTestId('model-wire')).toHaveValue('anthropic', { timeout: 30_000 });
  await expect(shared.getByTestId('turn-end')).toHaveCount(1);
  await shared.close();
  await columns[1]!.getByRole('button', { name: 'Close' }).click();

  await columns[0]!.getByTestId('column-compare-pick').check();
  await columns[2]!.getByTestId('column-compare-pick').check();
  await page.getByTestId('compare-columns').click();
  await expect(page).toHaveURL(/\/compare\/[A-Za-z0-9_-]{22}\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
  await expect(page.getByTestId('comparison')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('compare-turn')).toHaveCount(1);
});
