import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { choosePreset, shareSession, TEST_IDS } from './helpers';

/** Issue 18: compare two runs, fork a recorded turn with one output changed, and assertions checked on Replay. */
const TURN_TIMEOUT = 45_000;

async function waitForEnded(page: Page): Promise<void> {
  await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended', { timeout: TURN_TIMEOUT });
}

async function openShared(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByTestId('shared-session-banner')).toBeVisible();
  await expect(page.getByTestId('turn-end')).toBeVisible({ timeout: 30_000 });
}

/** Runs a preset on `/`, shares the turn and opens its shared page. */
async function recordAndOpenShared(page: Page, presetId: string): Promise<void> {
  await page.goto('/');
  await choosePreset(page, presetId);
  await waitForEnded(page);
  await openShared(page, await shareSession(page));
}

test('Compare two runs of the same preset with different seeds and model settings: tool_choice required and a named tool reach the requests, and Compare opens on the settings', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/');
  await choosePreset(page, 'auto-model-faults');
  await waitForEnded(page);
  const first = await shareSession(page);

  // The same message again, in a fresh conversation, with another seed and tool_choice required.
  await page.getByTestId('clear-conversation').click();
  await page.getByTestId('model-seed').fill('15');
  await page.getByTestId('request-settings').locator('summary').click();
  await page.getByTestId('tool-choice').selectOption('required');
  await expect(page.getByTestId('request-settings').locator('summary')).toContainText('tool_choice required');
  await page.getByTestId('run-message').fill('Search the docs about login errors, fetch ticket 42 and add a comment to the ticket with what you found.');
  await page.getByTestId(TEST_IDS.runButton).click();
  await waitForEnded(page);
  const firstTurn = page.getByTestId('turn-section').nth(0);
  await expect(firstTurn.getByTestId('request-tool-choice').first()).toContainText('tool_choice required');
  await firstTurn.getByTestId('inspect-request-1').click();
  await expect(firstTurn.getByTestId('exchange-request-body')).toContainText('"tool_choice": "required"');

  // A second turn with a named tool: its first request names it.
  await page.getByTestId('tool-choice').selectOption('tool:add_comment');
  await page.getByTestId('run-message').fill('Add another comment to ticket 42.');
  await page.getByTestId(TEST_IDS.runButton).click();
  await waitForEnded(page);
  const secondTurn = page.getByTestId('turn-section').nth(1);
  await expect(secondTurn.getByTestId('request-tool-choice').first()).toContainText('tool_choice add_comment');
  await secondTurn.getByTestId('inspect-request-1').click();
  await expect(secondTurn.getByTestId('exchange-request-body')).toHaveText(/"tool_choice": \{[^}]*"name": "add_comment"/);
  await expect(secondTurn.locator('[data-testid^="call-card-"]').first()).toHaveAttribute('data-name', 'add_comment');
  const second = await shareSession(page);

  // The settings were recorded with the turns: Compare opens on them, and the calls that differ are shown too.
  await openShared(page, first);
  await page.getByTestId('compare-with-button').click();
  await page.getByTestId('compare-with-input').fill(second);
  await page.getByTestId('compare-with-submit').click();
  await expect(page).toHaveURL(new RegExp(`/compare/${first.split('/s/')[1]}/${second.split('/s/')[1]}$`));
  const divergence = page.getByTestId('first-divergence');
  await expect(divergence).toContainText('Turn 1');
  await expect(divergence).toContainText('settings');
  await expect(page.getByTestId('compare-turn').first()).toContainText('tool_choice');
  await expect(page.getByTestId('compare-turn').first()).toContainText('required');
  await expect(page.getByTestId('compare-turn').first()).toHaveAttribute('data-diverges', 'true');
  await expect(page.locator('[data-testid="compare-call"][data-kind="changed"]').first()).toBeVisible();
});

test('Fork a shared turn with one output changed: the recording answers up to it, the model runs live after it', async ({ page }) => {
  test.setTimeout(120_000);
  await recordAndOpenShared(page, 'parallel-and-sequential');

  const monday = page.locator('[data-testid^="call-card-"]').filter({ hasText: 'notes/monday.md' }).first();
  await monday.locator('[data-testid^="fork-output-"]').first().click();
  const editor = monday.locator('[data-testid^="fork-output-text-"]');
  await expect(editor).toHaveValue('Shipped the parser.');
  await editor.fill('Nothing shipped this week.');
  await monday.locator('[data-testid^="fork-output-run-"]').click();

  await expect(page).toHaveURL(/\/\?fork=/);
  await expect(page.getByTestId('forked-session-notice')).toBeVisible();
  await waitForEnded(page);
  const served = page.getByTestId('served-by');
  await expect(served).toHaveCount(2);
  await expect(served.nth(0)).toHaveAttribute('data-served-by', 'tape');
  await expect(served.nth(1)).toHaveAttribute('data-served-by', 'live');
  await expect(page.getByTestId('divergence')).toContainText('Request 2 differs from the recording');
  const forked = page.locator('[data-testid^="call-card-"]').filter({ hasText: 'notes/monday.md' }).first();
  await expect(forked.getByTestId('output-response')).toHaveText('Output changed in this fork (the recording had another)');
  await expect(forked).toContainText('Nothing shipped this week.');

  await page.getByTestId('compare-with-original').click();
  await expect(page.getByTestId('first-divergence')).toContainText('output differs');
});

