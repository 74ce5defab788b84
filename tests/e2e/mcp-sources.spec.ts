import { expect, test, type Page } from '@playwright/test';
import { startMcpTestServer, type McpTestServer } from '../support/mcp/start-mcp-test-server';
import { SAMPLE_MCP_TOOLS } from '../support/mcp/mcp-test-tool';
import { openPlayground, shareSession, TEST_IDS } from './helpers';

/**
 * A live MCP server on loopback as a tool source: connect with a header, its tools beside the
 * module's, choices and a reload that keep it; the auto model calls its tools, the destructive one
 * asks for approval; Share, stop the server, open the link and Replay: identical.
 */
const TOKEN = 'Bearer e2e-secret-token';
let server: McpTestServer;
let stopped = false;

/** Stops the server once: the story stops it midway, the suite's end otherwise. */
async function stopServer(): Promise<void> {
  if (stopped) return;
  stopped = true;
  await server.close();
}

test.beforeAll(async () => {
  server = await startMcpTestServer({ era: 'modern', tools: SAMPLE_MCP_TOOLS, name: 'demo-weather', version: '0.3.1', requiredHeaders: { authorization: TOKEN } });
});

test.afterAll(stopServer);

async function addServer(page: Page, headerValue: string | null): Promise<void> {
  await page.getByTestId('mcp-add-server').click();
  await page.getByTestId('mcp-url').fill(server.url);
  if (headerValue !== null) {
    await page.getByTestId('mcp-add-header').click();
    await expect(page.getByTestId('mcp-header-name')).toHaveValue('Authorization');
    await page.getByTestId('mcp-header-value').fill(headerValue);
  }
  await page.getByTestId('mcp-connect').click();
}

