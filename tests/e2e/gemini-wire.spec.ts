import { expect, test, type Page } from '@playwright/test';
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

/** A call card on the timeline by its qualified name. */
function callCard(page: Page, name: string) {
  return page.locator(`[data-testid^="call-card-"][data-name="${name}"]`);
}

/**
 * One story: the deferred catalog on the embedded auto model in Anthropic's wire format (Anthropic's
 * tool search tool, run by the provider, on the timeline with the tools it loaded) and in Gemini's
 * (no tool search of Gemini's own: the runtime's tool_search, offered as a function), each tool's
 * card saying how it reaches that provider; each turn shared, and Replay identical.
 */
test('a deferred catalog on Anthropic\'s and Gemini\'s wires: the search on the timeline, Share and Replay identical for each', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await openPreset(page, 'tool-search-auto');
  await waitForRunEnd(page, TURN_TIMEOUT);
  // The tool-search-auto preset's message (the composer empties once a message is sent).
  const message = 'Get the weather forecast for "Lisbon", then search support tickets about "invoice PDF".';
  const stories = [
    { wire: 'anthropic', execution: 'server', sent: '"defer_loading": true', card: /defer_loading: true beside Anthropic's tool search tool/ },
    { wire: 'gemini', execution: 'client', sent: '"name": "tool_search"', card: /runtime offers its own tool_search as a function/ },
  ] as const;
  for (const story of stories) {
    await page.getByTestId('clear-conversation').click();
    await page.getByTestId('run-message').fill(message);
    await page.getByTestId('model-wire').selectOption(story.wire);
    // The catalog's rows start closed and are virtualized: filter to the deferred tool and open it.
    await page.getByTestId('tool-filter').fill('get_forecast');
    const toggle = page.getByTestId('tool-row-toggle-weather.get_forecast');
    if ((await toggle.getAttribute('aria-expanded', { timeout: 15_000 })) !== 'true') await toggle.click();
    await expect(page.getByTestId('provider-sending-deferral')).toContainText(story.card);
    await page.getByTestId('tool-card-weather.get_forecast').screenshot({ path: `test-results/deferred-card-${story.wire}.png` });
    await page.getByTestId('tool-filter-clear').click();
    await page.getByTestId(TEST_IDS.runButton).click();
    await waitForRunEnd(page, TURN_TIMEOUT);
    await expect(page.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed');

    const search = page.getByTestId('iteration-1').locator('[data-testid^="tool-search-"][data-execution]');
    await expect(search).toHaveCount(1);
    await expect(search).toHaveAttribute('data-execution', story.execution);
    expect((await search.getAttribute('data-matches'))?.split(' ')).toEqual(expect.arrayContaining(['weather.get_forecast', 'tickets.search_tickets']));
    for (const name of ['weather.get_forecast', 'tickets.search_tickets']) await expect(callCard(page, name)).toHaveAttribute('data-status', 'success');
    await page.getByTestId(TEST_IDS.timelineRegion).screenshot({ path: `test-results/deferred-catalog-${story.wire}.png` });

    await page.getByTestId('inspect-request-1').click();
    await expect(page.getByTestId('exchange-viewer').getByTestId('exchange-request-body')).toContainText(story.sent);
    await page.keyboard.press('Escape');

    const link = await shareSession(page);
    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await viewer.goto(link);
    await expect(viewer.getByTestId('shared-session-banner')).toBeVisible({ timeout: 30_000 });
    await expect(viewer.getByTestId('model-wire')).toHaveValue(story.wire);
    await expect(viewer.getByTestId('iteration-1').locator(`[data-testid^="tool-search-"][data-execution="${story.execution}"]`)).toHaveCount(1);
    await viewer.getByTestId('replay-button').click();
    await expect(viewer.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: TURN_TIMEOUT });
    await viewerContext.close();
  }
});
