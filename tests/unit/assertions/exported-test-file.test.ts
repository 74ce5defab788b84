import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAssertionTestFile } from '@/lib/assertions/render-assertion-test';
import type { SessionAssertion } from '@/lib/assertions/session-assertion';
import { repairLadderPreset } from '@/lib/presets/repair-ladder';
import type { SessionRecord } from '@/lib/sessions/session-record';
import { recordPresetSession } from './assertion-fixtures';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
/** Inside the repository, so that the file's `@/lib/...` imports and node_modules resolve as they would in tests/. */
const GENERATED = fileURLToPath(new URL('./.generated', import.meta.url));
/** Not `*.test.ts`: the repository's own run never collects it, even if a crash left it behind. */
const TEST_FILE = 'replayed-session.generated.ts';
const CHILD_TIMEOUT_MS = 25_000;

/** What the weather session's file checks: all of it holds for the recorded turn. */
const ASSERTIONS: SessionAssertion[] = [
  { kind: 'tool-called', name: 'get_weather', called: true, times: { min: 8 } },
  { kind: 'call-order', names: ['get_weather', 'current_time', 'get_weather'] },
  { kind: 'arguments-match', name: 'get_weather', every: false, match: { kind: 'partial', value: { city: 'Bergen', include_forecast: true } } },
  { kind: 'arguments-match', name: 'current_time', match: { kind: 'schema', schema: { type: 'object', maxProperties: 0 } } },
  { kind: 'tool-called', name: 'send_email', called: false },
  { kind: 'final-text', contains: 'eight cities', matches: '^Weather collected' },
  { kind: 'max-iterations', max: 3, turn: 0 },
];

type TestOutcome = { title: string; status: string; failureMessages: string[] };
type ChildRun = { exitCode: number | null; output: string; tests: TestOutcome[] };

let record: SessionRecord;
let directory: string;

beforeAll(async () => {
  record = await recordPresetSession(repairLadderPreset);
  mkdirSync(GENERATED, { recursive: true });
  directory = mkdtempSync(path.join(GENERATED, 'export-'));
  writeFileSync(path.join(directory, 'tools.ts'), record.turns[0]!.request.source);
  writeFileSync(path.join(directory, TEST_FILE), renderAssertionTestFile({ record, assertions: ASSERTIONS, toolModulePath: './tools.ts' }));
  // Plain JavaScript, so that the repository's type check never reads it.
  const config = [
    "import { defineConfig } from 'vitest/config';",
    'export default defineConfig({',
    `  root: ${JSON.stringify(REPO)},`,
    `  resolve: { alias: { '@': ${JSON.stringify(REPO)} } },`,
    `  test: { include: [${JSON.stringify(path.relative(REPO, path.join(directory, TEST_FILE)))}], environment: 'node', pool: 'forks' },`,
    '});',
  ].join('\n');
  writeFileSync(path.join(directory, 'vitest.config.mjs'), config);
}, 30_000);

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  // Another run may share the folder; it goes only when nothing else is in it.
  if (existsSync(GENERATED) && readdirSync(GENERATED).length === 0) rmSync(GENERATED, { recursive: true, force: true });
});

