import { compactSessionRecord } from '@/lib/sessions';
import type { SessionRecord } from '@/lib/sessions';
import { BUNDLED_RUNTIME_FILE, renderAssertionTestFile } from './render-assertion-test';
import type { SessionAssertion } from '@/lib/assertions';

/** The bundles an export carries, as `scripts/build-export-runtime.mjs` writes them. */
export type ExportRuntime = {
  /** playground-replay.mjs: the replay runtime, npm packages left external. */
  replayModule: string;
  /** sandbox-worker.mjs: the sandbox worker the runtime spawns, beside it. */
  workerModule: string;
  /** Every npm package the two import, and vitest, at the versions this build was tested with. */
  dependencies: Readonly<Record<string, string>>;
};

export type PortableTestExportOptions = {
  record: SessionRecord;
  assertions: readonly SessionAssertion[];
  runtime: ExportRuntime;
};

export type ExportedFile = { path: string; text: string };

/** The folder an export unpacks to, and its files. */
export type PortableTestExport = { folder: string; files: ExportedFile[] };

/** The files the test reads: each relative to the folder. */
export const EXPORT_FILES = {
  tools: 'tools.ts',
  worker: 'sandbox-worker.mjs',
  declarations: 'playground-replay.d.mts',
} as const;

/**
 * A folder that runs a session's assertions anywhere Node runs, after `npm install`: the test file,
 * the replay runtime and sandbox worker bundled beside it, a `package.json` naming the public
 * packages they import at exact versions, and a README saying how to run it. When every turn used
 * one tool module, it is `tools.ts` and the test replays with it, so editing the tool's schema
 * makes the test fail; otherwise each turn replays its recorded module.
 */
export function renderPortableTestExport({ record, assertions, runtime }: PortableTestExportOptions): PortableTestExport {
  const stored = compactSessionRecord(record);
  const sources = [...new Set(record.turns.map((turn) => turn.request.source))];
  const toolModule = sources.length === 1 ? sources[0] : undefined;
  const folder = `session-${stored.id}`;
  const testFile = `${folder}.test.ts`;
  const files: ExportedFile[] = [
    { path: 'package.json', text: renderPackageJson(folder, runtime.dependencies) },
    { path: 'README.md', text: renderReadme(testFile, toolModule !== undefined) },
    { path: testFile, text: renderAssertionTestFile({ record: stored, assertions, ...(toolModule === undefined ? {} : { toolModulePath: `./${EXPORT_FILES.tools}` }) }) },
    ...(toolModule === undefined ? [] : [{ path: EXPORT_FILES.tools, text: toolModule }]),
    { path: BUNDLED_RUNTIME_FILE, text: runtime.replayModule },
    { path: EXPORT_FILES.declarations, text: RUNTIME_DECLARATIONS },
    { path: EXPORT_FILES.worker, text: runtime.workerModule },
  ];
  return { folder, files };
}

function renderPackageJson(name: string, dependencies: Readonly<Record<string, string>>): string {
  const manifest = { name: name.toLowerCase().replace(/[^a-z0-9-]/g, '-'), private: true, type: 'module', scripts: { test: 'vitest run' }, devDependencies: dependencies };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function renderReadme(testFile: string, hasToolModule: boolean): string {
  return [
    '# A Tool Runtime Playground session, as a test',
    '',
    `\`${testFile}\` replays the session's turns on their recorded model answers (no model, no key,`,
    'no network) through the playground runtime bundled in `playground-replay.mjs`, and checks its',
    'assertions on what the replay produced.',
    '',
    'Run it with Node 20 or later:',
    '',
    '```sh',
    'npm install',
    'npx vitest run',
    '```',
    '',
    '`npm install` installs the public packages `package.json` lists (Vitest, Zod, Ajv, QuickJS, the',
    'openai SDK, …), at the versions the playground was tested with; the runtime imports them.',
    '',
    hasToolModule
      ? "`tools.ts` is the session's tool module, and the test replays with it: change a tool's schema or description and the turns and assertions that depend on it fail, because the model would have been sent another request than the recording holds. Copy the file over your own module's (or point `TOOL_MODULE` at it) to test your changes."
      : "The turns used different tool modules, so each replays the one it was recorded with; point `TOOL_MODULE` in the test at a module's file to replay every turn with it instead.",
    '',
    'Tool code runs in the bundled sandbox (QuickJS in a worker thread), as in the playground.',
    '',
  ].join('\n');
}

/** Types for playground-replay.mjs, so the test file type-checks in an editor. */
const RUNTIME_DECLARATIONS = `/** One expectation about a session's tool calls; see the playground's README for the kinds. */
export type SessionAssertion = { kind: string; turn?: number; [field: string]: unknown };

export type ReplayAndCheckReport = {
  turns: { turn: number; identical: boolean; message: string; events: unknown[] }[];
  verdicts: { index: number; pass: boolean; message: string }[];
};

/** Replays every turn of \`record\` on its tape (with \`toolModule\` when given) and checks \`assertions\` on the replayed events. */
export declare function replayAndCheck(options: { record: unknown; assertions: unknown; toolModule?: string }): Promise<{ ok: true; value: ReplayAndCheckReport } | { ok: false; error: string }>;

/** An assertion in one sentence. */
export declare function describeAssertion(assertion: SessionAssertion): string;

/** What a replay of an evaluation's stored run changed in its outcome (calls, repairs, rejections, denials, iterations, tokens, ending, verdicts); empty when nothing did. */
export declare function compareEvaluationRun(stored: unknown, replayedEvents: readonly unknown[], verdicts: readonly { pass: boolean; message: string }[]): string[];
`;
