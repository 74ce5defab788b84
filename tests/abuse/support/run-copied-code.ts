import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';

/**
 * Runs text the page offers to copy the way its reader would: shell text in a real shell, code in
 * Node after stripping its types. Files go under `/.generated/` inside the repository, so the
 * code's imports (`openai`, `ai`, …) resolve to the installed packages.
 */
export type CopiedCodeRunner = {
  /** The file a successful injection would create; no payload names any other. */
  marker: string;
  markerWritten(): boolean;
  /** Shell text run by `shell` with `curl` replaced by a function that writes its arguments (NUL-separated) and its stdin to files. */
  runShell(shell: 'bash' | 'sh', text: string): { status: number | null; stderr: string; args: string[]; body: string | undefined };
  /** `bash -n`: the text parses as a shell script. */
  checkShellSyntax(text: string): { status: number | null; stderr: string };
  /** TypeScript with types stripped (esbuild), run as an ES module by Node; `epilogue` (JavaScript) is appended. */
  runTypeScriptModule(text: string, options?: { epilogue?: string; env?: Record<string, string> }): Promise<{ status: number | null; stdout: string; stderr: string }>;
  /** TypeScript with types stripped, run as CommonJS whose `require` answers every package with a stub that records calls. */
  runWithStubbedImports(text: string, epilogue: string): Promise<{ status: number | null; stdout: string; stderr: string }>;
  cleanup(): void;
};

const RUN_TIMEOUT_MS = 30_000;

export function createCopiedCodeRunner(): CopiedCodeRunner {
  const dir = path.join(process.cwd(), '.generated', `copied-code-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const marker = path.join(dir, 'marker');
  let counter = 0;
  const file = (extension: string) => path.join(dir, `copied-${(counter += 1)}.${extension}`);
  const baseEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, NODE_ENV: 'test', OPENAI_API_KEY: 'sk-copied-code-test' };

  // Not spawnSync: the code may send a request to a server of this very process, which must go on answering.
  const runNode = (script: string, env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [script], { cwd: dir, env: { ...baseEnv, ...env }, timeout: RUN_TIMEOUT_MS });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });

  return {
    marker,
    markerWritten: () => existsSync(marker),
    runShell(shell, text) {
      const argsFile = file('args');
      const bodyFile = file('body');
      const prelude = `curl() { printf '%s\\0' "$@" > '${argsFile}'; cat > '${bodyFile}'; }\n`;
      const result = spawnSync(shell, ['-c', `${prelude}${text}`], { cwd: dir, env: baseEnv, encoding: 'utf8', timeout: RUN_TIMEOUT_MS });
      const read = (target: string) => (existsSync(target) ? spawnSync('cat', [target], { encoding: 'utf8' }).stdout : undefined);
      const args = read(argsFile);
      return { status: result.status, stderr: result.stderr, args: args === undefined ? [] : args.split('\0').slice(0, -1), body: read(bodyFile) };
    },
    checkShellSyntax(text) {
      const result = spawnSync('bash', ['-n', '-c', text], { cwd: dir, env: baseEnv, encoding: 'utf8', timeout: RUN_TIMEOUT_MS });
      return { status: result.status, stderr: result.stderr };
    },
    async runTypeScriptModule(text, options = {}) {
      const { code } = await transform(text, { loader: 'ts', format: 'esm', target: 'es2022' });
      const script = file('mjs');
      writeFileSync(script, `${code}\n${options.epilogue ?? ''}\n`);
      return runNode(script, options.env);
    },
    async runWithStubbedImports(text, epilogue) {
      const { code } = await transform(`${text}\n${epilogue}\n`, { loader: 'ts', format: 'cjs', target: 'es2022' });
      const module = file('cjs');
      writeFileSync(module, code);
      const runner = file('cjs');
      // Every import is a stub: a callable proxy whose properties are stubs too; describe runs its body.
      writeFileSync(
        runner,
        [
          "const { readFileSync } = require('node:fs');",
          'const calls = [];',
          'const stub = (name) => new Proxy(function () {}, {',
          '  get: (_target, key) => (key === "then" ? undefined : key === Symbol.toPrimitive ? () => name : stub(`${name}.${String(key)}`)),',
          '  apply: (_target, _self, args) => {',
          '    calls.push(name);',
          '    if (name.endsWith(".describe") && typeof args[1] === "function") args[1]();',
          '    return stub(`${name}()`);',
          '  },',
          '});',
          'const loaded = { exports: {} };',
          `new Function('require', 'module', 'exports', readFileSync(${JSON.stringify(module)}, 'utf8'))((name) => stub(name), loaded, loaded.exports);`,
        ].join('\n'),
      );
      return runNode(runner);
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
