import { expect, test, type Request } from '@playwright/test';
import { openPlayground, shareSession, TEST_IDS, waitForRunEnd } from './helpers';

/**
 * A key typed in the page belongs to the base URL it was typed for. A visitor with a key in the tab
 * opens a shared session whose model points at a stranger's server, forks it and runs the fork:
 * every request the page sends is intercepted, and none carries the key.
 */
const SECRET = 'sk-e2e-visitor-secret-4242';
const STRANGER = 'https://stranger.invalid/v1';

test('a shared session pointing at another base URL never gets the key typed in the tab', async ({ page }) => {
  test.setTimeout(150_000);
  const sent: { url: string; body: string; headers: string }[] = [];
  page.on('request', (request: Request) => {
    sent.push({ url: request.url(), body: request.postData() ?? '', headers: JSON.stringify(request.headers()) });
  });

  // The stranger: a session whose model is OpenAI at their own base URL.
  await openPlayground(page);
  await page.getByTestId(TEST_IDS.runButton).click();
  await waitForRunEnd(page);
  await page.getByTestId('model-provider').selectOption('openai');
  await page.getByTestId('model-base-url').fill(STRANGER);
  const link = await shareSession(page);

  // The visitor types a key for OpenAI itself (no base URL: the server's own).
  await page.getByTestId('model-base-url').fill('');
  await page.getByTestId('model-api-key').fill(SECRET);
  await expect(page.getByTestId('model-destination')).toContainText("the server's OpenAI base URL");

  // The shared page asks for a key for the stranger's server and says where requests go.
  await page.goto(new URL(link).pathname);
  await expect(page.getByTestId('model-base-url')).toHaveValue(STRANGER);
  await expect(page.getByTestId('model-api-key')).toHaveValue('');
  await expect(page.getByTestId('model-destination')).toContainText('stranger.invalid (https://stranger.invalid/v1)');
  await expect(page.getByTestId('model-key-notice')).toContainText('keys you typed for other servers are not sent here');

  // Fork & run: the fork's turn goes to the stranger's base URL, without the key.
  const turnRequest = page.waitForRequest((request) => request.url().endsWith('/api/turns') && request.method() === 'POST');
  await page.getByTestId('run-message').fill('Go on.');
  await page.getByTestId(TEST_IDS.runButton).click();
  await expect(page).toHaveURL(/\?fork=/);
  const body = JSON.parse((await turnRequest).postData() ?? '{}') as { model?: Record<string, unknown> };
  expect(body.model).toEqual({ provider: 'openai', model: 'gpt-5-mini', baseURL: STRANGER });
  await waitForRunEnd(page, 60_000);
  await expect(page.getByTestId('model-api-key')).toHaveValue('');

  // The key is still in the tab, bound to where it was typed for.
  await page.getByTestId('model-base-url').fill('');
  await expect(page.getByTestId('model-api-key')).toHaveValue(SECRET);

  // Checking the key against the server's own base URL (the one it was typed for) is where it belongs.
  const checksOfOwnBaseURL = sent.filter((request) => request.url.endsWith('/api/providers/check') && isCheckOf(request.body, ''));
  const leaked = sent.filter((request) => (request.body.includes(SECRET) || request.headers.includes(SECRET)) && !checksOfOwnBaseURL.includes(request));
  expect(leaked.map((request) => request.url)).toEqual([]);
  expect(sent.some((request) => request.url.endsWith('/api/turns'))).toBe(true);
});

function isCheckOf(body: string, baseURL: string): boolean {
  const parsed = JSON.parse(body) as { provider?: string; baseURL?: string };
  return parsed.provider === 'openai' && parsed.baseURL === baseURL;
}
