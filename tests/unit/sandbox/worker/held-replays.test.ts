import { describe, expect, it } from 'vitest';
import { ok } from '@/lib/runtime';
import { createHeldReplays } from '@/lib/sandbox/worker/held-replays';
import { prepareStoredSession } from '@/lib/sessions/record/prepare-stored-session';
import { SESSION_RECORD_VERSION } from '@/lib/sessions/record/session-record';
import { PRESETS } from '@/lib/presets';
import { presetPlayground } from '../../sessions/session-fixtures';

const preset = PRESETS[0]!;
const ID = 'EEEEEEEEEEEEEEEEEEEEEE';

/** A one-turn record as the store holds it. */
function storedText(): string {
  const turn = {
    turnId: 'turn_1',
    request: { source: preset.source, messages: [{ role: 'user', content: 'hi' }], model: { provider: 'auto', seed: 3 }, toolSearch: 'v2' },
    tape: [{ request: { input: [] }, response: { output: [] }, status: 200 }],
    approvals: [],
    outputs: [],
    events: [{ type: 'turn-end', turnId: 'turn_1', seq: 0, at: 1, reason: 'completed', iterations: 1, finalText: 'Done.' }],
  };
  const file = { version: SESSION_RECORD_VERSION, id: ID, createdAt: '2020-01-01T00:00:00.000Z', playground: presetPlayground(preset), turns: [turn] };
  const prepared = prepareStoredSession({ kind: 'import', id: ID, createdAt: '2026-01-01T00:00:00.000Z', text: JSON.stringify(file) });
  if (!prepared.ok) throw new Error(prepared.error.message);
  return prepared.value.body;
}

describe('the replays a sandbox worker holds', () => {
  it('holds at most its share and lets go of one abandoned past the idle time', () => {
    let clock = 0;
    const replays = createHeldReplays({ maxHeld: 2, idleMs: 1_000, now: () => clock });
    const session = { id: ID, text: storedText() };
    expect(replays.open('a', session)).toMatchObject({ ok: true, value: { kind: 'turn', index: 0 } });
    expect(replays.open('b', session)).toMatchObject({ ok: true, value: { kind: 'turn', index: 0 } });
    expect(replays.open('c', session)).toEqual({ ok: false, error: { code: 'busy', message: 'The sandbox is replaying 2 sessions in this worker; try again in a few seconds.' } });
    clock = 600;
    expect(replays.advance('b', ok([]))).toMatchObject({ ok: true, value: { kind: 'done' } });
    expect(replays.count()).toBe(1);
    clock = 1_500;
    // `a` was last touched at 0: abandoned, so `c` takes its place.
    expect(replays.open('c', session)).toMatchObject({ ok: true, value: { kind: 'turn' } });
    expect(replays.advance('a', ok([]))).toEqual({ ok: false, error: { code: 'busy', message: 'The replay was dropped by its sandbox worker; try again.' } });
    replays.close('c');
    expect(replays.count()).toBe(0);
  });
});
