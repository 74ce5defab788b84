// How much JavaScript the page needs before the editor can mount, and what Monaco adds after.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { emitFigure } from './support/figure';
import { startProductionServer } from './support/production-server';

/** Issue 17's goal for the JavaScript of the first load (gzipped). */
const FIRST_LOAD_GOAL_KB = 200;
const BEFORE_FIRST_LOAD_KB = 216;

const started = await startProductionServer();
if (!started.ok) {
  emitFigure({ bench: 'startup.first-load-js', value: null, unit: 'KB', note: started.reason });
  process.exit(0);
}
const { server } = started;
try {
  // The scripts the HTML names are what runs before hydration; the editor is a dynamic import after it.
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  // A `nomodule` script (Next's polyfills) is skipped by every browser that runs modules, so it is counted apart.
  const tags = [...html.matchAll(/<script\b([^>]*)\bsrc="([^"]+\.js)"([^>]*)>/g)].map((match) => ({ src: match[2]!, nomodule: /\bnomodule\b/i.test(`${match[1]} ${match[3]}`) }));
  const scripts = [...new Set(tags.filter((tag) => !tag.nomodule).map((tag) => tag.src))];
  const legacy = [...new Set(tags.filter((tag) => tag.nomodule).map((tag) => tag.src))];
  const gzippedSize = async (src: string) => gzipSync(Buffer.from(await (await fetch(new URL(src, server.baseUrl))).arrayBuffer())).length;
  let firstLoad = 0;
  for (const src of scripts) firstLoad += await gzippedSize(src);
  let legacyLoad = 0;
  for (const src of legacy) legacyLoad += await gzippedSize(src);
  emitFigure({
    bench: 'startup.first-load-js',
    value: firstLoad / 1024,
    unit: 'KB',
    note: `gzipped JavaScript the HTML loads before the editor (${scripts.length} scripts; ${(legacyLoad / 1024).toFixed(1)} KB more of nomodule polyfills that module browsers skip); goal ≤ ${FIRST_LOAD_GOAL_KB}, ${BEFORE_FIRST_LOAD_KB} before (that figure counted the polyfills)`,
  });

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'] });
  try {
    const page = await browser.newPage();
    const loaded: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) loaded.push(response.url());
    });
    const begin = performance.now();
    await page.goto(`${server.baseUrl}/`);
    await page.locator('[data-testid="code-editor"] .monaco-editor .view-lines').waitFor({ timeout: 60_000 });
    const mountedMs = performance.now() - begin;
    let editorJs = 0;
    for (const url of new Set(loaded)) {
      if (scripts.some((src) => url.endsWith(src))) continue;
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      editorJs += gzipSync(body).length;
    }
    emitFigure({ bench: 'startup.editor-js', value: editorJs / 1024, unit: 'KB', note: 'gzipped JavaScript loaded after the first load until the editor shows (Monaco, its languages)' });
    emitFigure({ bench: 'startup.editor-mounted', value: mountedMs, unit: 'ms', note: 'navigation → Monaco painted its lines, production build on this machine' });
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
