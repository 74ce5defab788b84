import type { JsonValue } from '@/lib/runtime';
import { renderCodeLiteral, renderCommentText, renderStringLiteral } from '@/lib/interop';
import { BUNDLED_RUNTIME_FILE } from './render-assertion-test';

/** One stored run as the exported suite replays it. */
export type ExportedEvaluationRun = {
  /** `A · model 1 · run 3`. */
  label: string;
  /** The run's session as stored (JSON text, each distinct text once). */
  sessionText: string;
  /** Whether each assertion held when the run was recorded, in order. */
  verdicts: readonly boolean[];
};

export type RenderEvaluationTestOptions = {
  evaluationId: string;
  title: string | null;
  /** The evaluation's assertions (JSON), checked on every run's replayed events. */
  assertions: JsonValue;
  runs: readonly ExportedEvaluationRun[];
};

/** How long the suite's replay of one run may take. */
const REPLAY_MS_PER_RUN = 30_000;

/**
 * The text of a Vitest file that replays every stored run of an evaluation on its tape (no model,
 * no key, no network) through the playground runtime a session's Export test carries
 * (`./playground-replay.mjs`, `replayAndCheck`), and checks that each assertion holds or fails as
 * it did when the run was recorded: a changed runtime that changes any run's verdict fails the
 * suite. Verdicts, not event order, are compared, as the evaluation's Replay does: parallel calls of
 * a sleeping tool may finish in another order on a loaded machine without changing an outcome.
 */
export function renderEvaluationTestFile(options: RenderEvaluationTestOptions): string {
  const name = options.title ? `${options.title} (${options.evaluationId})` : options.evaluationId;
  const runs = options.runs.map((run) => `  { label: ${renderStringLiteral(run.label)}, verdicts: ${JSON.stringify(run.verdicts)}, session: ${renderStringLiteral(run.sessionText)} },`);
  return [
    '/**',
    ` * Replays the ${options.runs.length} stored runs of evaluation ${renderCommentText(JSON.stringify(name))} on their recorded`,
    ' * tapes and checks that every assertion holds or fails on each as it did when the run was recorded.',
    ' *',
    ` * It imports the replay runtime a session's "Export test" folder carries (${BUNDLED_RUNTIME_FILE},`,
    ' * sandbox-worker.mjs, package.json): unpack any exported session of this server and put this file',
    ' * beside its test file, then run `npm install` and `npx vitest run`.',
    ' */',
    "import { describe, expect, it } from 'vitest';",
    `import { describeAssertion, replayAndCheck, type SessionAssertion } from './${BUNDLED_RUNTIME_FILE}';`,
    '',
    `const ASSERTIONS: SessionAssertion[] = ${renderCodeLiteral(options.assertions)};`,
    '',
    '/** Each run: its label, what each assertion said when it was recorded, and its session as stored. */',
    'const RUNS: { label: string; verdicts: boolean[]; session: string }[] = [',
    ...runs,
    '];',
    '',
    `describe(${renderStringLiteral(`evaluation ${name}`)}, () => {`,
    '  for (const run of RUNS) {',
    `    it(run.label, { timeout: ${REPLAY_MS_PER_RUN} }, async () => {`,
    '      const checked = await replayAndCheck({ record: JSON.parse(run.session), assertions: ASSERTIONS });',
    '      if (!checked.ok) throw new Error(checked.error);',
    '      for (const turn of checked.value.turns) expect(turn.identical, turn.message).toBe(true);',
    '      for (const [index, assertion] of ASSERTIONS.entries()) {',
    '        const verdict = checked.value.verdicts[index];',
    "        expect(verdict?.pass, `${describeAssertion(assertion)} ${verdict?.message ?? 'not checked'}`).toBe(run.verdicts[index]);",
    '      }',
    '    });',
    '  }',
    '});',
    '',
  ].join('\n');
}
