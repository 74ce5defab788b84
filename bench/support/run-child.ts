import { spawn } from 'node:child_process';

export type ChildOutcome = { exitCode: number | null; stdout: string; stderr: string; timedOut: boolean };

/**
 * Runs a TypeScript script in its own Node process (`node --import tsx`), so each bench and
 * each library is measured with its own heap and RSS. Killed after `timeoutMs`.
 */
export function runTypeScriptChild(options: { script: string; args?: string[]; timeoutMs: number; echo?: boolean; env?: NodeJS.ProcessEnv }): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', options.script, ...(options.args ?? [])], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderr, timedOut });
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ exitCode: null, stdout, stderr: `${stderr}${error.message}`, timedOut });
    });
  });
}

/** The last non-empty stderr line, for a table note when a child failed. */
export function summarizeFailure(outcome: ChildOutcome): string {
  if (outcome.timedOut) return 'timed out';
  const lines = outcome.stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  const reason = lines.find((line) => /error/i.test(line)) ?? lines.at(-1) ?? `exit code ${outcome.exitCode}`;
  return reason.slice(0, 160);
}
