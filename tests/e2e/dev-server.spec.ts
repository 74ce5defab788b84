import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { replaceEditorText, TEST_IDS } from './helpers';

/**
 * `npm run dev` opened at 127.0.0.1 rather than localhost: Next refuses its dev resources (the
 * HMR socket, chunks) to hosts not in `allowedDevOrigins`, and the page then never settles.
 * The server is started as a developer starts it (no `--hostname`, which Next would allow by itself).
 */
const DEV_PORT = Number(process.env.PLAYWRIGHT_PORT ?? 3100) + 50;

const MODULE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'dev_lookup',
    description: 'Look something up.',
    schema: z.strictObject({ id: z.string() }),
    isReadOnly: true,
    execute: async ({ id }) => id,
  }),
];
`;

let server: ChildProcess | undefined;
const serverLog: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn('npm', ['run', 'dev', '--', '-p', String(DEV_PORT)], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      serverLog.push(chunk.toString());
      if (/Ready in/.test(serverLog.join(''))) resolve();
    };
    server?.stdout?.on('data', onData);
    server?.stderr?.on('data', onData);
    server?.on('exit', (code) => reject(new Error(`next dev exited with ${code}: ${serverLog.join('')}`)));
  });
  await ready;
});

test.afterAll(() => {
  // The whole group: npm, next dev and its workers.
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

test('npm run dev serves a usable editor at 127.0.0.1', async ({ page }) => {
  // The first request compiles the page (Monaco included): minutes on a loaded 2-core machine.
  test.setTimeout(420_000);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /_next\//.test(message.text())) refused.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/_next/')) refused.push(response.url());
  });
  await page.goto(`http://127.0.0.1:${DEV_PORT}/`, { timeout: 300_000 });
  await expect(page.locator('[data-testid="code-editor"] .monaco-editor .view-lines')).toBeVisible({ timeout: 300_000 });
  await replaceEditorText(page, MODULE);
  await expect(page.getByTestId(TEST_IDS.toolCard('dev_lookup'))).toBeVisible({ timeout: 120_000 });
  expect(refused).toEqual([]);
  expect(serverLog.join('')).not.toContain('Blocked cross-origin request');
});
