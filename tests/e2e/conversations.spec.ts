import { expect, test, type Page } from '@playwright/test';
import { openPreset, shareSession, TEST_IDS, waitForRunEnd } from './helpers';

/** Conversations: follow-ups that see earlier turns, files carried over, editing a turn into a branch, sharing all turns. */
const TURN_TIMEOUT = 45_000;

const turn = (page: Page, index: number) => page.locator(`[data-testid="turn-section"][data-turn-index="${index}"]`);

async function send(page: Page, message: string): Promise<void> {
  await page.getByTestId('run-message').fill(message);
  await page.getByTestId(TEST_IDS.runButton).click();
  await waitForRunEnd(page, TURN_TIMEOUT);
}

test('three turns: turn 3 reads the file turn 1 wrote; edit turn 2 into a branch; share, replay every turn, fork from turn 2', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // Turn 1: the preset's scripted model writes summary.md.
  await openPreset(page, 'parallel-and-sequential');
  await waitForRunEnd(page, TURN_TIMEOUT);
  await expect(turn(page, 0).getByTestId('turn-end')).toHaveAttribute('data-reason', 'completed');
  await expect(page.getByTestId('run-message')).toHaveValue('');

  // Turn 2: a follow-up; the model sees the whole conversation (the script goes on counting).
  await send(page, 'Thanks, that is all for now.');
  await expect(page.getByTestId('turn-section')).toHaveCount(2);
  await expect(turn(page, 0)).toHaveAttribute('data-collapsed', 'true');
  await expect(turn(page, 1).getByTestId('carried-in')).toContainText('summary.md');

  // Turn 3, on the auto model: it reads the file turn 1 wrote.
  await page.getByTestId('model-provider').selectOption('auto');
  await send(page, 'Read the file "summary.md" please.');
  await expect(page.getByTestId('turn-section')).toHaveCount(3);
  const read = turn(page, 2).locator('[data-testid^="call-card-"][data-name="read_file"]');
  await expect(read).toHaveAttribute('data-status', 'success');
  await expect(read).toContainText('Shipped the parser');
  await expect(page.getByTestId('conversation-summary')).toHaveText('Conversation · 3 turns');

  // Edit turn 2 and re-run from there: a second branch with two turns; the first keeps three.
  await page.getByTestId('edit-turn-1').click();
  await page.getByTestId('edit-turn-message-1').fill('Thanks! One more question later.');
  await page.getByTestId('rerun-turn-1').click();
  await waitForRunEnd(page, TURN_TIMEOUT);
  await expect(page.getByTestId('turn-section')).toHaveCount(2);
  await expect(turn(page, 1).getByTestId('turn-message')).toHaveText('Thanks! One more question later.');
  const picker = page.getByTestId('branch-picker');
  await expect(picker.locator('option')).toHaveCount(2);
  await picker.selectOption({ index: 0 });
  await expect(page.getByTestId('turn-section')).toHaveCount(3);
  await expect(turn(page, 1).getByTestId('turn-message')).toHaveText('Thanks, that is all for now.');

  // Share the original branch: one session with all three turns.
  const link = await shareSession(page);

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(link);
  await expect(viewer.getByTestId('shared-session-banner')).toBeVisible();
  await expect(viewer.getByTestId('turn-section')).toHaveCount(3);
  await viewer.getByTestId('replay-button').click();
  await expect(viewer.getByTestId('replay-result')).toHaveAttribute('data-identical', 'true', { timeout: TURN_TIMEOUT });
  await expect(viewer.getByTestId('replay-turn')).toHaveCount(3);
  await expect(viewer.locator('[data-testid="replay-turn"][data-identical="true"]')).toHaveCount(3);

  // Fork from turn 2: the fork holds turns 1 and 2 and continues from there.
  await viewer.getByTestId('fork-turn-1').click();
  await expect(viewer).toHaveURL(/\/\?fork=/);
  await expect(viewer.getByTestId('forked-session-notice')).toBeVisible();
  await expect(viewer.getByTestId('turn-section')).toHaveCount(2);
  await viewer.getByTestId('model-provider').selectOption('auto');
  await send(viewer, 'Read the file "summary.md" again.');
  await expect(viewer.getByTestId('turn-section')).toHaveCount(3);
  await expect(turn(viewer, 2).locator('[data-testid^="call-card-"][data-name="read_file"]')).toContainText('Shipped the parser');
  await viewerContext.close();
});

test('instructions go with every turn; New conversation starts again at turn 1', async ({ page }) => {
  await openPreset(page, 'parallel-and-sequential');
  await waitForRunEnd(page, TURN_TIMEOUT);
  await page.getByTestId('instructions-panel').locator('summary').click();
  await page.getByTestId('run-instructions').fill('Answer in one sentence.');
  await send(page, 'Anything else?');
  await expect(turn(page, 1).getByTestId('turn-instructions')).toContainText('Answer in one sentence.');
  await page.getByTestId('clear-conversation').click();
  await expect(page.getByTestId('turn-section')).toHaveCount(0);
  await send(page, 'Summarize my notes for the week into summary.md.');
  await expect(page.getByTestId('turn-section')).toHaveCount(1);
  await expect(turn(page, 0).getByTestId('carried-in')).toHaveCount(0);
});
