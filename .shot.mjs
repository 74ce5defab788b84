import { chromium } from '@playwright/test';
const base = 'http://localhost:3200';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const ended = () => page.waitForSelector('[data-testid="run-status"][data-phase="ended"]', { timeout: 45000 });
async function preset(id) {
  for (let i = 0; i < 30; i++) {
    if (!(await page.getByTestId(`preset-${id}`).isVisible())) await page.getByTestId('presets-button').click().catch(() => {});
    if (await page.getByTestId(`preset-${id}`).isVisible()) break;
    await page.waitForTimeout(500);
  }
  await page.getByTestId(`preset-${id}`).click();
}
async function share() { await page.getByTestId('share-button').click(); await page.waitForFunction(() => /\/s\//.test(document.querySelector('[data-testid="share-link"]')?.value ?? '')); return page.getByTestId('share-link').inputValue(); }
await page.goto(base);
await preset('parallel-and-sequential');
await ended();
await page.getByTestId('edit-assertions').click();
await page.getByTestId('assertions-text').fill(JSON.stringify([{ kind: 'tool-called', name: 'write_file', called: true }, { kind: 'tool-called', name: 'delete_file', called: true }, { kind: 'call-order', names: ['read_file', 'write_file'] }], null, 1));
await page.getByTestId('edit-assertions').click();
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/shot-assertions.png' });
const link = await share();
await page.goto(link);
await page.waitForSelector('[data-testid="turn-end"]');
await page.waitForTimeout(1500);
const monday = page.locator('[data-testid^="call-card-"]').filter({ hasText: 'notes/monday.md' }).first();
await monday.locator('[data-testid^="fork-output-"]').first().click();
await monday.locator('[data-testid^="fork-output-text-"]').fill('Nothing shipped this week.');
await monday.scrollIntoViewIfNeeded();
await page.screenshot({ path: '/tmp/shot-fork-editor.png' });
await monday.locator('[data-testid^="fork-output-run-"]').click();
await page.waitForURL(/fork=/);
await ended();
await page.getByTestId('compare-with-original').click();
await page.waitForSelector('[data-testid="first-divergence"]');
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/shot-fork-compare.png' });
await page.getByTestId('compare-with-original').click();
await page.getByTestId('divergence').scrollIntoViewIfNeeded();
await page.screenshot({ path: '/tmp/shot-fork-live.png' });
const forkLink = await share();
await page.goto(`${base}/compare/${link.split('/s/')[1]}/${forkLink.split('/s/')[1]}`);
await page.waitForSelector('[data-testid="comparison"]');
await page.screenshot({ path: '/tmp/shot-compare-page.png', fullPage: true });
await page.emulateMedia({ colorScheme: 'dark' });
await browser.close();
