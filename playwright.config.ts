import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** PLAYWRIGHT_PORT lets two checkouts run their suites side by side. */
const PORT = Number(process.env.PLAYWRIGHT_PORT ?? 3100);
/** Set PLAYWRIGHT_BASE_URL to test a server that is already running (then none is started). */
const externalBaseURL = process.env.PLAYWRIGHT_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${PORT}`;
/** What `npm run build` reads: a change in any of them makes the build stale. */
const BUILD_INPUTS = ['app', 'components', 'lib', 'public', 'scripts', 'instrumentation.ts', 'instrumentation-client.ts', 'proxy.ts', 'next.config.ts', 'postcss.config.mjs', 'package.json', 'tsconfig.json'];

/** Newest modification time under `path` (a file or a directory tree), in ms. */
function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), stat.mtimeMs);
}

/**
 * `npm run check` builds right before the e2e and abuse suites, so the build is reused when it
 * is newer than every source (or PLAYGROUND_SKIP_BUILD is set); a stale or missing one is rebuilt.
 */
function hasFreshBuild(): boolean {
  if (process.env.PLAYGROUND_SKIP_BUILD) return true;
  const buildId = '.next/BUILD_ID';
  return existsSync(buildId) && statSync(buildId).mtimeMs > Math.max(...BUILD_INPUTS.map(newestModification));
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Two workers, two Chromiums and the server share CI's 2 cores: a test that runs one turn takes
  // 15–40 s there. Tests that run several turns set their own, longer timeout.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // An evaluation's runs hold all 4 of the address's turn slots, and every test comes from one
  // address (127.0.0.1): the evaluation story runs last, alone, so no other test's turn is refused.
  projects: [
    { name: 'chromium', testIgnore: /evaluations\.spec\.ts$/ },
    { name: 'evaluations', testMatch: /evaluations\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  webServer: externalBaseURL
    ? undefined
    : {
        command: hasFreshBuild() ? `npm run start -- -p ${PORT}` : `npm run build && npm run start -- -p ${PORT}`,
        url: baseURL,
        timeout: 600_000,
        reuseExistingServer: !process.env.CI,
        // A fresh embedded database per run: PGlite allows one process per data directory.
        // The fake providers specs start listen on loopback, which base URLs from requests reach only when allowed.
        env: { PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'trp-e2e-')), PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' },
      },
});
