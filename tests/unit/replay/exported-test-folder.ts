import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
/** A child Vitest run in a fresh folder: startup, a sandbox worker, the zod bundle, the replays. */
export const CHILD_TIMEOUT_MS = 60_000;

export type TestOutcome = { title: string; status: string; failureMessages: string[] };
export type ChildRun = { exitCode: number | null; output: string; tests: TestOutcome[] };

/**
 * Stands in for an export's `npm install`: each package its package.json lists, and only those,
 * linked from this repository's node_modules (their own dependencies resolve beside their real paths).
 */
export function linkExportDependencies(folder: string): void {
  const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  for (const name of Object.keys(manifest.devDependencies)) {
    const link = path.join(folder, 'node_modules', name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(REPO, 'node_modules', name), link, 'dir');
  }
}

/** Runs the folder's tests as an export's README says (`npx vitest run`, optionally one file), in the folder, and reads the JSON report. */
export function runExportedTests(folder: string, file?: string): Promise<ChildRun> {
  const report = path.join(folder, 'report.json');
  rmSync(report, { force: true });
  // The parent's VITEST_* variables describe the parent's worker; the child sets its own.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key.startsWith('PLAYGROUND_')) delete env[key];
  const args = [path.join(folder, 'node_modules/vitest/vitest.mjs'), 'run', ...(file ? [file] : []), '--reporter=json', `--outputFile=${report}`];
  const child = spawn(process.execPath, args, { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The exported test ran longer than ${CHILD_TIMEOUT_MS} ms:\n${output}`));
    }, CHILD_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      let parsed: { testResults?: { assertionResults?: TestOutcome[] }[] };
      try {
        parsed = JSON.parse(readFileSync(report, 'utf8')) as typeof parsed;
      } catch (error) {
        reject(new Error(`No report from the exported test (exit ${exitCode}): ${String(error)}\n${output}`));
        return;
      }
      const tests = (parsed.testResults ?? []).flatMap((entry) => entry.assertionResults ?? []).map(({ title, status, failureMessages }) => ({ title, status, failureMessages }));
      resolve({ exitCode, output, tests });
    });
  });
}
