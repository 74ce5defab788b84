import { expect, test, type Page } from '@playwright/test';
import { openPreset, replaceEditorText, shareSession, TEST_IDS, waitForRunEnd } from './helpers';

/** Streaming: a scripted step paced by streamDelayMs grows its text and arguments in place, and its shared session replays identically. */
const TURN_TIMEOUT = 45_000;

const TEXT = 'I will write the weekly summary now, with every decision we took and who owns each follow-up.';
const SUMMARY = '# Week 12\n- Shipped the parser to everyone\n- Fixed the flaky upload test\n- Planned the 2.0 release for Friday\n- Ada owns the release notes, Grace the rollout\n';
const ARGUMENTS = JSON.stringify({ path: 'summary.md', text: SUMMARY });
// One line: typed into Monaco, line breaks would be auto-indented and brackets auto-closed. Paced
// at 150 ms a piece (text 12 pieces, 1.8 s; arguments 22 pieces, 3.3 s) so that a browser busy with the other
// tests of a loaded CI machine still renders several partial states (at 60 ms, CI once saw the
// arguments in one render before they completed).
const SCRIPT = JSON.stringify([
  { text: TEXT, calls: [{ name: 'write_file', arguments: ARGUMENTS }], streamDelayMs: 150 },
  { text: 'The summary is in summary.md.' },
]);

type Sample = { testId: string; length: number; at: number; text: string };

