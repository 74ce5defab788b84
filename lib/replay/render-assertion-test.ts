import type { JsonValue } from '@/lib/runtime';
import { renderCommentText, renderCodeLiteral, renderStringLiteral } from '@/lib/interop';
import { compactSessionRecord, type StoredSessionRecord } from '@/lib/sessions';
import type { SessionRecord } from '@/lib/sessions';
import type { SessionAssertion } from '@/lib/assertions';

export type RenderAssertionTestOptions = {
  /** The session, as the rest of the code holds it or in its stored form (each distinct text once). */
  record: SessionRecord | StoredSessionRecord;
  /** Checked on the replayed events; pass `record.assertions ?? []`. */
  assertions: readonly SessionAssertion[];
  /**
   * A path, relative to the test file, of the tool module to replay with instead of the recorded
   * one. Absent: the file replays the recorded module, and its header says how to switch.
   */
  toolModulePath?: string;
};

/** The runtime an export carries beside its test file (see `renderPortableTestExport`). */
export const BUNDLED_RUNTIME_FILE = 'playground-replay.mjs';

/** How long the file's replay of one turn may take. */
const REPLAY_MS_PER_TURN = 30_000;

/**
 * The text of a Vitest test file to keep beside the code: it embeds the session (stored form),
 * replays every turn on its recorded tape through the server's turn path and checks the
 * assertions on the replayed events, with one `it` per turn (replayed identically) and one per
 * assertion. It imports Vitest and the replay runtime bundled beside it (`./playground-replay.mjs`,
 * see `renderPortableTestExport`), so it runs outside this repository. Its
 * `TOOL_MODULE` constant, when pointed at the current module's source, makes the replay use it,
 * so a changed tool (schema, description) fails the file.
 */
export function renderAssertionTestFile(options: RenderAssertionTestOptions): string {
  const stored = isStoredRecord(options.record) ? options.record : compactSessionRecord(options.record);
  const turns = stored.turns.length;
  const name = stored.title ? `${stored.title} (${stored.id})` : stored.id;
  const toolModule =
    options.toolModulePath === undefined
      ? 'undefined'
      : `readFileSync(new URL(${renderStringLiteral(options.toolModulePath)}, import.meta.url), 'utf8')`;
  const lines = [
    '/**',
    ` * Replays session ${renderCommentText(JSON.stringify(name))} (${turns} turn${turns === 1 ? '' : 's'}, recorded ${renderCommentText(stored.createdAt)})`,
    ' * on its recorded tapes and checks its assertions on the replayed events.',
    ' *',
    ' * To test the tool module as it is now instead of as it was recorded, import readFileSync from',
    " * 'node:fs' and point TOOL_MODULE at the module's file:",
    " *   const TOOL_MODULE: string | undefined = readFileSync(new URL('./tools.ts', import.meta.url), 'utf8');",
    ' * A changed schema or description then sends other requests than the tape holds: the replay',
    ' * stops there, and the turns and assertions that depend on it fail.',
    ' */',
    ...(options.toolModulePath === undefined ? [] : ["import { readFileSync } from 'node:fs';"]),
    "import { beforeAll, describe, expect, it } from 'vitest';",
    `import { describeAssertion, replayAndCheck, type ReplayAndCheckReport, type SessionAssertion } from './${BUNDLED_RUNTIME_FILE}';`,
    '',
    '/** The tool module to replay with; undefined: the one each turn was recorded with. */',
    `const TOOL_MODULE: string | undefined = ${toolModule};`,
    '',
    `const ASSERTIONS: SessionAssertion[] = ${renderCodeLiteral(JSON.parse(JSON.stringify(options.assertions)) as JsonValue)};`,
    '',
    '/** The session as stored: every distinct text once in `texts`, referenced by index. */',
    `const SESSION = JSON.parse(${renderStringLiteral(JSON.stringify(stored))}) as { turns: unknown[] };`,
    '',
    `describe(${renderStringLiteral(`session ${name}`)}, () => {`,
    '  let report: ReplayAndCheckReport;',
    '',
    '  beforeAll(async () => {',
    '    const checked = await replayAndCheck({ record: SESSION, assertions: ASSERTIONS, toolModule: TOOL_MODULE });',
    '    if (!checked.ok) throw new Error(checked.error);',
    '    report = checked.value;',
    `  }, ${REPLAY_MS_PER_TURN} * SESSION.turns.length);`,
    '',
    '  for (const turn of SESSION.turns.keys()) {',
    '    it(`replays turn ${turn + 1} identically`, () => {',
    '      const replayed = report.turns[turn];',
    "      expect(replayed?.identical, replayed?.message ?? 'not replayed').toBe(true);",
    '    });',
    '  }',
    '',
    '  for (const [index, assertion] of ASSERTIONS.entries()) {',
    '    it(`assertion ${index + 1}: ${describeAssertion(assertion)}`, () => {',
    '      const verdict = report.verdicts[index];',
    "      expect(verdict?.pass, verdict?.message ?? 'not checked').toBe(true);",
    '    });',
    '  }',
    '});',
    '',
  ];
  return lines.join('\n');
}

function isStoredRecord(record: SessionRecord | StoredSessionRecord): record is StoredSessionRecord {
  return 'texts' in record && Array.isArray(record.texts);
}
