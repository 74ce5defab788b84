import { expect, test } from '@playwright/test';
import { focusEditor, openPlayground, replaceEditorText, TEST_IDS } from './helpers';

const toolModule = (schema: string, name = 'lookup_user') => `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: '${name}',
    description: 'Look up a user by id.',
    schema: ${schema},
    isReadOnly: true,
    execute: async (args) => \`user \${args.id}\`,
  }),
];
`;

// strictObject: a plain z.object converts without additionalProperties: false, which strict mode requires.
const strictSchema = `z.strictObject({ id: z.string().describe('User id') })`;
const optionalFieldSchema = `z.strictObject({ id: z.string(), note: z.string().optional() })`;

test('typing a tool updates its schema card and strict badge', async ({ page }) => {
  await openPlayground(page);
  await replaceEditorText(page, toolModule(strictSchema));

  const card = page.getByTestId(TEST_IDS.toolCard('lookup_user'));
  await expect(card).toBeVisible();
  await expect(card.getByTestId('strict-badge')).toHaveAttribute('data-strict', 'ok');
  await expect(card.getByTestId('sent-schema')).toContainText('"id"');
  await expect(card.getByTestId('sent-schema')).toContainText('"additionalProperties": false');
  await expect(card.getByTestId('gate-preview')).toBeVisible();

  // An optional field is the routine conversion (closed, nullable): a quiet note and a green badge, no warning.
  await replaceEditorText(page, toolModule(optionalFieldSchema));
  await expect(card.getByTestId('strict-badge')).toHaveAttribute('data-conversion', 'routine');
  await expect(card.getByTestId('strict-badge')).toHaveText('strict ✓');
  await expect(card.getByTestId('strict-note')).toBeVisible();
  await expect(card.getByTestId('strict-warning')).toHaveCount(0);
  await expect(card.getByTestId('sent-schema')).toHaveCount(1);
  await card.getByTestId('strictified-diff').locator('summary').click();
  await expect(card.getByTestId('strict-change').first()).toContainText('/properties/note');

  // A plain z.object is routine too.
  await replaceEditorText(page, toolModule(`z.object({ id: z.string(), note: z.string().optional() })`));
  await expect(card.getByTestId('strict-badge')).toHaveAttribute('data-conversion', 'routine');
  await expect(card.getByTestId('strict-warning')).toHaveCount(0);

  // A default strict mode cannot carry is dropped from what the model reads: that is flagged, by path.
  await replaceEditorText(page, toolModule(`z.object({ id: z.string(), limit: z.number().default(10) })`));
  await expect(card.getByTestId('strict-badge')).toHaveAttribute('data-conversion', 'drops');
  await expect(card.getByTestId('strict-warning')).toContainText('/properties/limit/default');
});

test('an error marks the editor and keeps the last good schema visible', async ({ page }) => {
  await openPlayground(page);
  await replaceEditorText(page, toolModule(strictSchema));
  const card = page.getByTestId(TEST_IDS.toolCard('lookup_user'));
  await expect(card).toBeVisible();
  await expect(page.getByTestId('tool-cards')).toHaveAttribute('data-stale', 'false');

  // Valid TypeScript, invalid tool: only the compile diagnostics (marker owner "playground") can flag it.
  await replaceEditorText(page, toolModule(strictSchema, 'lookup user!'));
  await expect(page.getByTestId('diagnostic').first()).toBeVisible();
  await expect(page.getByTestId('diagnostic').first()).toHaveAttribute('data-severity', 'error');
  await expect(page.getByTestId('last-good-banner')).toBeVisible();
  await expect(page.getByTestId('tool-cards')).toHaveAttribute('data-stale', 'true');
  await expect(card).toBeVisible();
  await expect(page.locator('[data-testid="code-editor"] .squiggly-error').first()).toBeAttached();
  await expect(page.getByTestId(TEST_IDS.editorTab('tools'))).toContainText('1');

  // Fixing it brings the live schema back.
  await replaceEditorText(page, toolModule(strictSchema, 'lookup_user_v2'));
  await expect(page.getByTestId(TEST_IDS.toolCard('lookup_user_v2'))).toBeVisible();
  await expect(page.getByTestId('last-good-banner')).toHaveCount(0);
});

test('the page makes no request to any host but its own', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1:3100').origin;
  const foreign: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) foreign.push(url);
  });
  await openPlayground(page);
  await replaceEditorText(page, toolModule(strictSchema));
  await expect(page.getByTestId(TEST_IDS.toolCard('lookup_user'))).toBeVisible();
  // Hover a Zod call so the TypeScript worker (and zod's declarations) are exercised too.
  // The token span reads "schema: z.strictObject": hover near its end, on strictObject.
  const token = page.locator('.view-line > span > span', { hasText: 'strictObject' }).first();
  const box = await token.boundingBox();
  await token.hover({ position: { x: Math.max(1, (box?.width ?? 20) - 12), y: (box?.height ?? 10) / 2 } });
  await expect(page.locator('.monaco-hover').first()).toContainText('ZodObject');
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
});