test('Re-run a shared turn with an edited setting: answered from the recording until the denied write changes the next request', async ({ page }) => {
  test.setTimeout(120_000);
  await recordAndOpenShared(page, 'parallel-and-sequential');
  await page.getByTestId('permission-mode').selectOption('read-only');
  await page.getByTestId('rerun-with-edits-0').click();

  await expect(page).toHaveURL(/\/\?fork=/);
  await waitForEnded(page);
  const served = page.getByTestId('served-by');
  await expect(served.nth(0)).toHaveAttribute('data-served-by', 'tape');
  await expect(served.nth(1)).toHaveAttribute('data-served-by', 'live');
  await expect(page.locator('[data-testid^="call-card-"][data-name="write_file"]')).toHaveAttribute('data-status', 'denied');
});

test('Assertions: a failing one shows beside the timeline, is stored on Share, fails again after Replay, and exports as a test folder', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await choosePreset(page, 'parallel-and-sequential');
  await waitForEnded(page);
  await page.getByTestId('edit-assertions').click();
  await page.getByTestId('assertions-text').fill(
    JSON.stringify([
      { kind: 'tool-called', name: 'write_file', called: true },
      { kind: 'tool-called', name: 'delete_file', called: true },
      { kind: 'no-rejected-calls' },
    ]),
  );
  const verdicts = page.getByTestId('assertion-verdict');
  await expect(verdicts).toHaveCount(3);
  await expect(verdicts.nth(0)).toHaveAttribute('data-pass', 'true');
  await expect(verdicts.nth(1)).toHaveAttribute('data-pass', 'false');
  await expect(page.getByTestId('assertions-summary')).toHaveText('1 of 3 fail');

  // A broken edit says why and loses nothing.
  await page.getByTestId('assertions-text').fill('[{"kind": "max-iterations"}]');
  await expect(page.getByTestId('assertions-error')).toContainText('max');
  await page.getByTestId('assertions-text').fill(JSON.stringify([{ kind: 'tool-called', name: 'delete_file', called: true }]));

  const link = await shareSession(page);
  await openShared(page, link);
  await expect(page.getByTestId('assertion-verdict')).toHaveAttribute('data-pass', 'false');
  await page.getByTestId('replay-button').click();
  await expect(page.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: TURN_TIMEOUT });
  await expect(page.getByTestId('replay-assertions')).toHaveAttribute('data-failing', '1');
  await expect(page.getByTestId('replay-assertion-failure')).toContainText('delete_file');

  // Export test saves a folder that runs outside this repository: the test, its module, the bundled runtime, a package.json.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-assertion-test').click();
  const download = await downloading;
  const id = new URL(link).pathname.split('/').pop() ?? '';
  expect(download.suggestedFilename()).toBe(`session-${id}.zip`);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const folder = `session-${id}`;
  expect(Object.keys(files).sort()).toEqual(
    ['README.md', 'package.json', 'playground-replay.d.mts', 'playground-replay.mjs', 'sandbox-worker.mjs', `${folder}.test.ts`, 'tools.ts'].map((name) => `${folder}/${name}`).sort(),
  );
  const testText = strFromU8(files[`${folder}/${folder}.test.ts`]!);
  expect(testText).toContain("from './playground-replay.mjs';");
  expect(testText).toContain('delete_file');
  const manifest = JSON.parse(strFromU8(files[`${folder}/package.json`]!)) as { devDependencies: Record<string, string> };
  expect(Object.keys(manifest.devDependencies)).toEqual(expect.arrayContaining(['vitest', 'zod', 'ajv']));
  await expect(page.getByTestId('export-assertion-test-note')).toContainText(`Saved session-${id}.zip: unzip it, then npm install and npx vitest run.`);
  await page.getByTestId('assertions-panel').screenshot({ path: testInfo.outputPath('assertions-export.png') });
});
