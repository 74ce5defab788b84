// Bundles the sandbox worker thread's entry (lib/sandbox/worker/sandbox-worker.ts) with our own
// modules inlined and npm packages left external, so Node resolves them from node_modules at
// run time. The server spawns its workers from this file.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export const SANDBOX_WORKER_FILE = path.join(root, '.generated', 'sandbox-worker.mjs');

/** How our server-side entries are bundled for Node: our modules inlined, npm packages left to node_modules. */
export const NODE_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
};

export async function buildSandboxWorker() {
  await build({
    ...NODE_BUNDLE_OPTIONS,
    entryPoints: [path.join(root, 'lib/sandbox/worker/sandbox-worker.ts')],
    outfile: SANDBOX_WORKER_FILE,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildSandboxWorker();
