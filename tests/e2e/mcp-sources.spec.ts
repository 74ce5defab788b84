import { expect, test, type Page } from '@playwright/test';
import { startMcpTestServer, type McpTestServer } from '../support/mcp/start-mcp-test-server';
import { SAMPLE_MCP_TOOLS, type McpTestTool } from '../support/mcp/mcp-test-tool';
import { openPlayground, replaceEditorText, shareSession, TEST_IDS } from './helpers';

/**
 * A live MCP server on loopback as a tool source: connect with a header, its tools beside the
 * module's, choices and a reload that keep it; the auto model calls its tools, the destructive one
 * asks for approval and then its server asks the person why (answered in the page); fork the
 * shared turn with a changed output from the page while the server runs (recorded calls answered
 * from the recording, the person's answer included; the new call goes to the server); stop the
 * server, open the link and Replay: identical, nobody asked.
 */
const TOKEN = 'Bearer e2e-secret-token';
/** The server's delete_file asks the person to confirm, with a reason, and its result says what they answered. */
const ASKING_DELETE: McpTestTool = {
  ...SAMPLE_MCP_TOOLS.find((tool) => tool.name === 'delete_file')!,
  run: async (args, context) => {
    const answer = await context.request('elicitation/create', {
      mode: 'form',
      message: `Really delete ${String(args.path)}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Delete it' }, reason: { type: 'string', title: 'Why', minLength: 3 } }, required: ['confirm', 'reason'] },
    });
    const content = (answer.content ?? {}) as { confirm?: boolean; reason?: string };
    const deleted = answer.action === 'accept' && content.confirm === true;
    return { content: [{ type: 'text', text: deleted ? `deleted ${String(args.path)} (reason: ${content.reason})` : `kept ${String(args.path)} (${String(answer.action)})` }] };
  },
};
const STORY_TOOLS = SAMPLE_MCP_TOOLS.map((tool) => (tool.name === 'delete_file' ? ASKING_DELETE : tool));
let server: McpTestServer;
let stopped = false;

/** Stops the server once: the story stops it midway, the suite's end otherwise. */
async function stopServer(): Promise<void> {
  if (stopped) return;
  stopped = true;
  await server.close();
}

test.beforeAll(async () => {
  server = await startMcpTestServer({ era: 'modern', tools: STORY_TOOLS, name: 'demo-weather', version: '0.3.1', requiredHeaders: { authorization: TOKEN } });
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

test('connect a loopback MCP server, run its tools under the runtime, answer its question, share, fork live, stop the server, replay identical', async ({ page, browser }) => {
  test.setTimeout(360_000);
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
  await forkWithLiveServer(page, link);
  await stopServer();

  const fresh = await browser.newContext();
  const viewer = await fresh.newPage();
  await viewer.goto(link);
  await expect(viewer.getByTestId('shared-session-banner')).toBeVisible();
  await expect(viewer.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed', { timeout: 30_000 });
  expect(await callNames(viewer)).toEqual(names);
  await expect(viewer.locator('[data-testid="assembled-tools"] [data-source="mcp"]')).toHaveCount(3);
  await inspectServerCall(viewer, { screenshot: 'mcp-raw-json-rpc-shared' });
  // The recorded question shows with the person's answer; nobody is asked on the link or on Replay.
  const answered = viewer.locator('[data-testid^="call-card-"][data-name="demo-weather.delete_file"]').locator('[data-testid^="elicitation-"][data-mode="form"]');
  await expect(answered.getByTestId('elicitation-response')).toHaveAttribute('data-action', 'accept');
  await viewer.getByTestId('replay-button').click();
  await expect(viewer.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: 60_000 });
  await expect(viewer.getByTestId('elicitation-accept')).toHaveCount(0);
  await fresh.close();
});

/**
 * The auto model calls the server's tools; the destructive one waits for approval, then its server
 * asks the person why, answered in the call's card; answers the calls' names in order.
 */
async function runServerTools(page: Page): Promise<(string | null)[]> {
  await page.getByTestId('model-provider').selectOption('auto');
  await page.getByTestId('permission-mode').selectOption('review');
  await page.getByTestId('run-message').fill('What is the weather in Paris? Then delete notes.txt.');
  await page.getByTestId(TEST_IDS.runButton).click();
  const wipe = page.locator('[data-testid^="call-card-"][data-name="demo-weather.delete_file"]');
  await expect(wipe).toHaveAttribute('data-status', 'awaiting-approval', { timeout: 60_000 });
  await wipe.locator('[data-testid^="approve-"]').click();
  await answerServerQuestion(page, wipe);
  await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended', { timeout: 60_000 });
  await expect(page.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed');
  const weather = page.locator('[data-testid^="call-card-"][data-name="demo-weather.get_weather"]');
  await expect(weather).toHaveAttribute('data-status', 'success');
  await expect(wipe).toHaveAttribute('data-status', 'success');
  // The server's result says what the person answered, and the model read it.
  await expect(wipe).toContainText('deleted notes.txt (reason: stale copy)');
  await expect(page.getByTestId('final-text')).toContainText('deleted notes.txt (reason: stale copy)');
  return callNames(page);
}

/** The server's question waits on the call's card: its form is checked before it goes, then the answer is sent. */
async function answerServerQuestion(page: Page, wipe: ReturnType<Page['locator']>): Promise<void> {
  const question = wipe.locator('[data-testid^="elicitation-"][data-mode="form"]');
  await expect(question).toContainText('demo-weather asks: Really delete notes.txt?', { timeout: 60_000 });
  await expect(page.getByTestId('waiting-for-you')).toContainText('Waiting for you: 1 server question');
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(viewport);
    await question.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/mcp-elicitation-open-${viewport.width}.png` });
  }
  await question.getByTestId('elicitation-field-reason').fill('no');
  await question.getByTestId('elicitation-accept').click();
  // Its own checks, in the server's terms, before anything is sent.
  await expect(question.getByTestId('elicitation-issue-reason')).toBeVisible();
  await expect(question.getByTestId('elicitation-response')).toHaveCount(0);
  await question.getByTestId('elicitation-field-confirm').check();
  await question.getByTestId('elicitation-field-reason').fill('stale copy');
  await question.getByTestId('elicitation-accept').click();
  await expect(question.getByTestId('elicitation-response')).toHaveAttribute('data-action', 'accept');
  await expect(question.getByTestId('elicitation-response')).toContainText('Accepted by you');
  await expect(question.getByTestId('elicitation-response')).toContainText('"reason":"stale copy"');
  await page.screenshot({ path: 'test-results/mcp-elicitation-answered.png' });
}

