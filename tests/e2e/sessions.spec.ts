import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openPlayground, replaceEditorText, shareSession, TEST_IDS } from './helpers';

/** Sessions: Share, the shared page, Replay, Fork, export and import (file picker and drag-and-drop). */
const TURN_TIMEOUT = 45_000;
const PRESET = 'parallel-and-sequential';

const EDITED_MODULE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'get_pet',
    description: 'Find a pet by id.',
    schema: z.object({ petId: z.number().int() }),
    isReadOnly: true,
    execute: async (args) => ({ content: args }),
  }),
];
`;

type TimelineSnapshot = { names: (string | null)[]; statuses: (string | null)[]; reason: string | null; finalText: string | null };

async function attributesOf(cards: Locator, attribute: string): Promise<(string | null)[]> {
  return cards.evaluateAll((elements, name) => elements.map((element) => element.getAttribute(name)), attribute);
}

async function readTimeline(page: Page): Promise<TimelineSnapshot> {
  const end = page.getByTestId('turn-end');
  await expect(end).toBeVisible({ timeout: TURN_TIMEOUT });
  const cards = page.getByTestId(TEST_IDS.timelineRegion).locator('[data-testid^="call-card-"]');
  return {
    names: await attributesOf(cards, 'data-name'),
    statuses: await attributesOf(cards, 'data-status'),
    reason: await end.getAttribute('data-reason'),
    finalText: await page.getByTestId('final-text').textContent(),
  };
}

/** Runs the preset on `/` (retrying the menu until the page has hydrated), shares the turn, returns the link. */
async function runAndShare(page: Page): Promise<{ link: string; timeline: TimelineSnapshot }> {
  await page.goto('/');
  const item = page.getByTestId(TEST_IDS.presetItem(PRESET));
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId(TEST_IDS.presetsButton).click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await item.click();
  await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended', { timeout: TURN_TIMEOUT });
  const timeline = await readTimeline(page);
  expect(timeline.reason).toBe('completed');
  expect(timeline.names).toHaveLength(5);

  return { link: await shareSession(page), timeline };
}

async function openShared(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByTestId('shared-session-banner')).toBeVisible();
  await expect(page.locator('[data-testid="code-editor"] .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
}

test('share → fresh context shows the same timeline → replay identical → fork, edit; the link is unchanged', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { link, timeline } = await runAndShare(page);
  await expect(page.getByTestId('share-popover')).toContainText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const fresh = await browser.newContext();
  const viewer = await fresh.newPage();
  // The page is served from the stored summary and the browser reads the recorded events: the
  // timeline appears without any model call or turn request.
  const turnRequests: string[] = [];
  viewer.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/turns')) turnRequests.push(request.url());
  });
  await openShared(viewer, link);
  await expect(viewer.getByTestId('shared-session-banner')).toContainText(/Shared session · recorded \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  expect(await readTimeline(viewer)).toEqual(timeline);
  expect(turnRequests).toEqual([]);
  await expect(viewer.getByTestId(TEST_IDS.toolCard('write_file'))).toBeVisible();

  await viewer.getByTestId('replay-button').click();
  await expect(viewer.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: TURN_TIMEOUT });
  await expect(viewer.getByTestId('replay-result')).toContainText('Replay identical ✓');

  await viewer.getByTestId('fork-button').click();
  await expect(viewer).toHaveURL(/\/\?fork=/);
  await expect(viewer.getByTestId('forked-session-notice')).toBeVisible();
  expect(await readTimeline(viewer)).toEqual(timeline);
  await expect(viewer.locator('[data-testid="code-editor"] .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
  await replaceEditorText(viewer, EDITED_MODULE);
  await expect(viewer.getByTestId(TEST_IDS.toolCard('get_pet'))).toBeVisible();
  await expect(viewer.getByTestId(TEST_IDS.toolCard('write_file'))).toHaveCount(0);

  await openShared(viewer, link);
  await expect(viewer.getByTestId(TEST_IDS.toolCard('write_file'))).toBeVisible();
  await expect(viewer.getByTestId(TEST_IDS.toolCard('get_pet'))).toHaveCount(0);
  await expect(viewer.locator('[data-testid="code-editor"] .view-lines')).toContainText('read_file');
  expect(await readTimeline(viewer)).toEqual(timeline);
  await fresh.close();
});

test('Run on a shared page runs a fork that continues the conversation with the message typed there', async ({ page }) => {
  const { link } = await runAndShare(page);
  await openShared(page, link);
  await expect(page.getByTestId(TEST_IDS.runButton)).toHaveText('Fork & run ▶');
  await expect(page.getByTestId('share-button')).toHaveCount(0);
  await page.getByTestId('run-message').fill('Summarize my notes again.');
  await page.getByTestId(TEST_IDS.runButton).click();
  await expect(page).toHaveURL(/\/\?fork=/);
  await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended', { timeout: TURN_TIMEOUT });
  // The recorded turn comes first (collapsed), the new message is turn 2.
  await expect(page.getByTestId('turn-section')).toHaveCount(2);
  await expect(page.locator('[data-testid="turn-section"][data-turn-index="1"] [data-testid="turn-message"]')).toHaveText('Summarize my notes again.');
  await expect(page.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed');
  await expect(page.getByTestId('share-button')).toBeEnabled();
});

test('export → import (file picker and drag-and-drop) round trip; bad files get a precise error', async ({ page }) => {
  // A turn, a shared page and two imports, each opening a page: ~25 s alone, 60+ s beside another worker on 2 cores.
  test.setTimeout(120_000);
  const { link, timeline } = await runAndShare(page);
  const originalId = link.split('/s/')[1];
  await openShared(page, link);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-session-button').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`session-${originalId}.json`);
  const text = readFileSync(await download.path(), 'utf8');
  expect(JSON.parse(text)).toMatchObject({ version: 5, id: originalId, playground: { source: { text: 0 } } });

  // The file input answers once the page has hydrated (Monaco rendering means it has).
  await openPlayground(page);
  await page.getByTestId('import-session-file').setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page).toHaveURL(/\/s\/[A-Za-z0-9_-]{22}$/);
  expect(page.url()).not.toContain(originalId);
  await expect(page.getByTestId('shared-session-banner')).toBeVisible();
  expect(await readTimeline(page)).toEqual(timeline);

  const dropFile = async (name: string, content: string) => {
    const dataTransfer = await page.evaluateHandle(
      ({ fileName, fileText }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([fileText], fileName, { type: 'application/json' }));
        return transfer;
      },
      { fileName: name, fileText: content },
    );
    await page.dispatchEvent('body', 'dragenter', { dataTransfer });
    await page.getByTestId('session-drop-zone').dispatchEvent('drop', { dataTransfer });
  };

  await dropFile('notes.json', '{"version": 1, "id": ');
  await expect(page.getByTestId('session-import-error')).toContainText('Could not import notes.json: The file is not JSON');
  await dropFile('wrong.json', JSON.stringify({ ...JSON.parse(text), turns: [] }));
  await expect(page.getByTestId('session-import-error')).toContainText('turns: A session needs at least one turn.');

  const before = page.url();
  await dropFile('session.json', text);
  await expect(page).not.toHaveURL(before);
  await expect(page).toHaveURL(/\/s\/[A-Za-z0-9_-]{22}$/);
  expect(await readTimeline(page)).toEqual(timeline);
});

test('an unknown session link is a friendly 404 with a way home', async ({ page }) => {
  const response = await page.goto('/s/AAAAAAAAAAAAAAAAAAAAAA');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('session-unavailable')).toContainText('No such shared session');
  await page.getByRole('link', { name: 'Open the playground' }).click();
  await expect(page).toHaveURL(/\/$/);
});
