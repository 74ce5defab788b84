import { describe, expect, it } from 'vitest';
import { buildKeptSessionFile } from '@/lib/client/build-kept-session-file';
import type { RunState } from '@/lib/client/conversation-state';
import { PRESETS } from '@/lib/presets';
import { presetPlayground, recordPresetTurn, TEST_CHECKER } from '../sessions/session-fixtures';

const preset = PRESETS.find((candidate) => candidate.id === 'parallel-and-sequential');

describe('buildKeptSessionFile', () => {
  it('turns the records this browser kept into a file Import stores, checked as any imported file', async () => {
    if (!preset) throw new Error('preset missing');
    const finished = await recordPresetTurn(preset);
    const { turnId, request, tape, approvals, outputs, events } = finished;
    // What the server stores for a finished turn, and the browser keeps from `GET /api/turns/<id>/record`.
    const stored = await TEST_CHECKER.prepareTurn({ turnId, request, tape, approvals, outputs, events });
    if (!stored.ok) throw new Error(stored.error);
    const turn: RunState = { runId: -1, phase: 'ended', turnId, message: preset.message, events, errors: [], record: JSON.parse(stored.value) as unknown };
    const file = buildKeptSessionFile({ playground: presetPlayground(preset), turns: [turn], assertions: [] });
    if (!file.ok) throw new Error(file.error);
    const imported = await TEST_CHECKER.prepareSession({ kind: 'import', id: 'BBBBBBBBBBBBBBBBBBBBBB', createdAt: '2026-12-06T00:00:00.000Z', text: file.value });
    expect(imported).toMatchObject({ ok: true, value: { id: 'BBBBBBBBBBBBBBBBBBBBBB' } });
  }, 30_000);

  it('says which turn this browser did not keep, and why it cannot be shared', () => {
    const kept: RunState = { runId: -1, phase: 'ended', turnId: 'turn_a', message: 'a', events: [], errors: [], record: {} };
    const lost: RunState = { ...kept, turnId: 'turn_b', record: undefined };
    const file = buildKeptSessionFile({ playground: presetPlayground(preset ?? PRESETS[0]!), turns: [kept, lost], assertions: [] });
    expect(file).toEqual({ ok: false, error: expect.stringMatching(/did not keep turn 2 .*cannot be shared any more\. Run it again, then share\./) });
  });
});
