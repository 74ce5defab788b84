import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPortableTestExport, type PortableTestExport } from '@/lib/replay/render-portable-test-export';
import type { SessionAssertion } from '@/lib/contract/assertions/session-assertion';
import { repairLadderPreset } from '@/lib/presets';
import type { SessionRecord } from '@/lib/sessions/record/session-record';
import { buildExportRuntime } from '../../../scripts/build-export-runtime.mjs';
import { recordPresetSession } from '../assertions/assertion-fixtures';
import { CHILD_TIMEOUT_MS, linkExportDependencies, runExportedTests } from './exported-test-folder';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

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

let record: SessionRecord;
let exported: PortableTestExport;
/** Outside the repository, so nothing resolves from its node_modules or its tsconfig. */
let scratch: string;
let folder: string;

beforeAll(async () => {
  record = await recordPresetSession(repairLadderPreset);
  scratch = mkdtempSync(path.join(tmpdir(), 'trp-export-'));
  const runtimeDirectory = path.join(scratch, 'runtime');
  const dependencies = await buildExportRuntime(runtimeDirectory);
  const read = (file: string) => readFileSync(path.join(runtimeDirectory, file), 'utf8');
  exported = renderPortableTestExport({
    record,
    assertions: ASSERTIONS,
    runtime: { replayModule: read('playground-replay.mjs'), workerModule: read('sandbox-worker.mjs'), dependencies },
  });
  folder = path.join(scratch, exported.folder);
  mkdirSync(folder);
  for (const file of exported.files) writeFileSync(path.join(folder, file.path), file.text);
  linkExportDependencies(folder);
}, 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the exported test folder', () => {
  it('holds the test, its tool module, the bundled runtime and worker, and a package.json of public packages at exact versions', () => {
    expect(exported.files.map((file) => file.path)).toEqual([
      'package.json',
      'README.md',
      `${exported.folder}.test.ts`,
      'tools.ts',
      'playground-replay.mjs',
      'playground-replay.d.mts',
      'sandbox-worker.mjs',
    ]);
    const text = readFileSync(path.join(folder, `${exported.folder}.test.ts`), 'utf8');
    const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
    expect(imports).toEqual(['node:fs', 'vitest', './playground-replay.mjs']);
    for (const bundle of ['playground-replay.mjs', 'sandbox-worker.mjs']) {
      const imported = [...readFileSync(path.join(folder, bundle), 'utf8').matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]!);
      expect(imported.filter((specifier) => specifier.startsWith('@/') || specifier.startsWith('.')), bundle).toEqual([]);
    }
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(Object.keys(manifest.devDependencies)).toEqual(expect.arrayContaining(['vitest', 'zod', 'ajv', 'ajv-formats']));
    for (const version of Object.values(manifest.devDependencies)) expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(readFileSync(path.join(folder, 'README.md'), 'utf8')).toContain('npm install\nnpx vitest run');
  });

  it('type-checks strictly against the declarations it carries, where a wrong call does not', () => {
    const file = path.join(folder, `${exported.folder}.test.ts`);
    const broken = path.join(folder, 'broken.ts');
    writeFileSync(broken, readFileSync(file, 'utf8').replace('toolModule: TOOL_MODULE', 'toolModules: TOOL_MODULE'));
    const program = ts.createProgram([file, broken], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      types: ['node'],
      typeRoots: [path.join(REPO, 'node_modules/@types')],
      skipLibCheck: true,
    });
    const diagnosticsOf = (name: string) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(name)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(diagnosticsOf(file)).toEqual([]);
    expect(diagnosticsOf(broken).join('\n')).toMatch(/'toolModules' does not exist/);
    rmSync(broken);
  }, 60_000);

  it(
    'passes in a fresh folder outside the repository, then fails once the tool’s schema changed',
    async () => {
      const passing = await runExportedTests(folder);
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

      // The folder's tools.ts edited as a user would: get_weather's `city` is now `location`.
      const source = readFileSync(path.join(folder, 'tools.ts'), 'utf8');
      const renamed = source.replace('city: z.string()', 'location: z.string()').replaceAll('args.city', 'args.location');
      expect(renamed).not.toBe(source);
      writeFileSync(path.join(folder, 'tools.ts'), renamed);
      const failing = await runExportedTests(folder);
      expect(failing.exitCode).not.toBe(0);
      const status = Object.fromEntries(failing.tests.map((test) => [test.title, test.status]));
      expect(status, failing.output).toMatchObject({
        'replays turn 1 identically': 'failed',
        'assertion 1: get_weather is called at least 8 times.': 'failed',
        'assertion 5: send_email is never called.': 'passed',
      });
      const replayTest = failing.tests.find((test) => test.title === 'replays turn 1 identically');
      expect(replayTest?.failureMessages.join('\n')).toMatch(/Turn 1 replayed differently from the recording .*Its model request 1 failed \(tape-mismatch\): Request 1 differs from the recording at tools/);
    },
    2 * CHILD_TIMEOUT_MS + 5_000,
  );
});
