import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelConfig, FinishedTurn } from '@/lib/contract';
import type { RuntimeEvent } from '@/lib/runtime';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { streamTurn } from '@/lib/server/turns/stream-turn';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { createSharedSession } from '@/lib/sessions/store/create-shared-session';
import { saveFinishedTurn } from '@/lib/server/sessions/finished-turns';
import { readStoredSession } from '@/lib/sessions/store/read-stored-session';
import { replaySession } from '@/lib/replay/replay-session';
import { runTurnOnTape } from '@/lib/server/replay/run-turn-on-tape';
import type { SessionRecord } from '@/lib/sessions/record/session-record';
import type { SessionStore } from '@/lib/sessions/store/session-store';
import { readEventStream } from '../support/read-event-stream';
import { openTestStore, TEST_CHECKER } from '../sessions/session-fixtures';

const SOURCE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'get_order',
    description: 'Look an order up by id.',
    schema: z.object({ id: z.string() }),
    isReadOnly: true,
    outputSchema: z.object({ status: z.enum(['open', 'shipped']) }),
  }),
  defineTool({
    name: 'lookup_customer',
    description: 'Look a customer up by email.',
    schema: z.object({ email: z.string() }),
    isReadOnly: true,
    execute: (args) => 'from execute: ' + args.email,
  }),
];
`;
const MESSAGE = 'Where is order A-1 and who placed it?';
const MODEL: ModelConfig = {
  provider: 'scripted',
  script: [
    {
      calls: [
        { name: 'get_order', arguments: '{"id":"A-1"}' },
        { name: 'lookup_customer', arguments: '{"email":"ada@example.com"}' },
      ],
    },
    { text: 'Shipped, to Ada.' },
  ],
};
const ANSWER_BY_HAND = ['lookup_customer'];
/** What the person types, by tool. */
const TYPED: Record<string, string> = { get_order: '{ "status": "shipped" }', lookup_customer: 'Ada Lovelace (customer since 1843)' };

/** Runs the turn through the server's stream, typing each requested output as a person would through the outputs route. */
async function recordTurn(): Promise<{ finished: FinishedTurn; events: RuntimeEvent[] }> {
  let finished: FinishedTurn | undefined;
  const started = await streamTurn({
    request: { source: SOURCE, messages: [{ role: 'user', content: MESSAGE }], model: MODEL, permissions: { mode: 'auto' }, answerByHand: ANSWER_BY_HAND },
    clientId: 'answered-by-hand-test',
    env: {},
    onFinished: (turn) => {
      finished = turn;
    },
  });
  if (!started.ok) throw new Error(started.error);
  const events = await readEventStream(toEventStream(started.events), (event) => {
    if (event.type === 'tool-output-request') expect(getTurnRegistry().deliverOutput(started.turnId, started.controlToken, event.callId, TYPED[event.name]!)).toBe('delivered');
  });
  if (!finished) throw new Error('The turn ended without a finished turn.');
  return { finished, events };
}

let store: SessionStore;
let record: SessionRecord;
let recorded: RuntimeEvent[];

beforeAll(async () => {
  ({ store } = await openTestStore(() => createPgliteClient()));
  const { finished, events } = await recordTurn();
  recorded = events;
  await saveFinishedTurn(finished, { store: store, checker: TEST_CHECKER });
  const shared = await createSharedSession(
    {
      playground: { source: SOURCE, message: MESSAGE, model: MODEL, permissions: { mode: 'auto' }, mode: 'chat', answerByHand: ANSWER_BY_HAND },
      turnIds: [finished.turnId],
    },
    { store, checker: TEST_CHECKER },
  );
  if (!shared.ok) throw new Error(shared.error.message);
  const read = await readStoredSession(shared.value.id, store);
  if (!read.ok) throw new Error(read.error.message);
  record = read.value;
}, 60_000);

afterAll(async () => {
  await store.close();
});

describe('a turn answered by hand, stored and replayed', () => {
  it('records both typed outputs, and the model got exactly what was typed', () => {
    const requests = recorded.filter((event) => event.type === 'tool-output-request');
    expect(requests.map((event) => [event.name, event.reason])).toEqual([
      ['get_order', 'no-execute'],
      ['lookup_customer', 'answer-by-hand'],
    ]);
    const outputs = recorded.flatMap((event) => (event.type === 'tool-output' ? [[event.name, event.status, event.output]] : []));
    expect(outputs.sort()).toEqual([
      ['get_order', 'success', TYPED.get_order],
      ['lookup_customer', 'success', TYPED.lookup_customer],
    ]);
    const turn = record.turns[0]!;
    expect([...turn.outputs].sort((a, b) => a.callId.localeCompare(b.callId))).toEqual(
      requests.map((event) => ({ callId: event.callId, output: TYPED[event.name] })).sort((a, b) => a.callId.localeCompare(b.callId)),
    );
    expect(turn.request.answerByHand).toEqual(ANSWER_BY_HAND);
  });

  it('replays identically, answering from the recorded outputs without asking anyone', async () => {
    const report = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(report.differences).toEqual([]);
    expect(report.identical).toBe(true);
  });

  it('reports a tampered typed output as a difference', async () => {
    const tampered = structuredClone(record);
    const output = tampered.turns[0]!.outputs.find((entry) => entry.output === TYPED.lookup_customer)!;
    output.output = 'Grace Hopper';
    const report = await replaySession(tampered, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(false);
    expect(report.differences).toContainEqual(expect.objectContaining({ field: 'output', recorded: TYPED.lookup_customer, replayed: 'Grace Hopper' }));
  });
});
