// Bundles what an exported test needs to replay a session outside this repository: the replay
// runtime (lib/server/replay/portable-replay-entry.ts) and the sandbox worker, our own modules
// inlined and npm packages left external, and the exact versions of those packages, which the
// export's package.json lists. The page fetches these files when it exports a test.
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_BUNDLE_OPTIONS } from './build-sandbox-worker.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export const EXPORT_RUNTIME_DIRECTORY = path.join(root, 'public', 'test-export');

/** The test runner the exported file is written for. */
const RUNNER_PACKAGES = ['vitest'];

/** Writes playground-replay.mjs, sandbox-worker.mjs and dependencies.json into `directory`. */
export async function buildExportRuntime(directory = EXPORT_RUNTIME_DIRECTORY) {
  await mkdir(directory, { recursive: true });
  const entries = [
    ['lib/server/replay/portable-replay-entry.ts', 'playground-replay.mjs'],
    ['lib/sandbox/worker/sandbox-worker.ts', 'sandbox-worker.mjs'],
  ];
  const packages = new Set(RUNNER_PACKAGES);
  for (const [entry, file] of entries) {
    const result = await build({
      ...NODE_BUNDLE_OPTIONS,
      entryPoints: [path.join(root, entry)],
      outfile: path.join(directory, file),
      metafile: true,
      legalComments: 'none',
      logLevel: 'warning',
    });
    for (const input of Object.values(result.metafile.inputs)) {
      for (const imported of input.imports) if (imported.external && !imported.path.startsWith('node:')) packages.add(packageName(imported.path));
    }
  }
  const dependencies = {};
  for (const name of [...packages].sort()) dependencies[name] = await installedVersion(name);
  await writeFile(path.join(directory, 'dependencies.json'), `${JSON.stringify(dependencies, null, 2)}\n`);
  return dependencies;
}

/** `ajv/dist/2020.js` → `ajv`; `@scope/name/sub` → `@scope/name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The version installed here, so the export runs on what this build was tested with. */
async function installedVersion(name) {
  const manifest = JSON.parse(await readFile(path.join(root, 'node_modules', name, 'package.json'), 'utf8'));
  return manifest.version;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildExportRuntime();
