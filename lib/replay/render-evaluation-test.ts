import type { JsonValue } from '@/lib/runtime';
import { renderCodeLiteral, renderCommentText, renderStringLiteral } from '@/lib/interop';
import { BUNDLED_RUNTIME_FILE } from './render-assertion-test';

/** One stored run as the exported suite replays it. */
export type ExportedEvaluationRun = {
  /** `A · model 1 · run 3`. */
  label: string;
  /** The run's session as stored (JSON text, each distinct text once). */
  sessionText: string;
  /** The run's outcome as stored (JSON text): its calls, repairs, rejections, denials, iterations, tokens, ending and verdicts. */
  outcomeText: string;
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
 * (`./playground-replay.mjs`: `replayAndCheck`, `compareEvaluationRun`), and checks each run's
 * outcome as the evaluation's Replay does: the calls, repairs, rejections, denials, iterations,
 * tokens, ending and every assertion's verdict must be as recorded, so a changed runtime or tape that
 * changes any of them fails the suite. Outcomes, not event order, are compared: parallel calls of a
 * sleeping tool may finish in another order on a loaded machine without changing an outcome.
 */
export function renderEvaluationTestFile(options: RenderEvaluationTestOptions): string {
  const name = options.title ? `${options.title} (${options.evaluationId})` : options.evaluationId;
  const runs = options.runs.map((run) => `  { label: ${renderStringLiteral(run.label)}, outcome: ${renderStringLiteral(run.outcomeText)}, session: ${renderStringLiteral(run.sessionText)} },`);
  return [
    '/**',
    ` * Replays the ${options.runs.length} stored runs of evaluation ${renderCommentText(JSON.stringify(name))} on their recorded`,
    ' * tapes and checks that each ends as recorded: the same calls, repairs, rejections, denials,',
    ' * iterations, tokens and ending, and every assertion holding or failing as it did.',
    ' *',
    ` * It imports the replay runtime a session's "Export test" folder carries (${BUNDLED_RUNTIME_FILE},`,
    ' * sandbox-worker.mjs, package.json): unpack any exported session of this server and put this file',
    ' * beside its test file, then run `npm install` and `npx vitest run`.',
    ' */',
    "import { describe, expect, it } from 'vitest';",
    `import { compareEvaluationRun, replayAndCheck, type SessionAssertion } from './${BUNDLED_RUNTIME_FILE}';`,
    '',
    `const ASSERTIONS: SessionAssertion[] = ${renderCodeLiteral(options.assertions)};`,
    '',
    '/** Each run: its label, its outcome as recorded and its session as stored (JSON texts). */',
    'const RUNS: { label: string; outcome: string; session: string }[] = [',
    ...runs,
    '];',
    '',
    `describe(${renderStringLiteral(`evaluation ${name}`)}, () => {`,
    '  for (const run of RUNS) {',
    `    it(run.label, { timeout: ${REPLAY_MS_PER_RUN} }, async () => {`,
    '      const checked = await replayAndCheck({ record: JSON.parse(run.session), assertions: ASSERTIONS });',
    '      if (!checked.ok) throw new Error(checked.error);',
    '      const [turn] = checked.value.turns;',
    '      const verdicts = checked.value.verdicts.map(({ pass, message }) => ({ pass, message }));',
    '      const changed = compareEvaluationRun(JSON.parse(run.outcome), turn?.events ?? [], verdicts);',
    "      expect(changed, `Changed from the recording: ${changed.join(', ')}. ${turn?.message ?? 'Not replayed.'}`).toEqual([]);",
    '    });',
    '  }',
    '});',
    '',
  ].join('\n');
}
