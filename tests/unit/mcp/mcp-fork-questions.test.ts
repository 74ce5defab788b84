import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postTurn } from '@/app/api/turns/route';
import { POST as postSession } from '@/app/api/sessions/route';
import { POST as postFork } from '@/app/api/sessions/[id]/fork/route';
import { POST as postReplay } from '@/app/api/sessions/[id]/replay/route';
import type { RuntimeEvent } from '@/lib/runtime';
import { getSessionStore } from '@/lib/server/sessions/get-session-store';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { TURN_CONTROL_HEADER } from '@/lib/server/turns/registry/turn-control';
import { readEventStream } from '../support/read-event-stream';
import { ASKING_MCP_TOOLS } from '../../support/mcp/asking-mcp-tools';
import { startMcpTestServer, type McpTestServer, type McpTestServerEra } from '../../support/mcp/start-mcp-test-server';

const confirm = (file: string) => ({ calls: [{ namespace: 'files', name: 'confirm_delete', arguments: JSON.stringify({ path: file }) }] });
/** The recording deletes a.txt then b.txt; the fork's model goes on to c.txt once its requests part from the recording. */
const RECORDED_MODEL = { provider: 'scripted' as const, script: [confirm('a.txt'), confirm('b.txt'), { text: 'Done.' }] };
const FORK_MODEL = { provider: 'scripted' as const, script: [confirm('a.txt'), confirm('b.txt'), confirm('c.txt'), { text: 'Done.' }] };
const PLAYGROUND = { source: 'export default [];', message: '', model: RECORDED_MODEL, permissions: { mode: 'auto' }, mode: 'chat' };
/** What the person answers, by the server's question. */
const ANSWERS: Record<string, { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' }> = {
  'Delete a.txt?': { action: 'accept', content: { confirm: true, reason: 'stale copy' } },
  'Delete b.txt?': { action: 'decline' },
  'Delete c.txt?': { action: 'accept', content: { confirm: true, reason: 'asked live' } },
};

const jsonRequest = (url: string, body: unknown) => new Request(`http://localhost${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const outputsOf = (events: readonly RuntimeEvent[]) => events.flatMap((event) => (event.type === 'tool-output' ? [event.output] : []));
const answersOf = (events: readonly RuntimeEvent[]) => events.flatMap((event) => (event.type === 'tool-elicitation-response' ? [[event.action, event.decidedBy]] : []));

/** Reads a turn's stream, answering each question the person is asked through the registry; answers the events and the questions the person was asked. */
async function readAnswering(response: Response): Promise<{ events: RuntimeEvent[]; asked: string[] }> {
  expect(response.status).toBe(200);
  const turnId = response.headers.get('x-turn-id')!;
  const token = response.headers.get(TURN_CONTROL_HEADER)!;
  const asked: string[] = [];
  const events = await readEventStream(response.body!, (event) => {
    if (event.type !== 'tool-elicitation-request') return;
    // A question answered from the recording never waits for anyone: nothing is there to deliver to.
    if (getTurnRegistry().deliverElicitation(turnId, token, { elicitationId: event.elicitationId, ...ANSWERS[event.message]! } as never) === 'delivered') asked.push(event.message);
  });
  return { events, asked };
}

async function share(turnId: string): Promise<string> {
  const shared = await postSession(jsonRequest('/api/sessions', { playground: PLAYGROUND, turnIds: [turnId] }));
  expect(shared.status).toBe(201);
  return ((await shared.json()) as { id: string }).id;
}

// One embedded database for the file: the routes share one session store.
let dataDir: string;

beforeAll(async () => {
  vi.stubEnv('PLAYGROUND_ALLOW_PRIVATE_NETWORK', '1');
  dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-mcp-fork-questions-'));
  vi.stubEnv('PGLITE_DATA_DIR', dataDir);
  vi.stubEnv('DATABASE_URL', '');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await (await getSessionStore()).close();
  await rm(dataDir, { recursive: true, force: true });
});

describe.each<McpTestServerEra>(['modern', 'legacy'])('a fork of a session whose MCP server asked the person (%s era)', (era) => {
  let server: McpTestServer;
  let sessionId: string;
  let bCallId: string;

  beforeAll(async () => {
    server = await startMcpTestServer({ era, tools: ASKING_MCP_TOOLS });
    const response = await postTurn(jsonRequest('/api/turns', { source: 'export default [];', messages: [{ role: 'user', content: 'Delete a.txt, then b.txt' }], model: RECORDED_MODEL, mcpServers: [{ name: 'files', url: server.url }] }));
    const { events, asked } = await readAnswering(response);
    expect(asked).toEqual(['Delete a.txt?', 'Delete b.txt?']);
    expect(outputsOf(events)).toEqual(['answer: {"action":"accept","content":{"confirm":true,"reason":"stale copy"}}', 'answer: {"action":"decline"}']);
    bCallId = events.flatMap((event) => (event.type === 'tool-output' ? [event.callId] : []))[1]!;
    sessionId = await share(response.headers.get('x-turn-id')!);
  }, 120_000);

  afterAll(() => server.close());

  it('answers the calls before the fork point from the recording, the person’s answer included; after it, the live server asks the person again', { timeout: 120_000 }, async () => {
    const callsBefore = server.methods.filter((method) => method === 'tools/call').length;
    const answersBefore = server.answers.length;
    const response = await postFork(jsonRequest(`/api/sessions/${sessionId}/fork`, { turn: 0, outputs: [{ callId: bCallId, output: 'b.txt is kept' }], model: FORK_MODEL, mcpServers: [{ name: 'files', url: server.url }] }), params(sessionId));
    const { events, asked } = await readAnswering(response);
    // a.txt: the recorded question shown again with the recorded answer, nobody asked; c.txt: asked live.
    expect(asked).toEqual(['Delete c.txt?']);
    expect(events.flatMap((event) => (event.type === 'tool-elicitation-request' ? [event.message] : []))).toEqual(['Delete a.txt?', 'Delete c.txt?']);
    expect(answersOf(events)).toEqual([
      ['accept', 'human'],
      ['accept', 'human'],
    ]);
    expect(outputsOf(events)).toEqual(['answer: {"action":"accept","content":{"confirm":true,"reason":"stale copy"}}', 'b.txt is kept', 'answer: {"action":"accept","content":{"confirm":true,"reason":"asked live"}}']);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });
    // Only c.txt reached the server (a 2026-07-28 server runs a call again for each answer it gets), and it got only the live answer.
    expect(server.methods.filter((method) => method === 'tools/call').length - callsBefore).toBe(era === 'modern' ? 2 : 1);
    expect(server.answers.slice(answersBefore).map((answer) => answer.result)).toEqual([{ action: 'accept', content: { confirm: true, reason: 'asked live' } }]);

    // The fork keeps both answers, so it replays identically without the server.
    const forkId = await share(response.headers.get('x-turn-id')!);
    const methods = server.methods.length;
    const replay = await postReplay(new Request(`http://localhost/api/sessions/${forkId}/replay`, { method: 'POST' }), params(forkId));
    expect(await replay.json()).toMatchObject({ identical: true, differences: [] });
    expect(server.methods.length).toBe(methods);
  });
});
