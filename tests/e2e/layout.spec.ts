import { expect, test, type Page } from '@playwright/test';
import { openPlayground } from './helpers';

/** The wide layout's columns: resized by their handles, collapsed to rails, both remembered across a reload. */
test.use({ viewport: { width: 1280, height: 800 } });

async function widthOf(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on the page`);
  return box.width;
}

/** Where the editor's keys hint is: hidden, or whole inside the editor beside tabs that are not scrolled out of view. */
function keysHintPlacement(page: Page): Promise<'hidden' | 'whole' | 'cut'> {
  return page.evaluate(() => {
    const hint = document.querySelector('[data-testid="editor-keys-inline-hint"]');
    const editor = document.querySelector('section[aria-label="Editor"]');
    const tabs = document.querySelector('[role="tablist"][aria-label="Documents"]');
    if (!hint || !editor || !tabs) return 'cut';
    if (getComputedStyle(hint).display === 'none') return 'hidden';
    const fits = hint.getBoundingClientRect().right <= editor.getBoundingClientRect().right && hint.scrollWidth <= hint.clientWidth + 1 && tabs.scrollWidth <= tabs.clientWidth;
    return fits ? 'whole' : 'cut';
  });
}

test('a column resized by its handle keeps its size after a reload; a column collapses to a rail and comes back', async ({ page }) => {
  await openPlayground(page);
  // The editor's keys hint is never cut at the tab strip's edge: whole where it fits, else not shown.
  expect(await keysHintPlacement(page)).not.toBe('cut');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => keysHintPlacement(page)).toBe('whole');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => keysHintPlacement(page)).not.toBe('cut');
  const handle = page.getByTestId('resize-editor');
  await expect(handle).toHaveAttribute('role', 'separator');
  const before = await widthOf(page, 'editor');
  const handleBox = await handle.boundingBox();
  if (!handleBox) throw new Error('the handle has no box');
  const y = handleBox.y + handleBox.height / 2;
  await page.mouse.move(handleBox.x + handleBox.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(handleBox.x + handleBox.width / 2 - 60, y, { steps: 4 });
  await page.mouse.move(handleBox.x + handleBox.width / 2 - 120, y, { steps: 4 });
  await page.mouse.up();
  const resized = await widthOf(page, 'editor');
  expect(resized).toBeLessThan(before - 80);

  await page.reload();
  await expect(page.locator('[data-testid="code-editor"] .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => widthOf(page, 'editor')).toBeCloseTo(resized, -1);

  // The header's button collapses the editor to a rail, and the rail's button brings it back.
  await page.getByRole('button', { name: 'Hide the editor' }).click();
  await expect(page.getByTestId('expand-editor')).toBeVisible();
  await expect(page.getByTestId('code-editor')).toBeHidden();
  expect(await widthOf(page, 'editor')).toBeLessThan(40);
  await expect(page.locator('#panel-schemas')).toBeVisible();
  await page.getByRole('button', { name: 'Show the editor' }).first().click();
  await expect(page.getByTestId('code-editor')).toBeVisible();
  await expect.poll(() => widthOf(page, 'editor')).toBeCloseTo(resized, -1);

  // The handle works from the keyboard: Enter collapses the schema panel before it, and again brings it back.
  await page.getByTestId('resize-schemas').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('expand-schemas')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('expand-schemas')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('resize-schemas').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('expand-schemas')).toBeHidden();
  await expect(page.locator('#panel-schemas')).toBeVisible();
});
