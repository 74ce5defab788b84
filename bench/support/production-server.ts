import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../../harness/find-free-port';
import { signalGroup } from '../../harness/start-server';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What `npm start` runs: Next behind the server that stamps peer addresses and serves the turn streams itself. */
const PRODUCTION_ENTRY = fileURLToPath(new URL('../../server.mjs', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

export type ProductionServer = { baseUrl: string; stop(): Promise<void> };

export type StartOutcome = { ok: true; server: ProductionServer } | { ok: false; reason: string };

/** Whether `npm run build` has produced a production build to start. */
export function hasProductionBuild(): boolean {
  return existsSync(new URL('../../.next/BUILD_ID', import.meta.url));
}

/**
 * Starts the production server (`npm start`: server.mjs) on a free loopback port in its own
 * process group and waits until the compile route answers. The caller must `stop()` it; stopping kills only that group.
 * `BENCH_BASE_URL` points the benches at a server that is already running instead.
 */
export async function startProductionServer(): Promise<StartOutcome> {
  const existing = process.env.BENCH_BASE_URL;
  // An already running server (e.g. on another machine): measured as is, and left running.
  if (existing) return { ok: true, server: { baseUrl: existing.replace(/\/$/, ''), stop: () => Promise.resolve() } };
  if (!hasProductionBuild()) return { ok: false, reason: 'skipped: run npm run build first' };
  const port = await findFreePort();
  const child = spawn(process.execPath, [PRODUCTION_ENTRY, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ProductionServer = { baseUrl, stop: () => stopProcessGroup(child) };
  const ready = await waitUntilReady(baseUrl, child);
  if (!ready) {
    await server.stop();
    return { ok: false, reason: `the server did not become ready in ${READY_TIMEOUT_MS / 1000} s${stderr ? `: ${stderr.trim().split('\n').at(-1)}` : ''}` };
  }
  return { ok: true, server };
}

async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const response = await fetch(`${baseUrl}/api/tools/compile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'export default [];' }),
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (response.status < 500) return true;
    } catch (error) {
      // Connection refused until the server listens: keep polling.
      if (!(error instanceof Error)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const groupId = -child.pid;
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      signalGroup(groupId, 'SIGKILL');
    }, STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    signalGroup(groupId, 'SIGTERM');
  });
}
