import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as postEvaluation } from '@/app/api/evaluations/route';
import { GET as getExport } from '@/app/api/evaluations/[id]/export/route';
import type { EvaluationRequestBody } from '@/lib/contract';
import { renderStringLiteral } from '@/lib/interop';
import { autoModelFaultsPreset, repairLadderPreset } from '@/lib/presets';
import { renderPortableTestExport } from '@/lib/replay/render-portable-test-export';
import { getSessionStore } from '@/lib/server/sessions/get-session-store';
import { buildExportRuntime } from '../../../scripts/build-export-runtime.mjs';
import { recordPresetSession } from '../assertions/assertion-fixtures';
import { CHILD_TIMEOUT_MS, linkExportDependencies, runExportedTests } from './exported-test-folder';

const RUNS = 3;

/** Three runs of the faults preset on each of two variants: some runs pass both assertions, some do not. */
const BODY: EvaluationRequestBody = {
  title: 'faults',
  turn: { messages: [{ role: 'user', content: autoModelFaultsPreset.message }], permissions: { mode: 'auto' }, maxIterations: 4 },
  runs: RUNS,
  models: [{ provider: 'auto', faults: { rate: 0.5 } }],
  variants: [
    { label: 'A', source: autoModelFaultsPreset.source },
    { label: 'B', source: autoModelFaultsPreset.source.replace('Commenting on', 'Writing on') },
  ],
  assertions: [
    { kind: 'tool-called', name: 'search_docs', called: true },
    { kind: 'no-rejected-calls' },
  ],
};

let dataDir: string;
/** Outside the repository, so nothing resolves from its node_modules or its tsconfig. */
let scratch: string;
let folder: string;
let suiteFile: string;
let suite: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-evaluation-export-'));
  process.env.PGLITE_DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  const response = await postEvaluation(new Request('http://localhost/api/evaluations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BODY) }));
  await response.text();
  const id = response.headers.get('x-evaluation-id') ?? '';
  const exported = await getExport(new Request(`http://localhost/api/evaluations/${id}/export?format=vitest`), { params: Promise.resolve({ id }) });
  expect(exported.status).toBe(200);
  suite = await exported.text();
  suiteFile = `evaluation-${id}.test.ts`;

  // What the suite's header asks of a user: unpack any exported session of this server and put the file beside its test.
  scratch = mkdtempSync(path.join(tmpdir(), 'trp-evaluation-export-'));
  const runtimeDirectory = path.join(scratch, 'runtime');
  const dependencies = await buildExportRuntime(runtimeDirectory);
  const read = (file: string) => readFileSync(path.join(runtimeDirectory, file), 'utf8');
  const session = renderPortableTestExport({
    record: await recordPresetSession(repairLadderPreset),
    assertions: [],
    runtime: { replayModule: read('playground-replay.mjs'), workerModule: read('sandbox-worker.mjs'), dependencies },
  });
  folder = path.join(scratch, session.folder);
  mkdirSync(folder);
  for (const file of session.files) writeFileSync(path.join(folder, file.path), file.text);
  writeFileSync(path.join(folder, suiteFile), suite);
  linkExportDependencies(folder);
}, 180_000);

afterAll(async () => {
  await (await getSessionStore()).close();
  await rm(dataDir, { recursive: true, force: true });
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The suite's runs, each line `  { label: '…', outcome: '…', session: '…' },` as rendered. */
function readRunLines(text: string): string[] {
  return text.split('\n').filter((line) => line.startsWith('  { label: '));
}

/**
 * The run line with its first recorded model response changed as a hand would change a tape:
 * every `search_docs` the model proposed now names `search_dogs`. Undefined when that response proposed none.
 */
function tamperFirstResponse(line: string): string | undefined {
  const literal = line.slice(line.indexOf("session: '") + 'session: '.length, line.lastIndexOf(' },'));
  const session = JSON.parse(new Function(`return ${literal};`)() as string) as { turns: { tape: { response: unknown }[] }[] };
  const entry = session.turns[0]?.tape[0];
  if (!entry) return undefined;
  const text = JSON.stringify(entry.response);
  if (!text.includes('search_docs')) return undefined;
  entry.response = JSON.parse(text.replaceAll('search_docs', 'search_dogs'));
  return line.replace(literal, renderStringLiteral(JSON.stringify(session)));
}

describe('the exported evaluation suite', () => {
  it(
    'runs with Vitest beside the replay runtime of a session export, every run replayed to its recorded outcome and verdicts; a tampered tape fails its run',
    async () => {
      const lines = readRunLines(suite);
      expect(lines).toHaveLength(2 * RUNS);
      // The recorded verdicts are not all true: a run that failed an assertion must fail it again.
      expect(lines.some((line) => line.includes('"pass":false'))).toBe(true);

      const passing = await runExportedTests(folder, suiteFile);
      const expected = ['A', 'B'].flatMap((variant) => Array.from({ length: RUNS }, (_, run) => `${variant} · model 1 · run ${run + 1}`));
      expect(passing.tests.map((test) => test.title).sort(), passing.output).toEqual(expected.sort());
      expect(passing.tests.filter((test) => test.status !== 'passed'), passing.output).toEqual([]);
      expect(passing.exitCode).toBe(0);

      const index = lines.findIndex((line) => tamperFirstResponse(line) !== undefined);
      expect(index).toBeGreaterThanOrEqual(0);
      const tampered = lines[index]!;
      writeFileSync(path.join(folder, suiteFile), suite.replace(tampered, tamperFirstResponse(tampered)!));
      const failing = await runExportedTests(folder, suiteFile);
      expect(failing.exitCode).not.toBe(0);
      const label = /label: '([^']+)'/.exec(tampered)?.[1];
      const status = Object.fromEntries(failing.tests.map((test) => [test.title, test.status]));
      expect(status[label!], failing.output).toBe('failed');
      expect(Object.values(status).filter((value) => value === 'passed')).toHaveLength(2 * RUNS - 1);
      expect(failing.tests.find((test) => test.title === label)?.failureMessages.join('\n')).toMatch(/^AssertionError: Changed from the recording: calls, /);
    },
    2 * CHILD_TIMEOUT_MS + 10_000,
  );
});
