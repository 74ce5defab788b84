import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { openPlayground } from './helpers';

/**
 * A base URL and key are checked as they are typed, before any Run: a base URL that answers a web
 * page says so in one sentence with the usual cause, and the corrected one with a key is accepted.
 * The provider is a local server (the e2e server allows loopback base URLs).
 */
const KEY = 'sk-e2e-check-7777';
let server: Server;
let root: string;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/v1/models' && request.headers.authorization === `Bearer ${KEY}`) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'llama3.2', object: 'model' }] }));
      return;
    }
    if (request.url === '/v1/models') {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'Invalid API key.' } }));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end(`<!DOCTYPE html><html><head><title>Not Found</title></head><body>${'<p>Cannot GET this page.</p>'.repeat(40)}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a base URL that answers an HTML page is named in one sentence before Run, and a corrected one with its key is accepted', async ({ page }, testInfo) => {
  await openPlayground(page);
  await page.getByTestId('model-provider').selectOption('openai-compatible');
  const check = page.getByTestId('model-check');
  await expect(check).toHaveText('Base URL and key are checked when you change them, or with Check.');

  await page.getByTestId('model-base-url').fill(root);
  await expect(check).toHaveText(`The server at ${root} answered an HTML page with status 404, not the JSON of an API: the base URL usually ends in /v1 (it is ${root}).`);
  await expect(check).toHaveAttribute('data-outcome', 'not-an-api');
  await page.getByTestId('run-panel').screenshot({ path: testInfo.outputPath('run-panel-html-answer.png') });

  await page.getByTestId('model-base-url').fill(`${root}/v1`);
  await expect(check).toHaveText(`The server at ${root}/v1 is reachable and asks for an API key (status 401); enter one.`);
  await page.getByTestId('model-api-key').fill('sk-wrong');
  await page.getByTestId('model-api-key').blur();
  await expect(check).toHaveText(`The server at ${root}/v1 is reachable but refused the key (status 401).`);
  await page.getByTestId('model-api-key').fill(KEY);
  await page.getByTestId('model-check-button').click();
  await expect(check).toHaveText(`The server at ${root}/v1 is reachable and accepted the key.`);
  await expect(check).toHaveAttribute('data-outcome', 'ready');
  await page.getByTestId('run-panel').screenshot({ path: testInfo.outputPath('run-panel-ready.png') });
});
