import { describe, expect, it } from 'vitest';
import { PRESETS } from '@/lib/presets';
import { prepareStoredSession } from '@/lib/sessions/record/prepare-stored-session';
import { SESSION_RECORD_VERSION } from '@/lib/sessions/record/session-record';
import { useStoredSessionText } from '@/lib/replay/use-stored-session-text';
import { presetPlayground } from '../sessions/session-fixtures';

const preset = PRESETS[0]!;
const turn = (text: string) => ({
  turnId: 'turn_1',
  request: { source: preset.source, messages: [{ role: 'user', content: 'hi' }], model: { provider: 'auto', seed: 3 }, toolSearch: 'v2' },
  tape: [{ request: { input: [] }, response: { output: [] }, status: 200 }],
  approvals: [],
  outputs: [],
  events: [{ type: 'turn-end', turnId: 'turn_1', seq: 0, at: 1, reason: 'completed', iterations: 1, finalText: text }],
});

/** A record as the store holds it (checked, compacted), for session `id`. */
function storedText(id: string, text: string): string {
  const file = { version: SESSION_RECORD_VERSION, id: 'ZZZZZZZZZZZZZZZZZZZZZZ', createdAt: '2020-01-01T00:00:00.000Z', title: `Session ${id}`, playground: presetPlayground(preset), turns: [turn(text)] };
  const prepared = prepareStoredSession({ kind: 'import', id, createdAt: '2026-01-01T00:00:00.000Z', text: JSON.stringify(file) });
  if (!prepared.ok) throw new Error(prepared.error.message);
  return prepared.value.body;
}

describe('stored records used from their text (what a sandbox worker runs for Compare and Fork)', () => {
  const a = { id: 'AAAAAAAAAAAAAAAAAAAAAA', text: storedText('AAAAAAAAAAAAAAAAAAAAAA', 'One.') };
  const b = { id: 'BBBBBBBBBBBBBBBBBBBBBB', text: storedText('BBBBBBBBBBBBBBBBBBBBBB', 'Two.') };

  it('compares two records, naming a turn either lacks', () => {
    const compared = useStoredSessionText({ kind: 'compare', a, b });
    expect(compared.ok && 'comparison' in compared.value && [compared.value.a.title, compared.value.b.title, compared.value.a.turns]).toEqual(['Session AAAAAAAAAAAAAAAAAAAAAA', 'Session BBBBBBBBBBBBBBBBBBBBBB', 1]);
    expect(useStoredSessionText({ kind: 'compare', a, b: { ...b, turn: 4 } })).toEqual({ ok: false, error: { code: 'invalid', message: 'Session BBBBBBBBBBBBBBBBBBBBBB has no turn 5 (it has 1).' } });
  });

  it('builds a fork from a record, says why a fork is refused, and names a record that does not parse', () => {
    const forked = useStoredSessionText({ kind: 'fork', session: a, fork: { turn: 0, maxIterations: 2 } });
    expect(forked.ok && 'request' in forked.value && [forked.value.request.maxIterations, forked.value.request.forkOf]).toEqual([2, { sessionId: a.id, turn: 0 }]);
    expect(useStoredSessionText({ kind: 'fork', session: a, fork: { turn: 0 } })).toEqual({ ok: false, error: { code: 'invalid', message: 'A fork changes something: an output, the module, the model or a setting.' } });
    expect(useStoredSessionText({ kind: 'fork', session: { id: a.id, text: '{"version"' }, fork: { turn: 0, maxIterations: 2 } })).toMatchObject({ ok: false, error: { code: 'unreadable', message: expect.stringContaining(`Session ${a.id} is stored but unreadable`) } });
  });
});