/** Records, on every DOM change, how much text the streaming elements show, and when the final response text appeared. */
async function watchStreaming(page: Page): Promise<void> {
  await page.evaluate(() => {
    const record = window as unknown as { streamSamples: Sample[]; responseAt?: number };
    record.streamSamples = [];
    new MutationObserver(() => {
      for (const testId of ['streaming-text', 'streaming-arguments']) {
        const element = document.querySelector(`[data-testid="${testId}"][data-streaming="true"]`);
        const text = (element?.textContent ?? '').replace('▍', '');
        if (element) record.streamSamples.push({ testId, length: text.length, at: performance.now(), text });
      }
      // What a streaming call card and the streaming response row say while they stream.
      const status = document.querySelector('[data-testid^="call-card-"][data-streaming="true"] [data-testid="call-status"]');
      if (status) record.streamSamples.push({ testId: 'streaming-call-status', length: 0, at: performance.now(), text: status.textContent ?? '' });
      const row = document.querySelector('[data-testid="model-response-streaming"]');
      if (row) record.streamSamples.push({ testId: 'model-response-streaming', length: 0, at: performance.now(), text: row.textContent ?? '' });
      if (record.responseAt === undefined && document.querySelector('[data-testid="model-text"]')) record.responseAt = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

async function readSamples(page: Page): Promise<{ samples: Sample[]; responseAt?: number }> {
  return page.evaluate(() => {
    const record = window as unknown as { streamSamples: Sample[]; responseAt?: number };
    return { samples: record.streamSamples, responseAt: record.responseAt };
  });
}

/** The distinct lengths one element showed while streaming, in order. */
function lengthsOf(samples: Sample[], testId: string): number[] {
  return samples.filter((sample) => sample.testId === testId).map((sample) => sample.length).filter((length, index, all) => index === 0 || length !== all[index - 1]);
}

test('a paced scripted step grows its text and arguments in their cards before the response completes; the shared session replays identically', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await openPreset(page, 'parallel-and-sequential');
  await waitForRunEnd(page, TURN_TIMEOUT);
  await page.getByTestId('clear-conversation').click();
  await page.getByTestId(TEST_IDS.editorTab('script')).click();
  await replaceEditorText(page, SCRIPT);
  await page.getByTestId('run-message').fill('Write the weekly summary.');

  await watchStreaming(page);
  await page.getByTestId(TEST_IDS.runButton).click();

  // While the response streams: the text grows, then the call card's arguments do. What the page
  // showed is sampled on every change (a loaded machine may get through a short stream before an
  // assertion looks), then checked.
  const card = page.getByTestId(TEST_IDS.timelineRegion).locator('[data-testid^="call-card-"][data-name="write_file"]');
  await waitForRunEnd(page, TURN_TIMEOUT);

  const { samples, responseAt } = await readSamples(page);
  const shown = (testId: string) => samples.filter((sample) => sample.testId === testId).map((sample) => sample.text);
  expect(shown('model-response-streaming').some((text) => text.includes('streaming…'))).toBe(true);
  expect(new Set(shown('streaming-call-status'))).toEqual(new Set(['streaming']));
  expect(shown('streaming-arguments').some((text) => text.startsWith('{"path":"summary.md"'))).toBe(true);
  const textLengths = lengthsOf(samples, 'streaming-text');
  const argumentLengths = lengthsOf(samples, 'streaming-arguments');
  // At least two partial states seen, each shorter than the whole: the deltas are coalesced by
  // size (a short text is only a few pieces), so a loaded machine may sample fewer of them.
  expect(textLengths.length, `text lengths ${textLengths.join(', ')}`).toBeGreaterThanOrEqual(2);
  expect(argumentLengths.length, `argument lengths ${argumentLengths.join(', ')}`).toBeGreaterThanOrEqual(2);
  for (const lengths of [textLengths, argumentLengths]) expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
  expect(textLengths[0]).toBeLessThan(TEXT.length);
  expect(argumentLengths[0]).toBeLessThan(ARGUMENTS.length);
  // Every growing sample came before the final response text was on the page.
  expect(responseAt).toBeDefined();
  expect(Math.max(...samples.map((sample) => sample.at))).toBeLessThan(responseAt!);

  // Then the final content, and how fast the request was answered.
  await expect(page.getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed');
  await expect(page.getByTestId('model-text').first()).toHaveText(TEXT);
  await expect(card).not.toHaveAttribute('data-streaming', 'true');
  await expect(card.getByTestId('raw-arguments')).toHaveText(ARGUMENTS);
  await expect(card).toHaveAttribute('data-status', 'success');
  await expect(page.locator('[data-testid="streaming-arguments"], [data-testid="model-response-streaming"]')).toHaveCount(0);
  await expect(page.getByTestId('request-timing').first()).toContainText(/first token \d+ ms/);

  // Share, open in a fresh context, replay: identical, deltas included.
  const link = await shareSession(page);
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(link);
  await expect(viewer.getByTestId('shared-session-banner')).toBeVisible();
  await expect(viewer.getByTestId('model-text').first()).toHaveText(TEXT);
  await expect(viewer.getByTestId('request-timing').first()).toContainText(/first token \d+ ms/);
  await viewer.getByTestId('replay-button').click();
  await expect(viewer.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: TURN_TIMEOUT });

  // The raw response of a streamed request is its event stream.
  await viewer.getByTestId('inspect-request-1').click();
  await viewer.getByTestId('exchange-tab-response').click();
  await expect(viewer.getByTestId('exchange-response-body')).toContainText('event: response.function_call_arguments.delta');
  await viewerContext.close();
});

test('Stop mid-stream ends the turn as stopped and keeps what had arrived in its cards; its shared session replays identically, cut off at the same place', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await openPreset(page, 'parallel-and-sequential');
  await waitForRunEnd(page, TURN_TIMEOUT);
  await page.getByTestId('clear-conversation').click();
  await page.getByTestId(TEST_IDS.editorTab('script')).click();
  // Slow enough that Stop lands while the arguments stream (about 20 s in all).
  await replaceEditorText(page, JSON.stringify([{ text: TEXT, calls: [{ name: 'write_file', arguments: ARGUMENTS }], streamDelayMs: 400 }]));
  await page.getByTestId('run-message').fill('Write the weekly summary.');
  await page.getByTestId(TEST_IDS.runButton).click();

  const card = page.getByTestId(TEST_IDS.timelineRegion).locator('[data-testid^="call-card-"][data-name="write_file"]');
  await expect(card).toHaveAttribute('data-streaming', 'true', { timeout: TURN_TIMEOUT });
  await page.getByTestId(TEST_IDS.stopButton).click();
  await waitForRunEnd(page, TURN_TIMEOUT);

  await expect(page.getByTestId('turn-end')).toHaveAttribute('data-reason', 'aborted');
  await expect(page.getByTestId('model-response')).toHaveCount(0);
  await expect(page.getByTestId('model-response-streaming')).toHaveAttribute('data-streaming', 'false');
  await expect(page.getByTestId('streaming-text')).toHaveText(TEXT);
  const partial = (await card.getByTestId('streaming-arguments').textContent()) ?? '';
  expect(partial.length).toBeGreaterThan(0);
  expect(partial.length).toBeLessThan(ARGUMENTS.length);
  expect(ARGUMENTS.startsWith(partial)).toBe(true);
  await expect(card).not.toHaveAttribute('data-streaming', 'true');
  await expect(card).toContainText('cut off');

  // The tape keeps what had been read when Stop came, so a replay stops at the same delta.
  const link = await shareSession(page);
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(link);
  await expect(viewer.getByTestId('shared-session-banner')).toBeVisible();
  await viewer.getByTestId('replay-button').click();
  await expect(viewer.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: TURN_TIMEOUT });
  await viewer.getByTestId('inspect-request-1').click();
  await expect(viewer.getByTestId('exchange-cut-off')).toHaveText('cut off by the abort');
  await viewerContext.close();
});
