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

/**
 * Side by side continuing a conversation: the schema cards switch to each column's provider, a
 * remote row says where it sends and with which key, the columns number their turn after the
 * conversation's, a request that got no answer says why in its row, and a column the server
 * refused says why where its events would be.
 */
test('columns continue the conversation: their own schemas, keys, turn numbers and refusals', async ({ page }) => {
  test.setTimeout(180_000);
  await openPreset(page, 'auto-model-faults');
  await waitForRunEnd(page, TURN_TIMEOUT);
  await page.getByTestId('run-message').fill('Search the docs about login errors and fetch ticket 42.');
  await page.getByTestId('model-config-add').click();
  await page.getByTestId('model-config-add').click();
  await page.getByTestId('model-config-provider-2').selectOption('openai');
  await expect(page.getByTestId('model-config-destination-2')).toHaveText(
    "Sends to the server's OpenAI base URL (its OPENAI_BASE_URL, else https://api.openai.com/v1) with the server's OPENAI_API_KEY, when it has one.",
  );
  await page.getByTestId('model-config-base-url-2').fill('https://llm.example.test/v1');
  await expect(page.getByTestId('model-config-destination-2')).toHaveText('Sends to llm.example.test (https://llm.example.test/v1) with no key.');
  await page.getByTestId('model-config-base-url-2').fill('');

  // The schema cards show the tools as the chosen column's provider is sent them.
  const card = page.getByTestId(TEST_IDS.toolCard('search_docs'));
  await expect(page.getByTestId('schema-model-0')).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('sent-schema')).toBeVisible();
  await page.getByTestId('schema-model-1').click();
  await expect(card.getByTestId('provider-sending')).toHaveAttribute('data-provider', 'anthropic');
  await page.getByTestId('schema-model-2').click();
  await expect(card.getByTestId('sent-schema')).toBeVisible();

  // The server refuses the Anthropic-wire column's turn before it starts.
  await page.route('**/api/turns', async (route) => {
    const body = route.request().postDataJSON() as { model?: { wire?: string } };
    if (body.model?.wire !== 'anthropic') return route.continue();
    return route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'Too many turns from your address; try again in a minute.' }) });
  });
  await page.getByTestId(TEST_IDS.runButton).click();
  const columns = [0, 1, 2].map((index) => page.getByTestId(`side-by-side-column-${index}`));
  for (const column of columns) await expect(column).toHaveAttribute('data-phase', 'ended', { timeout: TURN_TIMEOUT });
  await expect(columns[0]!.getByTestId('turn-number')).toHaveText('Turn 2');
  await expect(columns[0]!.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed');

  await expect(columns[1]!.getByTestId('column-status')).toHaveText('refused');
  await expect(columns[1]!.getByTestId('turn-refusal')).toContainText('Too many turns from your address; try again in a minute.');
  await expect(columns[1]!.getByTestId('turn-section')).toContainText('refused');

  await expect(columns[2]!.getByTestId('turn-number')).toHaveText('Turn 2');
  await expect(columns[2]!.getByTestId('request-unanswered-1')).toContainText('No OpenAI API key');
  await expect(columns[2]!.getByTestId('inspect-request-1')).toHaveCount(0);

  await page.screenshot({ path: 'test-results/side-by-side-continued-1280.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/side-by-side-continued-1440.png' });
});
