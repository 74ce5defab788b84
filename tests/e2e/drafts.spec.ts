import { expect, test, type Page } from '@playwright/test';
import { choosePreset, openPlayground, replaceEditorText, shareSession, TEST_IDS, waitForRunEnd } from './helpers';

/** Drafts that survive a reload, a preset that keeps the draft it replaces, and the history of runs. */
const TURN_TIMEOUT = 45_000;

const MODULE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'draft_weather',
    description: 'Current weather for a city.',
    schema: z.object({ city: z.string() }),
    isReadOnly: true,
    execute: async ({ city }) => \`Foggy in \${city}\`,
  }),
];
`;

const editorText = 'Foggy in';

/** Whether a draft in this browser's IndexedDB (created by the page's first save) holds `needle`. */
function storedDraftsContain(page: Page, needle: string): Promise<boolean> {
  return page.evaluate(
    (text) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('tool-runtime-playground');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('drafts')) {
            database.close();
            resolve(false);
            return;
          }
          const request = database.transaction('drafts', 'readonly').objectStore('drafts').getAll();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            database.close();
            resolve(JSON.stringify(request.result).includes(text));
          };
        };
      }),
    needle,
  );
}

test('edit, run, reload: the edits and the conversation are back; a preset keeps the draft; the run reopens from the history and shares', async ({ page, context }) => {
  test.setTimeout(180_000);
  await openPlayground(page);
  await replaceEditorText(page, MODULE);
  await expect(page.getByTestId(TEST_IDS.toolCard('draft_weather'))).toBeVisible();
  await page.getByTestId('model-provider').selectOption('auto');
  await page.getByTestId('run-message').fill('Weather in "Oslo"?');
  await page.getByTestId(TEST_IDS.runButton).click();
  await waitForRunEnd(page, TURN_TIMEOUT);
  await expect(page.locator('[data-testid^="call-card-"][data-name="draft_weather"]')).toContainText('Foggy in Oslo');
  await page.getByTestId('run-message').fill('a follow-up not sent yet');
  // Saved within a moment of the change (a reload in that moment may lose it): wait until the
  // browser's stored draft holds the typed text.
  await expect.poll(() => storedDraftsContain(page, 'a follow-up not sent yet')).toBe(true);
  // The finished turn's record, kept with the draft so it can be shared after the server lets it go.
  await expect.poll(() => storedDraftsContain(page, '"tape":[')).toBe(true);

  // Reload: the module, the composer and the conversation come back, and the page says so.
  await page.reload();
  await expect(page.getByTestId('draft-notice')).toContainText('Restored your draft from');
  await expect(page.locator('[data-testid="code-editor"] .view-lines')).toContainText(editorText, { timeout: 30_000 });
  await expect(page.getByTestId(TEST_IDS.toolCard('draft_weather'))).toBeVisible();
  await expect(page.getByTestId('turn-message').first()).toContainText('Weather in "Oslo"?');
  await expect(page.locator('[data-testid^="call-card-"][data-name="draft_weather"]')).toContainText('Foggy in Oslo');
  await expect(page.getByTestId('run-message')).toHaveValue('a follow-up not sent yet');
  await expect(page.getByTestId('model-provider')).toHaveValue('auto');

  // A change made just before a reload, its save still waiting, is not lost either.
  await page.getByTestId('run-message').fill('typed right before the reload');
  await page.reload();
  await expect(page.getByTestId('draft-notice')).toContainText('Restored your draft from');
  await expect(page.getByTestId('run-message')).toHaveValue('typed right before the reload');

  // A preset over the draft says the draft is kept, and brings it back on request.
  await choosePreset(page, 'parallel-and-sequential');
  await expect(page.getByTestId('draft-notice')).toHaveAttribute('data-kind', 'set-aside');
  await expect(page.getByTestId('draft-notice')).toContainText('kept in History');
  await waitForRunEnd(page, TURN_TIMEOUT);
  await page.getByTestId('bring-back-draft').click();
  await expect(page.getByTestId(TEST_IDS.toolCard('draft_weather'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('turn-message').first()).toContainText('Weather in "Oslo"?');

  // Another tab: the history lists both runs with their model and outcome; one click reopens the run, and it shares.
  const other = await context.newPage();
  await other.goto('/');
  await other.getByTestId('start-fresh').click();
  await expect(other.getByTestId(TEST_IDS.toolCard('read_file'))).toBeVisible({ timeout: 30_000 });
  await other.getByTestId('history-button').click();
  const entry = other.getByTestId('history-item').filter({ hasText: 'Weather in "Oslo"?' });
  await expect(entry).toContainText('embedded auto · 1 turn · completed');
  await expect(other.getByTestId('history-item').filter({ hasText: 'Summarize my notes' })).toContainText('embedded scripted');
  await entry.click();
  await expect(other.getByTestId(TEST_IDS.toolCard('draft_weather'))).toBeVisible({ timeout: 20_000 });
  await expect(other.locator('[data-testid^="call-card-"][data-name="draft_weather"]')).toContainText('Foggy in Oslo');
  // The server has let the turn go (it keeps finished turns 24 hours): Share sends the record
  // this browser kept instead, through Import, and the link works the same.
  await other.route(
    '**/api/sessions',
    (route) => route.fulfill({ status: 422, json: { error: 'No finished turn here (turns are kept 24 hours; run the turn again, then share).', code: 'unknown-turn' } }),
    { times: 1 },
  );
  const imported = other.waitForRequest((request) => request.url().endsWith('/api/sessions/import') && request.method() === 'POST');
  const link = await shareSession(other);
  await imported;
  await other.goto(link);
  await expect(other.locator('[data-testid^="call-card-"][data-name="draft_weather"]')).toContainText('Foggy in Oslo');

  // Edits on the shared page are a draft of their own, restored on reload of the link (a reload at once loses nothing).
  await other.getByTestId('run-message').fill('an edit on the shared page');
  await other.reload();
  await expect(other.getByTestId('draft-notice')).toContainText('Restored your draft from');
  await expect(other.getByTestId('run-message')).toHaveValue('an edit on the shared page');
  await other.getByTestId('history-button').click();
  await expect(other.getByTestId('history-item').filter({ hasText: 'edits of a shared link' })).toHaveAttribute('data-current', 'true');
  await other.getByTestId('history-button').click();
  await other.getByTestId('back-to-shared').click();
  await expect(other.getByTestId('draft-notice')).toHaveAttribute('data-kind', 'set-aside');
  await expect(other.getByTestId('run-message')).not.toHaveValue('an edit on the shared page');
  await expect(other.locator('[data-testid^="call-card-"][data-name="draft_weather"]')).toContainText('Foggy in Oslo');
  // Back on the shared version, a reload stays on it; the draft waits in History.
  await other.reload();
  await expect(other.locator('[data-testid^="call-card-"][data-name="draft_weather"]')).toContainText('Foggy in Oslo');
  await expect(other.getByTestId('draft-notice')).toHaveCount(0);
  await expect(other.getByTestId('run-message')).not.toHaveValue('an edit on the shared page');

  // The workspace's draft was not touched by it, and its History reopens the shared page's draft on its link.
  await other.goto('/');
  await expect(other.getByTestId('run-message')).toHaveValue('typed right before the reload');
  await other.getByTestId('history-button').click();
  await other.getByTestId('history-item').filter({ hasText: 'edits of a shared link' }).click();
  await expect(other).toHaveURL(link);
  await expect(other.getByTestId('draft-notice')).toContainText('Restored your draft from');
  await expect(other.getByTestId('run-message')).toHaveValue('an edit on the shared page');
  await other.close();
});
