import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Locator } from '@playwright/test';
import { openPlayground, replaceEditorText, TEST_IDS, waitForRunEnd } from './helpers';

/**
 * Real catalogs through the browser: GitHub's REST description (1,223 operations, trimmed to its
 * requests) and a Microsoft Graph-sized one (2,700, generated in Graph's shape; both in
 * tests/fixtures/catalogs) imported through the dialog, the panel filtered, and one of their
 * tools run by the auto model through Tool Search.
 */
const GITHUB = gunzipSync(readFileSync(new URL('../fixtures/catalogs/github-rest.openapi.json.gz', import.meta.url)));
const GRAPH = gunzipSync(readFileSync(new URL('../fixtures/catalogs/graph-like.openapi.json.gz', import.meta.url)));
/** What the Graph-sized turn asks, and the deferred operation the auto model finds and calls for it. */
const GRAPH_MESSAGE = 'Send mail from user adele@contoso.com with the subject "Quarterly report"';
const GRAPH_CALLED = 'users_user.sendMail';

/** A number as the timeline writes it (thousands separated). */
function readCount(text: string | null, pattern: RegExp): number {
  const match = pattern.exec(text ?? '');
  return match?.[1] === undefined ? 0 : Number(match[1].replace(/,/g, ''));
}

/**
 * The context meter adds up: every request offers some tools and defers the rest of the catalog,
 * its tokens row says the same deferred count, the meter is the sum of the rows, and the
 * provider's input count (the whole request) is never below the tool tokens sent in it.
 */
async function expectMeterToAddUp(timeline: Locator, toolCount: number): Promise<void> {
  const requests = timeline.getByTestId('model-request');
  const tokenRows = timeline.locator('[data-testid^="iteration-tokens-"]');
  const inputs = timeline.getByTestId('request-usage').locator('[data-usage="input"]');
  const count = await requests.count();
  expect(count).toBeGreaterThan(1);
  await expect(tokenRows).toHaveCount(count);
  await expect(inputs).toHaveCount(count);
  let sent = 0;
  let allLoaded = 0;
  for (let index = 0; index < count; index += 1) {
    const text = await requests.nth(index).textContent();
    const offered = readCount(text, /([\d,]+) tools? \+ tool_search offered/);
    const deferred = readCount(text, /([\d,]+) deferred behind it/);
    expect(offered + deferred, text ?? '').toBe(toolCount);
    const row = tokenRows.nth(index);
    expect(Number(await row.getAttribute('data-deferred'))).toBe(deferred);
    const rowSent = Number(await row.getAttribute('data-sent'));
    sent += rowSent;
    allLoaded += Number(await row.getAttribute('data-all-loaded'));
    expect(readCount(await inputs.nth(index).textContent(), /([\d,]+)/)).toBeGreaterThanOrEqual(rowSent);
  }
  const meter = timeline.getByTestId('context-meter');
  await expect(meter).toHaveAttribute('data-requests', String(count));
  await expect(meter).toHaveAttribute('data-sent', String(sent));
  await expect(meter).toHaveAttribute('data-all-loaded', String(allLoaded));
  await expect(meter.getByTestId('context-meter-savings')).toHaveAttribute('data-saved', String(allLoaded - sent));
}

test('imports GitHub REST, filters the 1,223-tool panel and runs one of its tools with the auto model', async ({ page }) => {
  test.setTimeout(180_000);
  await openPlayground(page);
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file').setInputFiles({ name: 'api.github.com.json', mimeType: 'application/json', buffer: GITHUB });
  await expect(dialog.getByTestId('import-preview')).toHaveAttribute('data-format', 'openapi', { timeout: 30_000 });
  await expect(dialog.getByTestId('import-picker')).toContainText('1223 of 1223');
  // The catalog's compile answer carries summaries only; an opened row fetches its own detail.
  const catalogCompile = page.waitForResponse(async (response) => {
    if (!response.url().endsWith('/api/tools/compile') || response.status() !== 200) return false;
    const body = (await response.json()) as { tools: unknown[]; details: unknown };
    return body.tools.length === 1223;
  });
  await dialog.getByTestId('import-submit').click();
  await expect(dialog).toBeHidden();
  const compiled = (await (await catalogCompile).json()) as { details: unknown; tools: Record<string, unknown>[] };
  expect(compiled.details).toBeNull();
  expect(compiled.tools[0]).not.toHaveProperty('jsonSchema');

  const panel = page.getByTestId('schema-panel');
  await expect(panel.getByRole('heading', { name: /Schemas · 1223 tools/ })).toBeVisible({ timeout: 90_000 });
  // Virtualized: a screenful of rows, not 1,223 cards.
  const rows = panel.locator('[data-testid^="tool-card-"]');
  expect(await rows.count()).toBeLessThan(60);

  await panel.getByTestId('tool-filter').fill('issues create');
  await expect(panel.getByTestId(TEST_IDS.toolCard('issues.create'))).toBeVisible();
  await expect(panel.getByTestId('tool-filter-count')).toContainText('of 1223 tools');
  // The tool the words name is the first row, before tools that only mention them.
  await expect(rows.first()).toHaveAttribute('data-testid', TEST_IDS.toolCard('issues.create'));
  const detailRequest = page.waitForRequest((request) => request.url().endsWith('/api/tools/compile/details'));
  await panel.getByTestId('tool-row-toggle-issues.create').click();
  expect(JSON.parse((await detailRequest).postData() ?? '{}')).toMatchObject({ indexes: [expect.any(Number)] });
  await expect(panel.getByTestId(TEST_IDS.toolCard('issues.create')).getByTestId('sent-schema')).toContainText('"title"');

  await page.getByTestId('model-provider').selectOption('auto');
  await page.getByTestId('run-message').fill('Create an issue titled "Crash on start" in octocat/hello-world');
  await page.getByTestId(TEST_IDS.runButton).click();
  await waitForRunEnd(page, 90_000);
  const timeline = page.getByTestId(TEST_IDS.timelineRegion);
  await expect(timeline.getByTestId('turn-end')).toContainText(/completed/i);
  // The tools were deferred: the model searched, loaded what it found and called an issues tool.
  await expect(timeline.locator('[data-testid^="tool-search-"]').first()).toBeVisible();
  await expect(timeline.locator('[data-testid^="call-card-"][data-name^="issues"]').first()).toHaveAttribute('data-status', 'success');
  await expectMeterToAddUp(timeline, 1223);
});

