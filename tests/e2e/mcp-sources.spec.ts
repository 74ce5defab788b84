import { expect, test, type Page } from '@playwright/test';
import { startMcpTestServer, type McpTestServer } from '../support/mcp/start-mcp-test-server';
import { SAMPLE_MCP_TOOLS } from '../support/mcp/mcp-test-tool';
import { openPlayground, TEST_IDS } from './helpers';

/** A live MCP server on loopback as a tool source: connect with a header, its tools beside the module's, choices, and a reload that keeps it. */
const TOKEN = 'Bearer e2e-secret-token';
let server: McpTestServer;

test.beforeAll(async () => {
  server = await startMcpTestServer({ era: 'modern', tools: SAMPLE_MCP_TOOLS, name: 'demo-weather', version: '0.3.1', requiredHeaders: { authorization: TOKEN } });
});

test.afterAll(async () => {
  await server.close();
});

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

test('connect a loopback MCP server: a missing header says why, its tools get server badges, choices and a reload keep it', async ({ page }) => {
  test.setTimeout(120_000);
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
});
