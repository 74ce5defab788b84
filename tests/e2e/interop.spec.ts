import { expect, test } from '@playwright/test';
import { focusEditor, openPlayground, replaceEditorText, TEST_IDS } from './helpers';

/**
 * Export, import and the compatibility matrix (components/interop). Needs the page to mount
 * <ExportButton tools={…}/>, <ImportButton onImport={…}/> in the schema panel header and
 * <CompatibilityMatrix tool={…}/> inside each tool card, under a collapsed "Provider compatibility".
 */
const MODULE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'get_pet',
    description: 'Find a pet by id.',
    jsonSchema: { type: 'object', properties: { petId: { type: 'integer' }, note: { type: 'string', minLength: 1 } }, required: ['petId'] },
    isReadOnly: true,
    execute: async (args) => ({ content: args }),
  }),
];
`;

const MCP_LIST = {
  tools: [
    {
      name: 'crm.delete_contact',
      description: 'Delete a contact.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
  ],
};

test('exports the tool set in each format and downloads it', async ({ page }) => {
  await openPlayground(page);
  await replaceEditorText(page, MODULE);
  await expect(page.getByTestId(TEST_IDS.toolCard('get_pet'))).toBeVisible();

  await page.getByTestId('export-button').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-text')).toContainText('"name": "get_pet"');
  // The optional field is strictified in what OpenAI gets.
  await expect(dialog.getByTestId('export-text')).toContainText('"null"');

  await dialog.getByTestId('export-format').selectOption('vercel-ai-sdk');
  await expect(dialog.getByTestId('export-text')).toContainText("import { jsonSchema, tool } from 'ai';");
  // The code targets carry the module itself: the tool's own execute, not a stub.
  await expect(dialog.getByTestId('export-text')).toContainText('execute: async (args) => ({ content: args }),');
  await expect(dialog.getByTestId('export-text')).toContainText("playground.execute('get_pet', input");

  await dialog.getByTestId('export-format').selectOption('mcp-tools-list');
  await expect(dialog.getByTestId('export-text')).toContainText('"readOnlyHint": true');
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('export-download').click();
  const download = await downloading;
  // A set of one tool is named after it.
  expect(download.suggestedFilename()).toBe('get_pet-mcp-tools-list.json');

  await dialog.getByTestId('export-dialog-close').click();
  await expect(dialog).toBeHidden();

  // One tool from its card.
  await page.getByTestId(TEST_IDS.toolCard('get_pet')).getByTestId('export-tool-button').click();
  await expect(page.getByTestId('export-dialog').getByTestId('export-text')).toContainText('"name": "get_pet"');
  await page.getByTestId('export-dialog').getByTestId('export-dialog-close').click();
});

test('shows per-provider verdicts for a tool', async ({ page }) => {
  await openPlayground(page);
  await replaceEditorText(page, MODULE);
  const card = page.getByTestId(TEST_IDS.toolCard('get_pet'));
  // Collapsed by default under "Provider compatibility".
  await expect(card.getByTestId('compat-cell-openai')).toBeHidden();
  await card.getByTestId('compat-toggle').click();
  await expect(card.getByTestId('compat-cell-openai')).toHaveAttribute('data-accepted', 'true');
  await expect(card.getByTestId('compat-cell-anthropic-strict')).toHaveAttribute('data-accepted', 'false');
  await card.getByTestId('compat-cell-anthropic-strict').click();
  await expect(card.getByTestId('compat-issues')).toContainText('minLength is not supported in strict tool use.');
  await expect(card.getByTestId('compat-transformed')).toContainText('"additionalProperties": false');
});

test('imports an MCP tools/list file into the editor', async ({ page }) => {
  await openPlayground(page);
  // The dialog holds keyboard focus while open and gives it back to its opener.
  await page.getByTestId('import-button').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press(press % 3 === 0 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('import-button')).toBeFocused();
  await page.getByTestId('import-button').click();

  await dialog.getByTestId('import-text').fill('{"tools": [{"name": "x", "inputSchema": {"type": "string"}}]}');
  await expect(dialog.getByTestId('import-error')).toHaveText('/tools/0/inputSchema/type: the root of a parameter schema must be type "object", got "string".');
  await expect(dialog.getByTestId('import-submit')).toBeDisabled();

  await dialog.getByTestId('import-file').setInputFiles({ name: 'tools.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(MCP_LIST)) });
  await expect(dialog.getByTestId('import-preview')).toContainText('crm.delete_contact');
  await dialog.getByTestId('import-submit').click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId(TEST_IDS.toolCard('crm.delete_contact'));
  await expect(card).toBeVisible();
  await expect(card.getByTestId('sent-schema')).toContainText('"id"');
});

test('+ Tool adds a working starter tool at the end of the module', async ({ page }) => {
  await openPlayground(page);
  await replaceEditorText(page, MODULE);
  await expect(page.getByTestId(TEST_IDS.toolCard('get_pet'))).toBeVisible();
  await page.getByTestId('new-tool-button').click();
  const starter = page.getByTestId(TEST_IDS.toolCard('new_tool'));
  await expect(starter).toBeVisible();
  await expect(starter.getByTestId('gate-preview')).toContainText('allow');
  await expect(page.getByTestId(TEST_IDS.toolCard('get_pet'))).toBeVisible();
  await expect(page.locator('[data-testid="code-editor"] .view-lines')).toContainText("name: 'new_tool'");
  // A second one gets a name of its own.
  await page.getByTestId('new-tool-button').click();
  await expect(page.getByTestId(TEST_IDS.toolCard('new_tool_2'))).toBeVisible();
  // Each addition is one step on the editor's undo stack.
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(page.getByTestId(TEST_IDS.toolCard('new_tool_2'))).toHaveCount(0);
  await expect(page.getByTestId(TEST_IDS.toolCard('new_tool'))).toBeVisible();
});
