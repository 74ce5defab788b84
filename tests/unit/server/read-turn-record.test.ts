import { describe, expect, it } from 'vitest';
import { readTurnRecord } from '@/lib/server/turns/registry/read-turn-record';
import { hashTurnControlToken } from '@/lib/server/turns/registry/turn-control';
import type { TapeAccess } from '@/lib/server/turns/registry/turn-registry';
import type { SessionTurn } from '@/lib/sessions/record/session-record';

const storedTurn = { turnId: 'turn_a', tape: [], approvals: [], outputs: [], events: [] } as unknown as SessionTurn;

function options(access: TapeAccess, stored: { turn: SessionTurn; controlTokenHash?: string } | null = { turn: storedTurn, controlTokenHash: hashTurnControlToken('right') }) {
  return {
    registry: { accessTape: () => access },
    openStore: async () => ({ getControlledTurn: async (turnId: string) => (stored && turnId === stored.turn.turnId ? stored : undefined) }),
  };
}

describe('readTurnRecord', () => {
  it('answers the stored turn to the holder of its token only', async () => {
    expect(await readTurnRecord('turn_a', 'right', options({ kind: 'unknown-turn' }))).toEqual({ ok: true, value: { turn: storedTurn } });
    expect(await readTurnRecord('turn_a', 'guess', options({ kind: 'unknown-turn' }))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await readTurnRecord('turn_a', 'right', options({ kind: 'forbidden' }))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // Stored by an older version, without the hash: nobody can prove they started it.
    expect(await readTurnRecord('turn_a', 'right', options({ kind: 'unknown-turn' }, { turn: storedTurn }))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('says why there is no record: running, not stored (yet), no such id', async () => {
    expect(await readTurnRecord('turn_a', 'right', options({ kind: 'live', tape: [] }))).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringContaining('still running') } });
    expect(await readTurnRecord('turn_a', 'right', options({ kind: 'unknown-turn' }, null))).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringContaining('not stored (yet)') } });
    expect(await readTurnRecord('x'.repeat(201), 'right', options({ kind: 'unknown-turn' }))).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringContaining('no turn has such an id') } });
  });
});
