import { writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TEST_IDS } from './helpers';
import { recordAiSdkTrace } from '../support/traces/record-ai-sdk-trace';
import { recordGenAiTrace } from '../support/traces/record-gen-ai-trace';
import { LENIENT_APP, WEATHER_SCENARIO } from '../support/traces/trace-scenario';

/** Issue 35: an app's trace becomes a replayable session, and a session leaves as a trace. */
const TURN_TIMEOUT = 45_000;

/** Imports the trace file at `path` through the header's Import trace dialog; returns the dialog's result. */
async function importTraceFile(page: Page, path: string): Promise<Locator> {
  await expect(async () => {
    await page.getByTestId('import-trace-button').click();
    await expect(page.getByTestId('trace-import-dialog')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('trace-import-file').setInputFiles(path);
  const result = page.getByTestId('trace-import-result');
  await expect(result).toBeVisible({ timeout: TURN_TIMEOUT });
  return result;
}

/** Opens the session the dialog imported and waits for its recorded timeline; returns its link. */
async function openImported(page: Page): Promise<string> {
  await page.getByTestId('trace-import-open').click();
  await expect(page).toHaveURL(/\/s\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByTestId('shared-session-banner')).toBeVisible();
  await expect(page.getByTestId('turn-end')).toBeVisible({ timeout: 30_000 });
  return page.url();
}

/** Each call card of the timeline: its tool and its arguments as the card shows them. */
async function readCalls(page: Page): Promise<{ name: string | null; status: string | null }[]> {
  const cards = page.locator('[data-testid^="call-card-"][data-name]');
  return cards.evaluateAll((elements) => elements.map((element) => ({ name: element.getAttribute('data-name'), status: element.getAttribute('data-status') })));
}

test("An app's trace imports as a session that replays, forks with a changed output and compares; a session exports as a trace that imports with the same calls", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  // The fixture is the AI SDK's own generateText run with its telemetry captured, made here, not written by hand.
  const fixture = testInfo.outputPath('ai-sdk-trace.json');
  writeFileSync(fixture, JSON.stringify(await recordAiSdkTrace(WEATHER_SCENARIO)));

  // Import: the dialog says how it read the trace and what did not carry over, then opens the session.
  await page.goto('/');
  const result = await importTraceFile(page, fixture);
  await expect(result).toContainText('Imported as Vercel AI SDK telemetry');
  await page.getByTestId('trace-import-dialog').screenshot({ path: testInfo.outputPath('trace-import-dialog.png') });
  const imported = await openImported(page);
  const calls = await readCalls(page);
  expect(calls.map((call) => call.name)).toEqual(['get_weather', 'get_weather', 'suggest_outfit']);
  // The call that failed in the app fails here too, the model reading its recorded error as the runtime words a failed call.
  const atlantis = page.locator('[data-testid^="call-card-"]').filter({ hasText: 'Atlantis' }).first();
  await expect(atlantis).toHaveAttribute('data-status', 'error');
  await expect(atlantis).toContainText('get_weather failed (threw): No station in Atlantis.');
  // The app ran the response's two calls together: one parallel batch here too.
  await expect(atlantis).toContainText('batch 1');
  await expect(page.locator('[data-testid^="call-card-"]').filter({ hasText: 'Paris' }).first()).toContainText('batch 1');
  await page.screenshot({ path: testInfo.outputPath('imported-session.png') });

  // Replay runs the turn again on its tape: identical.
  await page.getByTestId('replay-button').click();
  await expect(page.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: TURN_TIMEOUT });

  // Change one tool output and fork: the recording answers up to it, the model after it; Compare with the original.
  const paris = page.locator('[data-testid^="call-card-"]').filter({ hasText: 'Paris' }).first();
  await paris.locator('[data-testid^="fork-output-"]').first().click();
  await paris.locator('[data-testid^="fork-output-text-"]').fill('{"city":"Paris","celsius":31}');
  await paris.locator('[data-testid^="fork-output-run-"]').click();
  await expect(page).toHaveURL(/\/\?fork=/);
  await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended', { timeout: TURN_TIMEOUT });
  await expect(page.getByTestId('served-by').first()).toHaveAttribute('data-served-by', 'tape');
  await expect(page.getByTestId('divergence')).toContainText('differs from the recording');
  await page.getByTestId('compare-with-original').click();
  await expect(page.getByTestId('first-divergence')).toContainText('output differs');

  // Export the imported session as a trace, and import that trace: the same calls.
  await page.goto(imported);
  await expect(page.getByTestId('shared-session-banner')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-trace-button').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`trace-${imported.split('/s/')[1]}.otlp.json`);
  const exported = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(exported);
  await page.getByTestId('shared-session-banner').screenshot({ path: testInfo.outputPath('shared-session-banner.png') });
  const again = await importTraceFile(page, exported);
  await expect(again).toContainText('Imported as OpenTelemetry GenAI');
  await openImported(page);
  expect(await readCalls(page)).toEqual(calls);
  for (const city of ['Paris', 'Atlantis']) await expect(page.locator('[data-testid^="call-card-"]').filter({ hasText: city }).first()).toBeVisible();

  // An app that ran calls the runtime handles otherwise: each is marked on its card, and listed in the dialog.
  const lenient = testInfo.outputPath('lenient-app-trace.json');
  writeFileSync(lenient, JSON.stringify(await recordGenAiTrace(LENIENT_APP)));
  const differing = await importTraceFile(page, lenient);
  await expect(differing.getByTestId('trace-import-note').filter({ hasText: 'The app ran this call' })).toHaveCount(4);
  await openImported(page);
  const marks = page.getByTestId('app-differences').locator('li');
  await expect(marks).toHaveCount(4);
  expect(await marks.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')))).toEqual(['arguments-rejected', 'arguments-repaired', 'unknown-tool', 'permission-ask']);
  await page.getByTestId('app-differences').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('app-differences.png') });
});
