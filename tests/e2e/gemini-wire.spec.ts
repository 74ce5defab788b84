import { expect, test } from '@playwright/test';
import { openPreset, shareSession, TEST_IDS, waitForRunEnd } from './helpers';

const TURN_TIMEOUT = 60_000;

/**
 * One story: the auto model's preset on OpenAI's wire, then the same message on Gemini's wire
 * (the official @google/genai SDK reading the embedded model), its raw request in Gemini's own
 * format, Copy as curl speaking Gemini, the Gemini provider's fields, and Share keeping the wire.
 */
test('the embedded model answers in Gemini\'s wire format, shown as Gemini would receive it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPreset(page, 'auto-model-faults');
  await waitForRunEnd(page, TURN_TIMEOUT);

  await page.getByTestId('clear-conversation').click();
  await page.getByTestId('run-message').fill('Search the docs about login errors, fetch ticket 42 and add a comment to the ticket with what you found.');
  await page.getByTestId('model-wire').selectOption('gemini');
  await page.getByTestId(TEST_IDS.runButton).click();
  await waitForRunEnd(page, TURN_TIMEOUT);
  await expect(page.getByTestId(TEST_IDS.runStatus)).not.toContainText(/error/i);

  await page.getByTestId('inspect-request-1').click();
  const viewer = page.getByTestId('exchange-viewer');
  await expect(viewer.getByTestId('exchange-url')).toHaveText('http://embedded.invalid/v1beta/models/embedded-auto:streamGenerateContent?alt=sse');
  await expect(viewer.getByTestId('exchange-request-body')).toContainText('"functionDeclarations"');
  await expect(viewer.getByTestId('exchange-request-body')).toContainText('"contents"');
  await expect(viewer.getByTestId('exchange-status')).toHaveText('200');
  await viewer.getByTestId('copy-curl').click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain('-H "x-goog-api-key: $GEMINI_API_KEY"');
  expect(curl).toContain('# To send this to Gemini, use https://generativelanguage.googleapis.com instead');
  await expect(viewer.getByTestId('copy-sdk')).toHaveText(/@google\/genai/);
  await page.screenshot({ path: 'test-results/gemini-wire-raw-request.png' });

  const link = await shareSession(page);
  const shared = await context.newPage();
  await shared.goto(link);
  await expect(shared.getByTestId('model-wire')).toHaveValue('gemini', { timeout: 30_000 });
  await shared.close();

  await page.keyboard.press('Escape');
  await page.getByTestId('model-provider').selectOption('gemini');
  await expect(page.getByTestId('model-name')).toHaveValue('gemini-2.5-flash');
  await expect(page.getByTestId('model-destination')).toContainText("the server's Gemini base URL");
  await page.getByTestId('model-gemini-mode').selectOption('VALIDATED');
  await page.getByTestId('run-panel').screenshot({ path: 'test-results/gemini-provider-fields.png' });
});
