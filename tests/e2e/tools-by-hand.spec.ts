import { expect, test } from '@playwright/test';
import { openPlayground, openPreset, replaceEditorText, shareSession, TEST_IDS, waitForRunEnd } from './helpers';

/** Tools answered by hand, Try on a tool card, and the raw request view. */
const TURN_TIMEOUT = 45_000;

const ORDER_MODULE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'get_order',
    description: 'Look up an order by its id.',
    schema: z.object({ id: z.string().describe('The order id') }),
    outputSchema: z.object({ status: z.string() }),
    isReadOnly: true,
    // No execute: a person types what the model gets back.
  }),
];
`;

test('a tool without execute is answered by hand, then the shared session replays it identically', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await openPlayground(page);
  await replaceEditorText(page, ORDER_MODULE);
  await expect(page.getByTestId(TEST_IDS.toolCard('get_order'))).toBeVisible();
  await expect(page.getByTestId('answer-by-hand-get_order')).toBeChecked();
  await expect(page.getByTestId('answer-by-hand-get_order')).toBeDisabled();
  await page.getByTestId('model-provider').selectOption('auto');
  await page.getByTestId('run-message').fill('Look up order "42".');
  await page.getByTestId(TEST_IDS.runButton).click();

  const editor = page.locator('[data-testid^="manual-output-"]');
  await expect(editor).toBeVisible({ timeout: TURN_TIMEOUT });
  const card = page.locator('[data-testid^="call-card-"][data-name="get_order"]');
  await expect(card.getByTestId('call-status')).toHaveText('needs an output');
  // The run panel says a person is needed, and Show brings the card into view.
  await expect(page.getByTestId('waiting-for-you')).toContainText('Waiting for you: 1 typed output');
  await page.getByTestId('show-waiting-call').click();
  await expect(editor).toBeInViewport();
  // A typo is caught as it is typed, and Submit asks before an invalid output goes out.
  await editor.fill('{"status": 42}');
  await expect(page.getByTestId('output-issue').first()).toContainText('status');
  await page.locator('[data-testid^="submit-output-"]').click();
  await expect(page.locator('[data-testid^="confirm-invalid-output-"]')).toContainText('Send anyway as an error?');
  await page.locator('[data-testid^="keep-editing-output-"]').click();
  await expect(card).toHaveAttribute('data-status', 'awaiting-output');
  await editor.fill('{"status":"shipped on Monday"}');
  await expect(page.getByTestId('output-check')).toHaveAttribute('data-valid', 'true');
  await page.locator('[data-testid^="submit-output-"]').click();
  await waitForRunEnd(page, TURN_TIMEOUT);
  await expect(card).toHaveAttribute('data-status', 'success');
  await expect(card).toContainText('shipped on Monday');
  await expect(card.getByTestId('output-response')).toHaveAttribute('data-decided-by', 'human');

  const link = await shareSession(page);
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(link);
  await expect(viewer.locator('[data-testid^="call-card-"][data-name="get_order"]')).toContainText('shipped on Monday');
  await viewer.getByTestId('replay-button').click();
  await expect(viewer.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: TURN_TIMEOUT });
  await viewerContext.close();
});

test('Try runs a tool directly with arguments checked as you type, and shows the call card', async ({ page }) => {
  await openPreset(page, 'parallel-and-sequential');
  await waitForRunEnd(page, TURN_TIMEOUT);
  const card = page.getByTestId(TEST_IDS.toolCard('read_file'));
  await card.getByTestId('try-read_file').click();
  const panel = card.getByTestId('try-panel');
  const args = panel.getByTestId('try-arguments');
  await expect(args).not.toHaveValue('');
  await args.fill('{"path": 42}');
  await expect(panel.getByTestId('try-issue').first()).toContainText('path');
  await args.fill('{"path": "notes/monday.md"}');
  await expect(panel.getByTestId('try-issues')).toHaveCount(0);
  await panel.getByTestId('try-run').click();
  const result = panel.getByTestId('try-result');
  await expect(result.locator('[data-testid^="call-card-"]')).toHaveAttribute('data-status', 'success', { timeout: TURN_TIMEOUT });
  await expect(result).toContainText('Shipped the parser.');

  // Malformed JSON is not blocked: it goes through the repair ladder like a model's arguments.
  await args.fill("{'path': 'notes/tuesday.md',}");
  await panel.getByTestId('try-run').click();
  await expect(result.locator('[data-testid^="call-card-"]')).toHaveAttribute('data-status', 'success', { timeout: TURN_TIMEOUT });
  await expect(result).toContainText('Fixed the flaky test.');
});

test('a model request opens its exact body and copies as curl', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPreset(page, 'parallel-and-sequential');
  await waitForRunEnd(page, TURN_TIMEOUT);
  await page.getByTestId('inspect-request-1').click();
  const viewer = page.getByTestId('exchange-viewer');
  await expect(viewer.getByTestId('exchange-request-body')).toContainText('"model": "embedded-scripted"');
  await expect(viewer.getByTestId('exchange-request-body')).toContainText('Summarize my notes for the week');
  await expect(viewer.getByTestId('exchange-status')).toHaveText('200');
  await viewer.getByTestId('copy-curl').click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toMatch(/^(# .*\n)*curl /);
  expect(curl).toContain('Authorization: Bearer $OPENAI_API_KEY');
  expect(curl).toContain('"model": "embedded-scripted"');
  await viewer.getByTestId('exchange-tab-response').click();
  await expect(viewer.getByTestId('exchange-response-body')).toContainText('"output"');
});