/** Runs the generated file in its own Vitest process and reads its JSON report. */
function runGeneratedFile(): Promise<ChildRun> {
  const report = path.join(directory, 'report.json');
  rmSync(report, { force: true });
  // The parent's VITEST_* variables describe the parent's worker; the child sets its own.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  const child = spawn(
    process.execPath,
    [path.join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', '--config', path.join(directory, 'vitest.config.mjs'), '--reporter=json', `--outputFile=${report}`],
    { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The generated test file ran longer than ${CHILD_TIMEOUT_MS} ms:\n${output}`));
    }, CHILD_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      let parsed: { testResults?: { assertionResults?: TestOutcome[] }[] };
      try {
        parsed = JSON.parse(readFileSync(report, 'utf8')) as typeof parsed;
      } catch (error) {
        reject(new Error(`No report from the generated test file (exit ${exitCode}): ${String(error)}\n${output}`));
        return;
      }
      const tests = (parsed.testResults ?? []).flatMap((file) => file.assertionResults ?? []).map(({ title, status, failureMessages }) => ({ title, status, failureMessages }));
      resolve({ exitCode, output, tests });
    });
  });
}

describe('the exported test file', () => {
  it('renders a file that imports only Vitest, node:fs and this repository’s modules', () => {
    const text = readFileSync(path.join(directory, TEST_FILE), 'utf8');
    const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
    expect(imports).toEqual(['node:fs', 'vitest', '@/lib/assertions/replay-and-check', '@/lib/assertions/session-assertion']);
    expect(text).toContain("const TOOL_MODULE: string | undefined = readFileSync(new URL('./tools.ts', import.meta.url), 'utf8');");
  });

  it('type-checks under the repository’s compiler options, where an edit that breaks it does not', () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(REPO, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (!config) throw new Error('tsconfig.json did not read.');
    const file = path.join(directory, TEST_FILE);
    // Not vacuous: the same file with an assertion of an unknown kind, checked in the same program.
    const broken = path.join(directory, 'broken.generated.ts');
    writeFileSync(broken, readFileSync(file, 'utf8').replace("kind: 'tool-called'", "kind: 'tool-calls'"));
    const program = ts.createProgram([file, broken], { ...config.options, noEmit: true, incremental: false });
    const diagnosticsOf = (name: string) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(name)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(diagnosticsOf(file)).toEqual([]);
    expect(diagnosticsOf(broken).join('\n')).toMatch(/'"tool-calls"' is not assignable/);
    rmSync(broken);
  }, 60_000);

  it(
    'passes on the recorded module, then fails once the tool’s schema changed',
    async () => {
      const passing = await runGeneratedFile();
      expect(passing.tests.map(({ title, status }) => ({ title, status })), passing.output).toEqual([
        { title: 'replays turn 1 identically', status: 'passed' },
        { title: 'assertion 1: get_weather is called at least 8 times.', status: 'passed' },
        { title: 'assertion 2: get_weather, current_time, get_weather are called in this order.', status: 'passed' },
        { title: 'assertion 3: At least one call of get_weather has arguments containing {"city":"Bergen","include_forecast":true}.', status: 'passed' },
        { title: 'assertion 4: Every call of current_time has arguments that validate against the given schema.', status: 'passed' },
        { title: 'assertion 5: send_email is never called.', status: 'passed' },
        { title: 'assertion 6: The last turn\'s final text contains "eight cities" and matches /^Weather collected/.', status: 'passed' },
        { title: 'assertion 7: Turn 1 takes at most 3 iterations.', status: 'passed' },
      ]);
      expect(passing.exitCode).toBe(0);

      // The same file, with the module it points at changed: get_weather's `city` is now `location`.
      const source = record.turns[0]!.request.source;
      const renamed = source.replace('city: z.string()', 'location: z.string()').replaceAll('args.city', 'args.location');
      expect(renamed).not.toBe(source);
      writeFileSync(path.join(directory, 'tools.ts'), renamed);
      const failing = await runGeneratedFile();
      expect(failing.exitCode).not.toBe(0);
      const status = Object.fromEntries(failing.tests.map((test) => [test.title, test.status]));
      expect(status, failing.output).toMatchObject({
        'replays turn 1 identically': 'failed',
        'assertion 1: get_weather is called at least 8 times.': 'failed',
        'assertion 5: send_email is never called.': 'passed',
      });
      const calledTest = failing.tests.find((test) => test.title.startsWith('assertion 1:'));
      expect(calledTest?.failureMessages.join('\n')).toContain('get_weather was never called; no tool was called.');
      const replayTest = failing.tests.find((test) => test.title === 'replays turn 1 identically');
      expect(replayTest?.failureMessages.join('\n')).toMatch(/Turn 1 replayed differently from the recording \(event 4 type: recorded "model-delta", replayed "model-error"; .*\)\. Its model request 1 failed \(tape-mismatch\): Request 1 differs from the recording at tools/);
    },
    2 * CHILD_TIMEOUT_MS + 5_000,
  );
});
