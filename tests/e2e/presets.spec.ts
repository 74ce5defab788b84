import { expect, test, type Locator, type Page } from '@playwright/test';
import { openPreset, TEST_IDS } from './helpers';

/** Turns run on the embedded model; the slowest preset needs a few seconds, a cold dev server more. */
const TURN_TIMEOUT = 45_000;
const FINAL_STATUS = /^(success|error|timeout|aborted|denied|rejected)$/;

async function expectTurnEnd(page: Page, reason: string | RegExp): Promise<void> {
  const end = page.getByTestId('turn-end');
  await expect(end).toBeVisible({ timeout: TURN_TIMEOUT });
  await expect(end).toHaveAttribute('data-reason', reason);
}

function callCards(scope: Page | Locator): Locator {
  return scope.locator('[data-testid^="call-card-"]');
}

function cardNamed(scope: Page | Locator, name: string): Locator {
  return scope.locator(`[data-testid^="call-card-"][data-name="${name}"]`);
}

async function attributesOf(cards: Locator, attribute: string): Promise<(string | null)[]> {
  return cards.evaluateAll((elements, name) => elements.map((element) => element.getAttribute(name)), attribute);
}

test.describe('presets', () => {
  test('parallel vs sequential: reads overlap, the write is a barrier, the later read sees it', async ({ page }) => {
    await openPreset(page, 'parallel-and-sequential');
    await expectTurnEnd(page, 'completed');
    const iteration = page.getByTestId('iteration-1');
    const cards = callCards(iteration);
    expect(await attributesOf(cards, 'data-name')).toEqual(['read_file', 'read_file', 'read_file', 'write_file', 'read_file']);
    expect(await attributesOf(cards, 'data-status')).toEqual(Array(5).fill('success'));
    expect(await attributesOf(iteration.getByTestId('dispatch-batch'), 'data-mode')).toEqual(['parallel', 'sequential', 'parallel']);
    await expect(cards.nth(4).getByTestId('call-output')).toContainText('# Summary');

    const lanes = iteration.getByTestId('lane-view');
    await expect(lanes).toBeVisible();
    await expect(lanes.getByTestId('lane-barrier')).toHaveCount(1);
    const ids = (await attributesOf(cards, 'data-testid')).map((testId) => String(testId).replace('call-card-', ''));
    const boxes = await Promise.all(ids.map((id) => lanes.getByTestId(`lane-bar-${id}`).boundingBox()));
    const [a, b, c, write, after] = boxes.map((box) => {
      if (!box) throw new Error('a lane bar is missing');
      return { left: box.x, right: box.x + box.width };
    }) as { left: number; right: number }[];
    if (!a || !b || !c || !write || !after) throw new Error('expected five lane bars');
    // The three reads overlap; the write starts after all of them; the last read after the write.
    expect(Math.max(a.left, b.left, c.left)).toBeLessThan(Math.min(a.right, b.right, c.right));
    expect(write.left).toBeGreaterThanOrEqual(Math.max(a.right, b.right, c.right) - 1);
    expect(after.left).toBeGreaterThanOrEqual(write.right - 1);
  });

  test('repair ladder: every rung repairs one call, two concatenated objects are refused', async ({ page }) => {
    await openPreset(page, 'repair-ladder');
    await expectTurnEnd(page, 'completed');
    const cards = callCards(page.getByTestId('iteration-1'));
    await expect(cards).toHaveCount(9);
    const expectedRungs = [
      'strip-code-fence',
      'strip-tag-wrapper',
      'extract-json-from-prose',
      'unwrap-double-encoded',
      'fix-syntax',
      'fix-syntax',
      'close-truncated',
      'empty-to-object',
    ];
    for (const [index, rung] of expectedRungs.entries()) {
      const card = cards.nth(index);
      await expect(card).toHaveAttribute('data-status', 'success');
      expect(await attributesOf(card.getByTestId('repair-step'), 'data-rung')).toEqual([rung]);
    }
    const refused = cards.nth(8);
    await expect(refused).toHaveAttribute('data-status', 'rejected');
    await expect(refused.getByTestId('input-error')).toHaveAttribute('data-code', 'unparseable-arguments');
    await expect(refused.getByTestId('call-output')).not.toBeEmpty();
    const retry = callCards(page.getByTestId('iteration-2'));
    await expect(retry).toHaveCount(1);
    await expect(retry.first()).toHaveAttribute('data-status', 'success');
  });

  test('strict-mode pitfalls: strictified schemas run, a null optional is dropped before execute', async ({ page }) => {
    await openPreset(page, 'strict-mode-pitfalls');
    await expectTurnEnd(page, 'completed');
    const cards = callCards(page.getByTestId('iteration-1'));
    expect(await attributesOf(cards, 'data-name')).toEqual(['create_reminder', 'notify', 'set_priority', 'tag_item']);
    expect(await attributesOf(cards, 'data-status')).toEqual(Array(4).fill('success'));
    const reminder = cardNamed(page, 'create_reminder');
    await expect(reminder).toContainText('Restored input');
    await expect(reminder.getByTestId('call-output')).toHaveText('Reminder set: Pay rent');
    await expect(cardNamed(page, 'notify').getByTestId('call-output')).toHaveText('Emailed me@example.com');
  });

  test('approval gate: approve the delete, deny the external email', async ({ page }) => {
    await openPreset(page, 'approval-gate');
    const remove = cardNamed(page, 'delete_file');
    await expect(remove).toHaveAttribute('data-status', 'awaiting-approval', { timeout: TURN_TIMEOUT });
    await expect(cardNamed(page, 'list_files')).toHaveAttribute('data-status', 'success');
    await remove.locator('[data-testid^="approve-"]').click();

    const email = cardNamed(page, 'send_email');
    await expect(email).toHaveAttribute('data-status', 'awaiting-approval', { timeout: TURN_TIMEOUT });
    await email.locator('[data-testid^="denial-reason-"]').fill('External mail needs a ticket.');
    await email.locator('[data-testid^="deny-"]').click();

    await expectTurnEnd(page, 'completed');
    await expect(remove).toHaveAttribute('data-status', 'success');
    await expect(remove.getByTestId('call-output')).toHaveText('Deleted build.log.');
    await expect(remove.getByTestId('approval-response')).toContainText('Approved');
    await expect(email).toHaveAttribute('data-status', 'denied');
    await expect(email.getByTestId('approval-response')).toContainText('Denied');
    // The reason typed beside Deny reaches the model in the call's output.
    await expect(email.getByTestId('call-output')).toContainText('a human denied it: External mail needs a ticket.');
    await expect(email.getByTestId('call-logs')).toHaveCount(0);
  });

  test('stop: a turn waiting for approval ends as aborted', async ({ page }) => {
    await openPreset(page, 'approval-gate');
    const remove = cardNamed(page, 'delete_file');
    await expect(remove).toHaveAttribute('data-status', 'awaiting-approval', { timeout: TURN_TIMEOUT });
    await page.getByTestId(TEST_IDS.stopButton).click();
    await expectTurnEnd(page, 'aborted');
    await expect(remove).toHaveAttribute('data-status', /^(aborted|denied)$/);
    await expect(remove.locator('[data-testid^="approve-"]')).toHaveCount(0);
  });

  test('task mode: an invalid submit_result is rejected, the valid one ends the turn', async ({ page }) => {
    await openPreset(page, 'task-submit-result');
    await expectTurnEnd(page, /^(completed|tool-ended)$/);
    await expect(cardNamed(page.getByTestId('iteration-1'), 'lookup_order')).toHaveAttribute('data-status', 'success');
    const rejected = cardNamed(page.getByTestId('iteration-2'), 'submit_result');
    await expect(rejected).toHaveAttribute('data-status', 'rejected');
    await expect(rejected.getByTestId('input-error')).toHaveAttribute('data-code', 'invalid-arguments');
    await expect(rejected.getByTestId('input-error')).toContainText('total');
    await expect(cardNamed(page.getByTestId('iteration-3'), 'submit_result')).toHaveAttribute('data-status', 'success');
    await expect(page.getByTestId('turn-result')).toContainText('45.99');
  });

  test('auto model with faults: every call ends with a final status', async ({ page }) => {
    await openPreset(page, 'auto-model-faults');
    await expectTurnEnd(page, /^(completed|max-iterations)$/);
    const cards = callCards(page);
    expect(await cards.count()).toBeGreaterThan(0);
    for (const status of await attributesOf(cards, 'data-status')) expect(status).toMatch(FINAL_STATUS);
  });
});
