import { beforeAll, describe, expect, it } from 'vitest';
import { renderAssertionTestFile } from '@/lib/replay/render-assertion-test';
import type { SessionAssertion } from '@/lib/contract/assertions/session-assertion';
import { parallelAndSequentialPreset } from '@/lib/presets';
import { compactSessionRecord } from '@/lib/sessions/record/compact-session-record';
import { migrateSessionRecord, type SessionRecord } from '@/lib/sessions/record/session-record';
import { recordPresetSession } from '../assertions/assertion-fixtures';

let record: SessionRecord;

beforeAll(async () => {
  record = await recordPresetSession(parallelAndSequentialPreset);
}, 30_000);

const assertions: SessionAssertion[] = [
  { kind: 'call-order', names: ['read_file', 'write_file', 'read_file'] },
  { kind: 'final-text', matches: "summary\\.md and it's \\d" },
];

/** The embedded session, read back the way the file reads it. */
function embeddedSession(text: string): unknown {
  const literal = /^const SESSION = JSON\.parse\((.*)\) as \{ turns: unknown\[\] \};$/m.exec(text)?.[1];
  if (!literal) throw new Error('No SESSION constant.');
  // The literal is a single-quoted TypeScript string; as JSON it needs double quotes.
  return JSON.parse(JSON.parse(`"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`));
}

describe('renderAssertionTestFile', () => {
  it('embeds the session in its stored form, from either form, so the file reads it back whole', () => {
    const fromRecord = renderAssertionTestFile({ record, assertions });
    expect(renderAssertionTestFile({ record: compactSessionRecord(record), assertions })).toBe(fromRecord);
    const embedded = embeddedSession(fromRecord);
    expect(embedded).toEqual(compactSessionRecord(record));
    expect(migrateSessionRecord(embedded)).toEqual({ ok: true, value: record });
  });

  it('replays the recorded module unless a path is given, and says how to point it elsewhere', () => {
    const text = renderAssertionTestFile({ record, assertions });
    expect(text).toContain('const TOOL_MODULE: string | undefined = undefined;');
    expect(text).toContain(" *   const TOOL_MODULE: string | undefined = readFileSync(new URL('./tools.ts', import.meta.url), 'utf8');");
    expect(text).not.toContain("import { readFileSync } from 'node:fs';");
    const pointed = renderAssertionTestFile({ record, assertions, toolModulePath: "../src/it's tools.ts" });
    expect(pointed).toContain("import { readFileSync } from 'node:fs';");
    expect(pointed).toContain("const TOOL_MODULE: string | undefined = readFileSync(new URL('../src/it\\'s tools.ts', import.meta.url), 'utf8');");
  });

  it('writes the assertions as a typed literal a person can edit', () => {
    const text = renderAssertionTestFile({ record, assertions });
    expect(/^const ASSERTIONS[^;]*;$/m.exec(text)?.[0]).toBe(
      [
        'const ASSERTIONS: SessionAssertion[] = [',
        '  {',
        "    kind: 'call-order',",
        "    names: ['read_file', 'write_file', 'read_file'],",
        '  },',
        "  { kind: 'final-text', matches: 'summary\\\\.md and it\\'s \\\\d' },",
        '];',
      ].join('\n'),
    );
  });

  it('keeps a title from closing the header comment or breaking the describe line', () => {
    const text = renderAssertionTestFile({ record: { ...record, title: "Notes */ and 'quotes'\nnext line" }, assertions: [] });
    const header = text.slice(0, text.indexOf('*/') + 2);
    expect(header).toContain(`Replays session "Notes *\\/ and 'quotes'\\nnext line (${record.id})"`);
    expect(text).toContain(`describe('session Notes */ and \\'quotes\\'\\nnext line (${record.id})', () => {`);
  });

  it('keeps whatever a stored record holds (creation time, titles with separators) inside comments and literals', () => {
    const createdAt = "2026-01-01 */ require('node:fs').writeFileSync('marker', '') /*\u2028x";
    const text = renderAssertionTestFile({ record: { ...record, createdAt, title: 'a\u2028b\u2029c\rd' }, assertions: [] });
    expect(text).not.toMatch(/[\r\u2028\u2029]/);
    const header = text.slice(0, text.indexOf('*/') + 2);
    expect(header).toContain("recorded 2026-01-01 *\\/ require('node:fs').writeFileSync('marker', '') /*\\u2028x)");
    expect(text).toContain("describe('session a\\u2028b\\u2029c\\rd (");
  });
});
