import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FinishedTurn, ModelConfig } from '@/lib/contract';
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
import { ASKING_MCP_TOOLS } from '../../support/mcp/asking-mcp-tools';
import { startMcpTestServer, type McpTestServer, type McpTestServerEra } from '../../support/mcp/start-mcp-test-server';

const MESSAGE = 'Delete a.txt, then b.txt';
const MODEL: ModelConfig = {
  provider: 'scripted',
  script: [{ calls: [{ namespace: 'files', name: 'confirm_delete', arguments: '{"path":"a.txt"}' }] }, { calls: [{ namespace: 'files', name: 'confirm_delete', arguments: '{"path":"b.txt"}' }] }, { text: 'Done.' }],
};
/** What the person answers, by the question's message. */
const ANSWERS: Record<string, { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' }> = {
  'Delete a.txt?': { action: 'accept', content: { confirm: true, reason: 'stale copy', copies: 1, color: 'red' } },
  'Delete b.txt?': { action: 'decline' },
};

/** Runs the turn through the server's stream, answering each server question as a person would through the elicitations route. */
async function recordTurn(url: string): Promise<{ finished: FinishedTurn; events: RuntimeEvent[] }> {
  let finished: FinishedTurn | undefined;
  const started = await streamTurn({
    request: { source: 'export default [];', messages: [{ role: 'user', content: MESSAGE }], model: MODEL, permissions: { mode: 'auto' }, mcpServers: [{ name: 'files', url }] },
    clientId: 'elicitation-replay-test',
    env: {},
    onFinished: (turn) => {
      finished = turn;
    },
  });
  if (!started.ok) throw new Error(started.error);
  const events = await readEventStream(toEventStream(started.events), (event) => {
    if (event.type !== 'tool-elicitation-request') return;
    const outcome = getTurnRegistry().deliverElicitation(started.turnId, started.controlToken, { elicitationId: event.elicitationId, ...ANSWERS[event.message]! } as never);
    expect(outcome).toBe('delivered');
  });
  if (!finished) throw new Error('The turn ended without a finished turn.');
  return { finished, events };
}

const outputsOf = (events: readonly RuntimeEvent[]) => events.flatMap((event) => (event.type === 'tool-output' ? [[event.status, event.output]] : []));

describe.each<McpTestServerEra>(['modern', 'legacy'])('a turn whose server asked the person, shared and replayed (%s era)', (era) => {
  let server: McpTestServer;
  let store: SessionStore;
  let record: SessionRecord;
  let recorded: RuntimeEvent[];

  beforeAll(async () => {
    vi.stubEnv('PLAYGROUND_ALLOW_PRIVATE_NETWORK', '1');
    server = await startMcpTestServer({ era, tools: ASKING_MCP_TOOLS });
    ({ store } = await openTestStore(() => createPgliteClient()));
    const { finished, events } = await recordTurn(server.url);
    recorded = events;
    await saveFinishedTurn(finished, { store, checker: TEST_CHECKER });
    const shared = await createSharedSession(
      { playground: { source: 'export default [];', message: MESSAGE, model: MODEL, permissions: { mode: 'auto' }, mode: 'chat' }, turnIds: [finished.turnId] },
      { store, checker: TEST_CHECKER },
    );
    if (!shared.ok) throw new Error(shared.error.message);
    const read = await readStoredSession(shared.value.id, store);
    if (!read.ok) throw new Error(read.error.message);
    record = read.value;
    // Nothing below may reach the server.
    await server.close();
  }, 120_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    await store.close();
  });

  it('stores what the person answered with the turn, and what the server asked and got with its call', () => {
    expect(outputsOf(recorded)).toEqual([
      ['success', 'answer: {"action":"accept","content":{"confirm":true,"reason":"stale copy","copies":1,"color":"red"}}'],
      ['success', 'answer: {"action":"decline"}'],
    ]);
    const turn = record.turns[0]!;
    const asked = recorded.flatMap((event) => (event.type === 'tool-elicitation-request' ? [event.elicitationId] : []));
    expect(turn.elicitations).toEqual([
      { elicitationId: asked[0], action: 'accept', content: { confirm: true, reason: 'stale copy', copies: 1, color: 'red' } },
      { elicitationId: asked[1], action: 'decline' },
    ]);
    expect(turn.mcp?.calls.map((call) => call.questions?.map(({ question, reply }) => [question.message, reply.action]))).toEqual([[['Delete a.txt?', 'accept']], [['Delete b.txt?', 'decline']]]);
  });

  it('replays identically without the server, answering its questions from the stored answers', { timeout: 60_000 }, async () => {
    const methods = server.methods.length;
    const report = await replaySession(record, (turn) => runTurnOnTape(turn));
    expect(report.differences).toEqual([]);
    expect(report.identical).toBe(true);
    expect(server.methods.length).toBe(methods);
  });

  it('reports a tampered stored answer as a difference: the server was answered otherwise, so its recorded result does not apply', { timeout: 60_000 }, async () => {
    const tampered = structuredClone(record);
    tampered.turns[0]!.elicitations![0] = { elicitationId: tampered.turns[0]!.elicitations![0]!.elicitationId, action: 'accept', content: { confirm: false } };
    const report = await replaySession(tampered, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(false);
    expect(report.differences).toContainEqual(expect.objectContaining({ field: 'content.confirm', recorded: true, replayed: false }));
    expect(report.differences).toContainEqual(
      expect.objectContaining({ field: 'output', replayed: expect.stringContaining('was answered accept {"confirm":true,"reason":"stale copy","copies":1,"color":"red"} in the recording, but accept {"confirm":false} on replay') }),
    );
  });

  it('reports a missing stored answer as a difference, without asking anyone or waiting', { timeout: 60_000 }, async () => {
    const tampered = structuredClone(record);
    tampered.turns[0]!.elicitations = tampered.turns[0]!.elicitations!.slice(1);
    const report = await replaySession(tampered, (turn) => runTurnOnTape(turn));
    expect(report.identical).toBe(false);
    expect(report.differences).toContainEqual(expect.objectContaining({ field: 'action', recorded: 'accept', replayed: 'cancel' }));
    expect(report.differences).toContainEqual(expect.objectContaining({ field: 'output', replayed: expect.stringContaining('but cancel on replay') }));
  });
});
