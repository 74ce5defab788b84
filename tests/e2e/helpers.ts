import { expect, type Page } from '@playwright/test';

/**
 * Stable `data-testid`s of the playground page (owned by the page-shell components; the
 * timeline adds its own under `timeline-region`).
 *
 * Header:  presets-button, presets-menu, preset-<presetId>, theme-toggle
 * Editor:  code-editor, editor-tab-tools | editor-tab-script | editor-tab-result-schema | editor-tab-files
 * Schemas: schema-panel, compile-status [data-pending="true|false"], diagnostics-list,
 *          diagnostic [data-severity="error|warning"], compile-failure, last-good-banner,
 *          tool-cards [data-stale="true|false"], tool-card-<qualifiedName>, tool-name,
 *          strict-badge [data-strict="ok|strictified|violations|off"], gate-preview [data-decision],
 *          strict-violations, strict-violation, sent-schema, strictified-diff, copy-strictified
 * Run:     run-panel, preset-summary, run-message, model-provider, model-seed, model-fault-rate,
 *          model-name, model-api-key, model-base-url, permission-mode, max-iterations, task-mode,
 *          run-button, stop-button, run-status [data-phase="idle|starting|streaming|stopping|ended"],
 *          run-errors, run-error, timeline-region (wraps <Timeline/>)
 * Interop: import-button, export-button (schema panel header), export-tool-button, compat-toggle
 *          and compatibility-matrix (each tool card); the dialogs' own ids are in components/interop
 * Session: share-button, share-popover, share-link, share-error, export-session-button,
 *          export-session-error, import-session-button, import-session-file, session-drop-zone,
 *          session-import-error; on /s/<id>: shared-session-banner, shared-session-date,
 *          replay-button, replay-result [data-identical], replay-difference, replay-error,
 *          fork-button, copy-session-link; on /?fork=<id>: forked-session-notice;
 *          session-unavailable (unknown id or database down)
 */
export const TEST_IDS = {
  presetsButton: 'presets-button',
  presetItem: (id: string) => `preset-${id}`,
  editorTab: (tab: 'tools' | 'script' | 'result-schema' | 'files') => `editor-tab-${tab}`,
  toolCard: (qualifiedName: string) => `tool-card-${qualifiedName}`,
  runButton: 'run-button',
  stopButton: 'stop-button',
  runStatus: 'run-status',
  timelineRegion: 'timeline-region',
} as const;

/** Opens the playground and waits until Monaco has rendered the tool module. */
export async function openPlayground(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('[data-testid="code-editor"] .monaco-editor .view-lines')).toBeVisible({ timeout: 30_000 });
}

/**
 * Clicks into the editor's text near its top left, which is always on screen. (The middle of
 * `.view-lines` is below the editor once the text is taller than it, and a click there lands on
 * whatever is below.)
 */
export async function focusEditor(page: Page): Promise<void> {
  await page.locator('[data-testid="code-editor"] .monaco-editor .overflow-guard').click({ position: { x: 120, y: 14 } });
}

/**
 * Replaces the text of the active Monaco document by pasting it, as a person does: the text
 * arrives as written. (`keyboard.insertText` is taken as typing: brackets are not doubled, but
 * every line is indented by the one before it, so a long text ends hundreds of levels deep.)
 */
export async function replaceEditorText(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), text);
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

/** Shares the playground's session through Share and answers with its link, once the link is shown. */
export async function shareSession(page: Page): Promise<string> {
  await page.getByTestId('share-button').click();
  const link = page.getByTestId('share-link');
  await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/);
  return link.inputValue();
}

/**
 * Chooses a preset from the header menu; the page loads it and starts a run. The menu is retried
 * until it opens, because a click before hydration does nothing.
 */
export async function choosePreset(page: Page, presetId: string): Promise<void> {
  const item = page.getByTestId(TEST_IDS.presetItem(presetId));
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId(TEST_IDS.presetsButton).click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await item.click();
}

/** Opens the playground and runs a preset; the editor need not have loaded. */
export async function openPreset(page: Page, presetId: string): Promise<void> {
  await page.goto('/');
  await choosePreset(page, presetId);
}

/** Waits until the current run has ended (turn-end received or the stream closed). */
export async function waitForRunEnd(page: Page, timeout = 30_000): Promise<void> {
  await expect(page.getByTestId(TEST_IDS.runStatus)).toHaveAttribute('data-phase', 'ended', { timeout });
}