/**
 * On the shared link in this tab (its Sources hold the server's header): the scripted model goes
 * on after the recorded request, and get_weather's output is changed on its card. The fork answers
 * the recorded calls from the recording (delete_file's question with the person's recorded answer:
 * nobody is asked), and sends the call the recording lacks to the live server.
 */
async function forkWithLiveServer(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByTestId('shared-session-banner')).toBeVisible();
  await expect(page.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed', { timeout: 30_000 });
  // The editor shows once the page runs (a choice made before would be undone when it hydrates).
  await expect(page.locator('[data-testid="code-editor"] .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('model-provider').selectOption('scripted');
  await page.getByTestId(TEST_IDS.editorTab('script')).click();
  const call = (name: string, args: Record<string, string>) => ({ namespace: 'demo-weather', name, arguments: JSON.stringify(args) });
  const script = [{ calls: [call('get_weather', { city: 'Paris' }), call('delete_file', { path: 'notes.txt' })] }, { calls: [call('get_weather', { city: 'Lyon' })] }, { text: 'Paris is freezing; Lyon checked.' }];
  await replaceEditorText(page, JSON.stringify(script, null, 2));
  const calledBefore = server.methods.filter((method) => method === 'tools/call').length;

  const weather = page.locator('[data-testid^="call-card-"][data-name="demo-weather.get_weather"]').first();
  await weather.locator('[data-testid^="fork-output-"]').first().click();
  await weather.locator('[data-testid^="fork-output-text-"]').fill('{"city":"Paris","celsius":-5}');
  await weather.locator('[data-testid^="fork-output-run-"]').click();
  await expect(page).toHaveURL(/\/\?fork=/);
  const wipe = page.locator('[data-testid^="call-card-"][data-name="demo-weather.delete_file"]');
  // The recorded permission mode asks again before the destructive call; its server's question is answered from the recording.
  await expect(wipe).toHaveAttribute('data-status', 'awaiting-approval', { timeout: 60_000 });
  await wipe.locator('[data-testid^="approve-"]').click();
  await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended', { timeout: 60_000 });
  await expect(page.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed');
  await expect(page.getByTestId('final-text')).toHaveText('Paris is freezing; Lyon checked.');
  await expect(wipe).toContainText('deleted notes.txt (reason: stale copy)');
  await expect(wipe.getByTestId('elicitation-response')).toContainText('"reason":"stale copy"');
  await expect(page.getByTestId('elicitation-accept')).toHaveCount(0);
  const cards = page.locator('[data-testid^="call-card-"][data-name="demo-weather.get_weather"]');
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByTestId('output-response')).toHaveText('Output changed in this fork (the recording had another)');
  await expect(cards.nth(1)).toHaveAttribute('data-status', 'success');
  await expect(cards.nth(1)).toContainText('"city":"Lyon"');
  // Only the call the recording lacks reached the server.
  expect(server.methods.filter((method) => method === 'tools/call').length).toBe(calledBefore + 1);
  await page.screenshot({ path: 'test-results/mcp-fork-live.png', fullPage: true });
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

test('coming back to the tab, or a turn hearing the server change, lists a connected server again, and its card says which tools changed', async ({ page }) => {
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
    const radar: McpTestTool = { name: 'get_radar', description: 'Rain radar for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } }, annotations: { readOnlyHint: true } };
    // Asked for a forecast, the server adds its radar tool and says so on the call's stream.
    const forecast: McpTestTool = {
      name: 'get_forecast',
      description: 'Tomorrow for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      annotations: { readOnlyHint: true },
      run: async (_args, context) => {
        changing.setTools([...SAMPLE_MCP_TOOLS.filter((tool) => tool.name !== 'fail'), forecast, radar]);
        await context.toolsChanged();
        return { content: [{ type: 'text', text: 'sunny' }] };
      },
    };
    changing.setTools([...SAMPLE_MCP_TOOLS.filter((tool) => tool.name !== 'fail'), forecast]);
    await page.clock.fastForward(60_000);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(card.getByTestId('mcp-tools-changed')).toHaveText('Tools changed since the last list: added get_forecast; removed fail.', { timeout: 30_000 });
    await expect(card.getByTestId('mcp-status')).toHaveAttribute('data-status', 'connected');
    await expect(page.getByTestId(TEST_IDS.toolCard('changing.get_forecast')).getByTestId('mcp-server-badge')).toHaveText('MCP · changing');
    await expect(page.getByTestId(TEST_IDS.toolCard('changing.fail'))).toHaveCount(0);

    // A turn hears the server's tools change mid-call: its card and the schema panel follow without a reconnect.
    await page.getByTestId('model-provider').selectOption('scripted');
    await page.getByTestId(TEST_IDS.editorTab('script')).click();
    await replaceEditorText(page, JSON.stringify([{ calls: [{ namespace: 'changing', name: 'get_forecast', arguments: '{"city":"Paris"}' }] }, { text: 'Sunny tomorrow.' }]));
    await page.getByTestId('run-message').fill('Tomorrow in Paris?');
    await page.getByTestId(TEST_IDS.runButton).click();
    await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended', { timeout: 60_000 });
    await expect(page.locator('[data-testid^="call-card-"][data-name="changing.get_forecast"]')).toHaveAttribute('data-status', 'success');
    await expect(page.getByTestId('tools-changed')).toHaveAttribute('data-server', 'changing');
    await expect(card.getByTestId('mcp-tools-changed')).toHaveText('Tools changed since the last list: added get_radar.', { timeout: 30_000 });
    await expect(card.getByTestId('mcp-tool-count')).toHaveText('4 tools');
    await expect(page.getByTestId(TEST_IDS.toolCard('changing.get_radar')).getByTestId('mcp-server-badge')).toHaveText('MCP · changing');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/mcp-tools-changed-in-turn.png' });
  } finally {
    await changing.close();
  }
});
