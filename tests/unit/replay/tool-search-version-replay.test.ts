import { describe, expect, it } from 'vitest';
import { toolSearchCatalogPreset } from '@/lib/presets';
import type { RuntimeEvent } from '@/lib/runtime';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { streamTurn } from '@/lib/server/turns/stream-turn';
import type { FinishedTurn, TurnRequest } from '@/lib/contract';
import { replaySession } from '@/lib/replay/replay-session';
import { runTurnOnTape } from '@/lib/server/replay/run-turn-on-tape';
import { migrateSessionRecord, type SessionRecord } from '@/lib/sessions/record/session-record';
import { presetPlayground } from '../sessions/session-fixtures';

/** A search whose answer changed between rankings: v1 folded "invoices" to "invoic" but left "invoice" whole. */
const QUERY = 'invoices';

const request: TurnRequest = {
  source: toolSearchCatalogPreset.source,
  messages: [{ role: 'user', content: 'Send me the invoice as PDF.' }],
  model: { provider: 'scripted', script: [{ calls: [{ name: 'tool_search', arguments: JSON.stringify({ query: QUERY }) }] }, { text: 'Found them.' }] },
  permissions: { mode: 'auto' },
  mode: 'chat',
};

async function recordTurn(turnRequest: TurnRequest): Promise<FinishedTurn> {
  let finished: FinishedTurn | undefined;
  const started = await streamTurn({ request: turnRequest, clientId: 'tool-search-version-test', env: {}, onFinished: (turn) => void (finished = turn) });
  if (!started.ok) throw new Error(started.error);
  const reader = toEventStream(started.events).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
  if (!finished) throw new Error('The turn did not finish.');
  return finished;
}

const matchesOf = (events: readonly RuntimeEvent[]) => events.flatMap((event) => (event.type === 'tool-search' ? [event.matches] : []));

/** The turn as a version-2 record stored it: no `toolSearch` in its request. */
function versionTwoRecord(turn: FinishedTurn): unknown {
  const { toolSearch: _toolSearch, ...storedRequest } = turn.request;
  return {
    version: 2,
    id: 'AAAAAAAAAAAAAAAAAAAAAA',
    createdAt: '2026-01-01T00:00:00.000Z',
    playground: presetPlayground(toolSearchCatalogPreset),
    turns: [{ turnId: turn.turnId, request: storedRequest, tape: turn.tape, approvals: turn.approvals, outputs: turn.outputs, events: turn.events }],
  };
}

describe('Tool Search versions across replays', () => {
  it('records the current ranking (v2) with a turn that names none', async () => {
    const turn = await recordTurn(request);
    expect(turn.request.toolSearch).toBe('v2');
    expect(matchesOf(turn.events)).toEqual([expect.arrayContaining(['billing.list_invoices', 'billing.get_invoice', 'billing.send_payment_reminder'])]);
  });

  it('replays a version-2 session with v1, identically, and it would differ with v2', async () => {
    const recordedWithV1 = await recordTurn({ ...request, toolSearch: 'v1' });
    // v1 ranked the billing tools by their namespace's description, in catalog order, and missed the
    // reminder tool whose own description says "invoice".
    expect(matchesOf(recordedWithV1.events)[0]).not.toContain('billing.send_payment_reminder');

    const migrated = migrateSessionRecord(versionTwoRecord(recordedWithV1));
    if (!migrated.ok) throw new Error(migrated.error);
    const record: SessionRecord = migrated.value;
    expect(record.turns[0]?.request.toolSearch).toBe('v1');
    expect(await replaySession(record, (turn) => runTurnOnTape(turn))).toMatchObject({ identical: true, differences: [] });

    const restamped = structuredClone(record);
    restamped.turns[0]!.request.toolSearch = 'v2';
    const report = await replaySession(restamped, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(false);
    expect(report.differences[0]).toMatchObject({ turn: 0, field: expect.stringMatching(/^matches/) });
  });
});