test('imports a Microsoft Graph-sized catalog (2,700 operations), compiles it and runs a deferred tool it finds', async ({ page }) => {
  test.setTimeout(300_000);
  await openPlayground(page);
  await page.getByTestId('import-button').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file').setInputFiles({ name: 'graph.microsoft.com-v1.0.json', mimeType: 'application/json', buffer: GRAPH });
  await expect(dialog.getByTestId('import-preview')).toHaveAttribute('data-format', 'openapi', { timeout: 60_000 });
  await expect(dialog.getByTestId('import-picker')).toContainText('2700 of 2700');
  const catalogCompile = page.waitForResponse(
    async (response) => response.url().endsWith('/api/tools/compile') && response.status() === 200 && ((await response.json()) as { tools: unknown[] }).tools.length === 2700,
    { timeout: 180_000 },
  );
  await dialog.getByTestId('import-submit').click();
  await expect(dialog).toBeHidden();
  await catalogCompile;
  const panel = page.getByTestId('schema-panel');
  await expect(panel.getByRole('heading', { name: /Schemas · 2700 tools/ })).toBeVisible({ timeout: 60_000 });
  await panel.getByTestId('tool-filter').fill('sendMail');
  await expect(panel.getByTestId(TEST_IDS.toolCard('users_user.sendMail'))).toBeVisible();
  await expect(panel.getByTestId('tool-filter-count')).toContainText('of 2700 tools');

  await page.getByTestId('model-provider').selectOption('auto');
  await page.getByTestId('run-message').fill(GRAPH_MESSAGE);
  await page.getByTestId(TEST_IDS.runButton).click();
  await waitForRunEnd(page, 180_000);
  const timeline = page.getByTestId(TEST_IDS.timelineRegion);
  await expect(timeline.getByTestId('turn-end')).toContainText(/completed/i);
  // Every tool was deferred: the model searched the 2,700, loaded what it found and called it.
  await expect(timeline.locator('[data-testid^="tool-search-"]').first()).toBeVisible();
  await expect(timeline.locator(`[data-testid^="call-card-"][data-name="${GRAPH_CALLED}"]`).first()).toHaveAttribute('data-status', 'success');
  await expect(timeline.getByTestId('context-meter')).toBeVisible();
});

test('filters a large module by a tag that cuts across its namespaces', async ({ page }) => {
  await openPlayground(page);
  // 14 tools (above the 12 where the panel turns into a filtered list) in two namespaces; "write" tags some of each.
  const tools = ['issues', 'repos'].flatMap((namespace) =>
    Array.from({ length: 7 }, (_, position) => {
      const tags = position < 2 ? `['${namespace}', 'write']` : `['${namespace}']`;
      return `  defineTool({ name: 'op_${position}', namespace: '${namespace}', tags: ${tags}, description: 'Operation ${position}.', schema: z.object({}), isReadOnly: true, execute: () => 'ok' }),`;
    }),
  );
  await replaceEditorText(page, ["import { z } from 'zod';", "import { defineTool } from 'playground';", 'export default [', ...tools, '];', ''].join('\n'));
  const panel = page.getByTestId('schema-panel');
  await expect(panel.getByRole('heading', { name: /Schemas · 14 tools/ })).toBeVisible({ timeout: 30_000 });
  await panel.getByTestId('tool-filter-tag').selectOption({ label: 'write (4)' });
  await expect(panel.getByTestId('tool-filter-count')).toHaveText('4 of 14 tools');
  await expect(panel.getByTestId(TEST_IDS.toolCard('repos.op_1'))).toBeVisible();
  await panel.getByTestId('tool-filter-namespace').selectOption({ label: 'issues (7)' });
  await expect(panel.getByTestId('tool-filter-count')).toHaveText('2 of 14 tools');
  await panel.getByTestId('tool-filter-clear').click();
  await expect(panel.getByTestId('tool-filter-count')).toHaveText('14 of 14 tools');
});
