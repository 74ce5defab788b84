import { expect, test, type Page } from '@playwright/test';
import { choosePreset, openPlayground, replaceEditorText, TEST_IDS, waitForRunEnd } from './helpers';

/** The first five minutes (issue 15): layout at 1024 px, the keyboard, waiting calls, the auto model, refused runs. */

const WEATHER = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'get_weather',
    description: 'Current weather for a city.',
    schema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']).optional() }),
    isReadOnly: true,
    execute: async ({ city }) => \`Sunny in \${city}\`,
  }),
];
`;

function cardNamed(page: Page, name: string) {
  return page.locator(`[data-testid^="call-card-"][data-name="${name}"]`);
}

test.describe('at 1024 × 768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('schemas and run share a column as tabs; a run shows the run side; call titles do not wrap letter by letter', async ({ page }) => {
    await openPlayground(page);
    const runTab = page.getByTestId('panel-tab-run');
    const schemasTab = page.getByTestId('panel-tab-schemas');
    await expect(runTab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId(TEST_IDS.runButton)).toBeVisible();

    await schemasTab.click();
    await expect(page.getByTestId('schema-panel')).toBeVisible();
    await expect(page.getByTestId(TEST_IDS.runButton)).toBeHidden();
    await expect(schemasTab).toContainText(/Schemas\s*· \d+/);

    // Ctrl+Enter from anywhere runs, and the run side comes forward.
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(runTab).toHaveAttribute('aria-selected', 'true');
    await waitForRunEnd(page, 45_000);
    const card = page.locator('[data-testid^="call-card-"]').first();
    await expect(card).toBeVisible();
    // The title line of a call card stays one or two lines high, never a column of letters.
    const header = await card.locator('header').boundingBox();
    expect(header?.height ?? 0).toBeLessThan(60);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  });

  test('a call waiting for approval is counted on the run tab while the schemas are shown, and in the page title', async ({ page }) => {
    await page.goto('/');
    await choosePreset(page, 'approval-gate');
    const remove = cardNamed(page, 'delete_file');
    await expect(remove).toHaveAttribute('data-status', 'awaiting-approval', { timeout: 45_000 });
    await expect(page.getByTestId('waiting-for-you')).toContainText('Waiting for you: 1 approval');
    await expect(page).toHaveTitle(/^\(1\) Waiting for you · /);

    await page.getByTestId('panel-tab-schemas').click();
    await expect(page.getByTestId('panel-tab-waiting')).toHaveText('1 waiting');
    await page.getByTestId('panel-tab-run').click();
    await expect(page.getByTestId('panel-tab-waiting')).toHaveCount(0);

    await remove.locator('[data-testid^="approve-"]').click();
    await expect(remove).not.toHaveAttribute('data-status', 'awaiting-approval');
    await expect(page).not.toHaveTitle(/Waiting for you/, { timeout: 1_000 }).catch(async () => {
      // The next approval (send_email) may already be waiting; then the count is its own.
      await expect(page).toHaveTitle(/^\(1\) Waiting for you · /);
    });
  });
});

test('keyboard: the first Tab stop skips to the run panel, Tab reaches Run, and Show focuses Approve', async ({ page }) => {
  await openPlayground(page);
  // On a fresh page the first Tab stop is the skip link.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-to-run')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('run-message')).toBeFocused();

  // From the message, Tab walks the run panel's controls to the Run button.
  let reached = false;
  for (let presses = 0; presses < 15 && !reached; presses += 1) {
    await page.keyboard.press('Tab');
    reached = await page.getByTestId(TEST_IDS.runButton).evaluate((button) => button === document.activeElement);
  }
  expect(reached).toBe(true);

  await choosePreset(page, 'approval-gate');
  await expect(cardNamed(page, 'delete_file')).toHaveAttribute('data-status', 'awaiting-approval', { timeout: 45_000 });
  await page.getByTestId('waiting-for-you').getByRole('button', { name: 'Show' }).click();
  await expect(cardNamed(page, 'delete_file').locator('[data-testid^="approve-"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cardNamed(page, 'delete_file')).not.toHaveAttribute('data-status', 'awaiting-approval');
});

test('the auto model takes values from the message: "weather in Paris" calls the tool with Paris, and says so', async ({ page }) => {
  await openPlayground(page);
  await replaceEditorText(page, WEATHER);
  await expect(page.getByTestId(TEST_IDS.toolCard('get_weather'))).toBeVisible();
  await page.getByTestId('model-provider').selectOption('auto');
  await page.getByTestId('run-message').fill('What is the weather in Paris?');
  await page.getByTestId(TEST_IDS.runButton).click();
  await waitForRunEnd(page, 45_000);
  const call = cardNamed(page, 'get_weather');
  await expect(call).toHaveAttribute('data-status', 'success');
  await expect(call.getByTestId('argument-from-message')).toContainText('/city = "Paris"');
  await expect(call.getByTestId('call-output')).toContainText('Sunny in Paris');
});

test('a Run that cannot start says "Not started" with its reason, not the previous turn’s status', async ({ page }) => {
  await page.goto('/');
  await choosePreset(page, 'parallel-and-sequential');
  await waitForRunEnd(page, 45_000);
  await expect(page.getByTestId('run-status')).toContainText('Ended');
  // The composer is empty after a turn: Run has nothing to send.
  await page.getByTestId(TEST_IDS.runButton).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-phase', 'refused');
  await expect(page.getByTestId('run-status')).toContainText('Not started');
  await expect(page.getByTestId('run-error')).toHaveText('Write a user message first.');
  await page.getByTestId('run-message').fill('Again, please.');
  await page.getByTestId(TEST_IDS.runButton).click();
  await expect(page.getByTestId('run-status')).not.toHaveAttribute('data-phase', 'refused');
  await expect(page.getByTestId('run-error')).toHaveCount(0);
});

test('switching presets dims the old cards at once and says compiling, then shows the new tools', async ({ page }) => {
  await openPlayground(page);
  await expect(page.getByTestId(TEST_IDS.toolCard('read_file'))).toBeVisible();
  // Every change of the cards' state is logged in the page, so a short window cannot be missed.
  await page.evaluate(() => {
    const log: { behind: string | null; old: boolean }[] = [];
    (window as unknown as { cardLog: typeof log }).cardLog = log;
    const record = () => {
      const cards = document.querySelector('[data-testid="tool-cards"]');
      log.push({ behind: cards?.getAttribute('data-behind') ?? null, old: document.querySelector('[data-testid="tool-card-read_file"]') !== null });
    };
    new MutationObserver(record).observe(document.querySelector('[data-testid="schema-panel"]')!, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-behind'] });
  });
  await choosePreset(page, 'approval-gate');
  await expect(page.getByTestId(TEST_IDS.toolCard('delete_file'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('tool-cards')).toHaveAttribute('data-behind', 'false');
  const log = await page.evaluate(() => (window as unknown as { cardLog: { behind: string | null; old: boolean }[] }).cardLog);
  // The editor held the new module before its compile answered: meanwhile the old cards were
  // marked behind (which dims them); once they were undimmed they were the new ones.
  expect(log.some((entry) => entry.old && entry.behind === 'true')).toBe(true);
  const firstBehind = log.findIndex((entry) => entry.behind === 'true');
  expect(log.slice(firstBehind).filter((entry) => entry.old && entry.behind === 'false')).toEqual([]);
});
