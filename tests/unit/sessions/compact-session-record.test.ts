import { beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '@/lib/presets';
import { compactSessionRecord } from '@/lib/sessions/record/compact-session-record';
import { migrateSessionRecord, SESSION_RECORD_VERSION, type SessionRecord } from '@/lib/sessions/record/session-record';
import { createSessionRecord } from '../client/session-fixtures';
import { presetPlayground, recordPresetTurn } from './session-fixtures';

/** What a reader gets from the stored form: compacted, through JSON, read back. */
function roundTrip(record: SessionRecord): ReturnType<typeof migrateSessionRecord> {
  return migrateSessionRecord(JSON.parse(JSON.stringify(compactSessionRecord(record))));
}

function readRecord(raw: unknown): SessionRecord {
  const read = migrateSessionRecord(raw);
  if (!read.ok) throw new Error(read.error);
  return read.value;
}

const presetRecords = new Map<string, SessionRecord>();

beforeAll(async () => {
  for (const preset of PRESETS) {
    const turn = await recordPresetTurn(preset);
    const { request, tape, approvals, outputs, events } = turn;
    presetRecords.set(
      preset.id,
      readRecord({
        version: SESSION_RECORD_VERSION,
        id: 'AAAAAAAAAAAAAAAAAAAAAA',
        createdAt: '2026-01-01T00:00:00.000Z',
        title: preset.title,
        playground: presetPlayground(preset),
        turns: [{ turnId: turn.turnId, request, tape, approvals, outputs, events }],
      }),
    );
  }
}, 90_000);

describe('compacted session records', () => {
  it.each(PRESETS.map((preset) => [preset.id] as const))('round-trips the recorded %s session: expanding the compacted record gives it back', (presetId) => {
    const record = presetRecords.get(presetId)!;
    const stored = compactSessionRecord(record);
    // The playground's module and the turn's are one text.
    expect(stored.playground.source).toEqual({ text: 0 });
    expect(stored.turns[0]!.request.source).toEqual({ text: 0 });
    expect(stored.texts.filter((text) => text === record.playground.source)).toHaveLength(1);
    expect(roundTrip(record)).toEqual({ ok: true, value: record });
  });

  it('round-trips the client fixture session of several turns, files and a result schema included', () => {
    const record = createSessionRecord(['turn_a', 'turn_b', 'turn_c']);
    const stored = compactSessionRecord(record);
    expect(stored.texts).toEqual(['export default [];', `${JSON.stringify([{ text: 'Done.' }])}\n`, '{"type":"object"}', 'A']);
    expect(stored.turns.map((turn) => [turn.request.source, turn.request.files])).toEqual(Array(3).fill([{ text: 0 }, { 'a.txt': { text: 3 } }]));
    expect(roundTrip(record)).toEqual({ ok: true, value: record });
  });

  it('keeps every distinct source of turns whose modules differ, each once', () => {
    const base = createSessionRecord(['turn_a', 'turn_b', 'turn_c', 'turn_d']);
    const sources = ['export default [/* a */];', 'export default [/* b */];', 'export default [/* a */];', 'export default [/* c */];'];
    const record: SessionRecord = { ...base, turns: base.turns.map((turn, index) => ({ ...turn, request: { ...turn.request, source: sources[index]! } })) };
    const stored = compactSessionRecord(record);
    const sourceTexts = stored.turns.map((turn) => stored.texts[turn.request.source.text]);
    expect(sourceTexts).toEqual(sources);
    expect(new Set(stored.turns.map((turn) => turn.request.source.text)).size).toBe(3);
    expect(stored.texts.filter((text) => sources.includes(text))).toHaveLength(3);
    const read = roundTrip(record);
    expect(read.ok && read.value.turns.map((turn) => turn.request.source)).toEqual(sources);
    expect(read).toEqual({ ok: true, value: record });
  });

  it('reads texts written inline at version 5 too, as Share hands them over', () => {
    const record = createSessionRecord(['turn_a']);
    expect(migrateSessionRecord(JSON.parse(JSON.stringify(record)))).toEqual({ ok: true, value: record });
  });

  it('refuses a reference past the texts, or texts that are not strings, naming the field', () => {
    const stored = compactSessionRecord(createSessionRecord(['turn_a', 'turn_b']));
    const dangling = { ...stored, turns: stored.turns.map((turn, index) => (index === 1 ? { ...turn, request: { ...turn.request, source: { text: 9 } } } : turn)) };
    expect(migrateSessionRecord(dangling)).toEqual({ ok: false, error: 'Invalid session: turns.1.request.source: Refers to text 9; the session has 4.' });
    expect(migrateSessionRecord({ ...stored, texts: [1, 2] })).toEqual({ ok: false, error: 'Invalid session: texts: Expected a list of strings.' });
    const missing = migrateSessionRecord({ ...stored, texts: undefined });
    expect(!missing.ok && missing.error).toMatch(/^Invalid session: playground\.source: Refers to text 0; the session has 0\./);
  });
});