test('TypeScript IntelliSense knows zod and playground offline', async ({ page }) => {
  await openPlayground(page);
  // args is inferred from the Zod schema through defineTool, so a misspelt field is a type error.
  await replaceEditorText(page, toolModule(strictSchema).replace('args.id', 'args.idd'));
  const squiggle = page.locator('[data-testid="code-editor"] .squiggly-error').first();
  await expect(squiggle).toBeAttached({ timeout: 30_000 });
  // On a loaded machine the TypeScript worker may still answer "Loading..." to the first hover: hover again.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await squiggle.hover({ force: true });
    await expect(page.locator('.monaco-hover').first()).toContainText("Property 'idd' does not exist", { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
});

test('fast typing while compile answers come back never moves or drops a character; a tab keeps its text', async ({ page }) => {
  await openPlayground(page);
  await replaceEditorText(page, toolModule(strictSchema));
  await expect(page.getByTestId(TEST_IDS.toolCard('lookup_user'))).toBeVisible();
  await page.keyboard.press('ControlOrMeta+End');
  const chunks = ['// the quick brown fox ', 'jumps over the lazy dog ', 'while the compiler answers ', '0123456789 {braces} [and] (parens)'];
  for (const chunk of chunks) {
    await page.keyboard.type(chunk, { delay: 15 });
    // Long enough for the debounced compile to go out and answer while the next chunk is typed.
    await page.waitForTimeout(350);
  }
  await expect(page.getByTestId('compile-status')).toHaveAttribute('data-pending', 'false');
  const typed = chunks.join('');
  // Polled: Monaco paints typed lines in animation frames, so one read may see a line not yet repainted.
  const typedLines = async () =>
    (await page.locator('[data-testid="code-editor"] .view-line').allTextContents())
      .map((line) => line.replace(/\u00a0/g, ' ').trim())
      .filter((line) => line.includes('quick brown'));
  await expect.poll(typedLines, { timeout: 5_000 }).toEqual([typed]);

  // One model per document: switching tabs and back keeps the text (and its undo history).
  await page.getByTestId(TEST_IDS.editorTab('files')).click();
  await page.getByTestId(TEST_IDS.editorTab('tools')).click();
  await expect(page.locator('[data-testid="code-editor"] .view-lines')).toContainText('quick brown fox');
});

test('keyboard: Escape closes a widget, then extra cursors, and never leaves by itself; Esc then Tab leaves; Tab from outside passes through; the presets menu follows the arrow keys', async ({ page }) => {
  await openPlayground(page);
  const editor = page.getByTestId('code-editor');
  // Monaco takes input through an EditContext element or a textarea: focus is "in the editor" either way.
  const editorFocused = () => page.evaluate(() => document.querySelector('[data-testid="code-editor"] .monaco-editor')?.contains(document.activeElement) ?? false);
  const editorText = () => page.evaluate(() => document.querySelector('[data-testid="code-editor"] .view-lines')?.textContent ?? '');
  await focusEditor(page);
  // A second cursor: Escape collapses it and the editor keeps the focus.
  await page.keyboard.press('ControlOrMeta+Alt+ArrowDown');
  await expect(editor.locator('.cursor')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(editor.locator('.cursor')).toHaveCount(1);
  await expect.poll(editorFocused).toBe(true);
  // The suggest widget: Escape closes it, focus stays.
  await page.keyboard.press('ControlOrMeta+Space');
  await expect(editor.locator('.suggest-widget.visible')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor.locator('.suggest-widget.visible')).toHaveCount(0);
  await expect.poll(editorFocused).toBe(true);
  // Nothing left to close: Escape still does not move focus; typing lands in the code.
  await page.keyboard.press('Escape');
  await expect.poll(editorFocused).toBe(true);
  await expect(page.getByTestId('editor-keys-hint')).toBeVisible();
  await page.keyboard.type('//x');
  await expect.poll(editorText).toContain('//x');
  // Esc then Tab leaves the editor without indenting.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('editor-tab-leaves')).toBeVisible();
  const before = await editorText();
  await page.keyboard.press('Tab');
  await expect.poll(editorFocused).toBe(false);
  expect(await editorText()).toBe(before);
  // Reached by Tab from outside (the last document tab), Tab passes through instead of indenting.
  await page.getByTestId(TEST_IDS.editorTab('files')).focus();
  let inEditor = false;
  for (let presses = 0; presses < 4 && !inEditor; presses += 1) {
    await page.keyboard.press('Tab');
    inEditor = await editorFocused();
  }
  expect(inEditor).toBe(true);
  await page.keyboard.press('Tab');
  await expect.poll(editorFocused).toBe(false);
  expect(await editorText()).toBe(before);

  await page.getByTestId(TEST_IDS.presetsButton).focus();
  await page.keyboard.press('Enter');
  const items = page.getByTestId('presets-menu').getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('presets-menu')).toHaveCount(0);
  await expect(page.getByTestId(TEST_IDS.presetsButton)).toBeFocused();
});
