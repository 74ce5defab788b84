import { describe, expect, it } from 'vitest';
import { createTapeExchangesLoader, describeInspectedTurn, matchExchange, type InspectedTurn } from '@/components/timeline/exchanges';
import type { TapeEntry } from '@/lib/contract';
import { reduceRuntimeEvents, type RuntimeEvent } from '@/lib/runtime';

const exchange = (id: string): TapeEntry => ({ request: { input: [] }, response: { id }, status: 200, url: 'http://embedded.invalid/v1/responses' });
const turn = (settled: boolean[], ended = false): InspectedTurn => ({ turnId: 'turn_a', ended, requests: settled.map((value, index) => ({ iteration: index + 1, settled: value })) });

describe('matchExchange', () => {
  it('gives iteration N the Nth exchange when the counts agree', () => {
    const exchanges = [exchange('r1'), exchange('r2')];
    expect(matchExchange(exchanges, 2, turn([true, true], true))).toEqual({ kind: 'matched', exchange: exchanges[1], index: 1 });
  });

  it('waits for a request still in flight', () => {
    expect(matchExchange([exchange('r1')], 2, turn([true, false]))).toEqual({ kind: 'pending' });
  });

  it('accepts a live tape one exchange ahead of the events', () => {
    const exchanges = [exchange('r1'), exchange('r2')];
    expect(matchExchange(exchanges, 2, turn([true, false]))).toMatchObject({ kind: 'matched', index: 1 });
  });

  it('refuses to guess when a request left no exchange', () => {
    expect(matchExchange([exchange('r1')], 1, turn([true, true], true))).toEqual({ kind: 'mismatch', requestCount: 2, exchangeCount: 1 });
    expect(matchExchange([exchange('r1'), exchange('r2'), exchange('r3')], 1, turn([true, true], true))).toEqual({ kind: 'mismatch', requestCount: 2, exchangeCount: 3 });
  });
});

describe('describeInspectedTurn', () => {
  it('lists the requests of a turn and which were answered', () => {
    const state = reduceRuntimeEvents([
      { type: 'turn-start', turnId: 'turn_a', seq: 0, at: 0, model: 'embedded:scripted', mode: 'chat', permissionMode: 'auto', maxIterations: 4, userMessage: 'hi' },
      { type: 'model-request', turnId: 'turn_a', seq: 1, at: 1, iteration: 1, offeredTools: [], deferredCount: 0, inputItemCount: 1 },
      { type: 'model-response', turnId: 'turn_a', seq: 2, at: 2, iteration: 1, responseId: 'r1', calls: [] },
      { type: 'model-request', turnId: 'turn_a', seq: 3, at: 3, iteration: 2, offeredTools: [], deferredCount: 0, inputItemCount: 3 },
    ] satisfies RuntimeEvent[]);
    expect(describeInspectedTurn(state)).toEqual({
      turnId: 'turn_a',
      ended: false,
      requests: [
        { iteration: 1, settled: true },
        { iteration: 2, settled: false },
      ],
    });
  });
});

describe('createTapeExchangesLoader', () => {
  it('answers from the tapes it was given, and says which turn it lacks', async () => {
    const load = createTapeExchangesLoader([{ turnId: 'turn_a', tape: [exchange('r1')] }]);
    expect(await load('turn_a')).toEqual({ ok: true, value: { exchanges: [exchange('r1')] } });
    expect(await load('turn_b')).toEqual({ ok: false, error: 'This session holds no turn turn_b.' });
  });
});