test('connect a loopback MCP server, run its tools under the runtime, share, stop the server, replay identical', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await openPlayground(page);
  const card = page.locator('[data-testid^="mcp-server-"][data-status]');

  await addServer(page, null);
  await expect(card.getByTestId('mcp-status')).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  await expect(card.getByTestId('mcp-status')).toContainText('401');
  await card.getByTestId('mcp-server-remove').click();
  await expect(card).toHaveCount(0);

  await addServer(page, TOKEN);
  const status = card.getByTestId('mcp-status');
  await expect(status).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await expect(status).toContainText('demo-weather 0.3.1');
  await expect(status).toContainText(/protocol \d{4}-\d{2}-\d{2}/);
  await expect(card.getByTestId('mcp-tool-count')).toHaveText('3 tools');
  await expect(card.getByTestId('mcp-namespace')).toHaveValue('demo-weather');
  // With three panes at 1280 and 1440 px, the server's whole URL is readable and copyable, and the schema header's buttons stay on one line.
  for (const viewport of [{ width: 1440, height: 900 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await expect(card.getByTestId('mcp-server-where')).toHaveText(server.url);
    expect(await card.getByTestId('mcp-server-where').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    for (const button of [page.getByTestId('new-tool-button'), page.getByTestId('mcp-add-server'), card.getByTestId('mcp-server-url-copy')]) {
      expect(await button.evaluate((element) => element.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(element).lineHeight))).toBe(true);
    }
    const header = await page.getByTestId('schema-panel').locator('> div').first().boundingBox();
    const exportBox = await page.getByTestId('export-button').boundingBox();
    expect(exportBox && header && exportBox.x + exportBox.width <= header.x + header.width).toBe(true);
    await page.screenshot({ path: `test-results/mcp-sources-${viewport.width}.png` });
  }
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByTestId('mcp-server-url-copy').click();
  await expect(card.getByTestId('mcp-server-url-copy')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(server.url);

  const weather = page.getByTestId(TEST_IDS.toolCard('demo-weather.get_weather'));
  const wipe = page.getByTestId(TEST_IDS.toolCard('demo-weather.delete_file'));
  await expect(weather.getByTestId('mcp-server-badge')).toHaveText('MCP · demo-weather');
  await expect(weather).toContainText('read-only');
  await expect(weather).toContainText('external');
  await expect(wipe).toContainText('destructive');
  await wipe.scrollIntoViewIfNeeded();
  await wipe.getByTestId('mcp-tool-include').uncheck();
  await expect(wipe.getByTestId('mcp-server-badge')).toHaveText('MCP · demo-weather · left out');

  // Headers live in the tab's session storage only: never in localStorage (drafts live in IndexedDB, which never sees the slice).
  expect(await page.evaluate(() => JSON.stringify(Object.values(localStorage)))).not.toContain('e2e-secret-token');
  await page.reload();
  await expect(card.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await expect(page.getByTestId(TEST_IDS.toolCard('demo-weather.delete_file')).getByTestId('mcp-server-badge')).toHaveText('MCP · demo-weather · left out');
  await page.getByTestId(TEST_IDS.toolCard('demo-weather.delete_file')).getByTestId('mcp-tool-include').check();

  const names = await runServerTools(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await inspectServerCall(page, { screenshot: 'mcp-raw-json-rpc-live' });
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`curl '${server.url}'`);
  expect(curl).toContain("-H 'Authorization: Bearer <redacted>'");
  expect(curl).toContain("-H 'Mcp-Name: get_weather'");
  expect(curl).toContain('"method": "tools/call"');
  expect(curl).not.toContain('e2e-secret-token');
  const link = await shareSession(page);
  await stopServer();

  const fresh = await browser.newContext();
  const viewer = await fresh.newPage();
  await viewer.goto(link);
  await expect(viewer.getByTestId('shared-session-banner')).toBeVisible();
  await expect(viewer.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed', { timeout: 30_000 });
  expect(await callNames(viewer)).toEqual(names);
  await expect(viewer.locator('[data-testid="assembled-tools"] [data-source="mcp"]')).toHaveCount(3);
  await inspectServerCall(viewer, { screenshot: 'mcp-raw-json-rpc-shared' });
  await viewer.getByTestId('replay-button').click();
  await expect(viewer.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: 60_000 });
  await fresh.close();
});

/** The auto model calls the server's tools; the destructive one waits for approval; answers the calls' names in order. */
async function runServerTools(page: Page): Promise<(string | null)[]> {
  await page.getByTestId('model-provider').selectOption('auto');
  await page.getByTestId('permission-mode').selectOption('review');
  await page.getByTestId('run-message').fill('What is the weather in Paris? Then delete notes.txt.');
  await page.getByTestId(TEST_IDS.runButton).click();
  const wipe = page.locator('[data-testid^="call-card-"][data-name="demo-weather.delete_file"]');
  await expect(wipe).toHaveAttribute('data-status', 'awaiting-approval', { timeout: 60_000 });
  await wipe.locator('[data-testid^="approve-"]').click();
  await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended', { timeout: 60_000 });
  await expect(page.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed');
  const weather = page.locator('[data-testid^="call-card-"][data-name="demo-weather.get_weather"]');
  await expect(weather).toHaveAttribute('data-status', 'success');
  await expect(wipe).toHaveAttribute('data-status', 'success');
  return callNames(page);
}

/** Opens the turn's raw JSON-RPC with the server and its get_weather call; copies that call as curl. */
async function inspectServerCall(page: Page, options: { screenshot: string }): Promise<void> {
  await expect(page.getByTestId('assembled-tools-server').first()).toHaveText('MCP · demo-weather');
  await page.getByTestId('inspect-mcp-demo-weather').click();
  const viewer = page.getByTestId('mcp-exchange-viewer');
  await expect(viewer).toHaveAttribute('data-state', 'loaded', { timeout: 30_000 });
  await expect(viewer.getByTestId('mcp-exchange-pick').filter({ hasText: 'tools/list' }).first()).toBeVisible();
  await viewer.getByTestId('mcp-exchange-pick').filter({ hasText: 'tools/call get_weather' }).click();
  await expect(viewer.getByTestId('mcp-exchange-url')).toHaveText(server.url);
  await expect(viewer.getByTestId('mcp-exchange-status')).toHaveText('result');
  await expect(viewer.getByTestId('mcp-exchange-request-body')).toContainText('"name": "get_weather"');
  await viewer.getByTestId('mcp-exchange-tab-response').click();
  await expect(viewer.getByTestId('mcp-exchange-response-body')).toContainText('celsius');
  await page.screenshot({ path: `test-results/${options.screenshot}.png`, fullPage: true });
  await viewer.getByTestId('mcp-copy-curl').click();
}

async function callNames(page: Page): Promise<(string | null)[]> {
  const cards = page.getByTestId(TEST_IDS.timelineRegion).locator('[data-testid^="call-card-"]');
  return cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-name')));
}

test('coming back to the tab lists a connected server again, and its card says which tools changed', async ({ page }) => {
  test.setTimeout(120_000);
  const changing = await startMcpTestServer({ era: 'legacy', tools: SAMPLE_MCP_TOOLS, name: 'changing', version: '1.0.0' });
  try {
    // The page's clock is the test's: its time still flows, and can jump past the relisting interval.
    await page.clock.install();
    await openPlayground(page);
    await page.getByTestId('mcp-add-server').click();
    await page.getByTestId('mcp-url').fill(changing.url);
    await page.getByTestId('mcp-connect').click();
    const card = page.locator('[data-testid^="mcp-server-"][data-status]');
    await expect(card.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    await expect(card.getByTestId('mcp-tool-count')).toHaveText('3 tools');

    // The server's tools change while the person is elsewhere; coming back to the tab a minute later lists them again.
    const forecast = { name: 'get_forecast', description: 'Tomorrow for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, annotations: { readOnlyHint: true }, run: () => ({ content: [{ type: 'text' as const, text: 'sunny' }] }) };
    changing.setTools([...SAMPLE_MCP_TOOLS.filter((tool) => tool.name !== 'fail'), forecast]);
    await page.clock.fastForward(60_000);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(card.getByTestId('mcp-tools-changed')).toHaveText('Tools changed since the last list: added get_forecast; removed fail.', { timeout: 30_000 });
    await expect(card.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId(TEST_IDS.toolCard('changing.get_forecast')).getByTestId('mcp-server-badge')).toHaveText('MCP · changing');
    await expect(page.getByTestId(TEST_IDS.toolCard('changing.fail'))).toHaveCount(0);
  } finally {
    await changing.close();
  }
});
