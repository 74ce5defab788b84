import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from './find-free-port';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const NEXT_BIN = path.join(REPO_ROOT, 'node_modules/.bin/next');
/** `npm start`'s entry: `next start` behind a server that stamps each request with its peer address. */
const PRODUCTION_ENTRY = path.join(REPO_ROOT, 'server.mjs');
export const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
/** Variables of the runner that must not leak into the server under attack. */
const WITHHELD_ENV = ['PLAYGROUND_ALLOW_PRIVATE_NETWORK', 'OPENAI_API_KEY', 'DATABASE_URL', 'PGLITE_DATA_DIR', 'NODE_ENV', 'PORT', 'HOSTNAME'];

/** A production server (what `npm start` runs) on a free loopback port, in its own process group. */
export type AbuseServer = {
  baseURL: string;
  /** The pid of the server process (also its process group id). */
  pid: number;
  /** The last lines the server wrote to stderr and stdout, for failure messages. */
  readOutput(): string;
  /** Kills the process group, waits for the exit, removes the data directory. Safe to call twice. */
  stop(): Promise<void>;
};

export type StartServerOptions = {
  /** Extra environment, e.g. `{ PLAYGROUND_ALLOW_PRIVATE_NETWORK: '1' }`; nothing is inherited that could loosen a policy. */
  env?: Record<string, string>;
};

/**
 * Starts the built app the way a user does (`npm start`: `node server.mjs`, or a bare `next start`
 * where there is no server.mjs), with a fresh embedded database, and waits until `/api/health`
 * answers. Needs `npm run build` first.
 */
export async function startServer(options: StartServerOptions = {}): Promise<AbuseServer> {
  if (!existsSync(path.join(REPO_ROOT, '.next/BUILD_ID'))) throw new Error('No production build: run `npm run build` before `npm run test:abuse`.');
  const dataDirectory = await mkdtemp(path.join(tmpdir(), 'trp-abuse-'));
  const port = await findFreePort();
  const entry = existsSync(PRODUCTION_ENTRY) ? [PRODUCTION_ENTRY] : [NEXT_BIN, 'start'];
  const child = spawn(process.execPath, [...entry, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inheritedEnv(), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PGLITE_DATA_DIR: dataDirectory, ...options.env },
  });
  let output = '';
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped: Promise<void> | undefined;
  const baseURL = `http://127.0.0.1:${port}`;
  const server: AbuseServer = {
    baseURL,
    pid: child.pid ?? -1,
    readOutput: () => output,
    stop() {
      stopped ??= stopProcessGroup(child, exited).then(() => rm(dataDirectory, { recursive: true, force: true }));
      return stopped;
    },
  };
  try {
    await waitUntilHealthy(baseURL, child);
  } catch (error) {
    await server.stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${output}`);
  }
  return server;
}

function inheritedEnv(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (WITHHELD_ENV.includes(key) || key.startsWith('VITEST') || key.startsWith('PLAYGROUND_')) continue;
    env[key] = value;
  }
  return env;
}

async function waitUntilHealthy(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering /api/health`);
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) });
      const text = await response.text();
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}: ${text.slice(0, 200)}`;
    } catch (error) {
      // Refused until the server listens: keep polling.
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`/api/health did not answer within ${READY_TIMEOUT_MS / 1000} s (${lastProblem})`);
}

async function stopProcessGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const group = -child.pid;
  signalGroup(group, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(group, 'SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
  // Anything the server left in its group (a worker process) goes too.
  signalGroup(group, 'SIGKILL');
}

/** Signals a process group; an ESRCH (the group is already gone) is what stopping wants. */
export function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(group, signal);
  } catch (error) {
    // ESRCH: the group is already gone, which is what stopping wants.
    if (!(error instanceof Error && 'code' in error && error.code === 'ESRCH')) throw error;
  }
}
