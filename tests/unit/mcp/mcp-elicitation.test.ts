import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as postElicitation } from '@/app/api/turns/[turnId]/elicitations/route';
import { TURN_CONTROL_HEADER } from '@/lib/server/turns/registry/turn-control';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import type { RuntimeEvent, RuntimeEventOf } from '@/lib/runtime';
import { ASKING_MCP_TOOLS, CONFIRM_FORM } from '../../support/mcp/asking-mcp-tools';
import { callToolDirectly, readEvents } from '../../support/mcp/call-tool-directly';
import { startMcpTestServer, type McpTestServer, type McpTestServerEra } from '../../support/mcp/start-mcp-test-server';

type Asked = RuntimeEventOf<'tool-elicitation-request'>;

function answer(turnId: string, token: string, body: Record<string, unknown>): Promise<Response> {
  return postElicitation(
    new Request(`http://localhost/api/turns/${turnId}/elicitations`, { method: 'POST', headers: { 'content-type': 'application/json', [TURN_CONTROL_HEADER]: token }, body: JSON.stringify(body) }),
    { params: Promise.resolve({ turnId }) },
  );
}

/** Calls `tool` on the server and answers each question it asks with what `respond` returns (the route's answers are kept in order). */
async function callAndAnswer(server: McpTestServer, tool: string, args: Record<string, unknown>, respond: (asked: Asked, turn: { turnId: string; token: string }) => Promise<Response[]>) {
  const response = await callToolDirectly({ name: `files.${tool}`, arguments: JSON.stringify(args), mcpServers: [{ name: 'files', url: server.url }] });
  const turn = { turnId: response.headers.get('x-turn-id')!, token: response.headers.get(TURN_CONTROL_HEADER)! };
  const answered: Promise<Response[]>[] = [];
  const events = await readEvents(response, (event) => {
    if (event.type === 'tool-elicitation-request') answered.push(respond(event, turn));
  });
  const replies = (await Promise.all(answered)).flat();
  return { events, replies, output: events.find((event): event is RuntimeEventOf<'tool-output'> => event.type === 'tool-output') };
}

function of<T extends RuntimeEvent['type']>(events: RuntimeEvent[], type: T) {
  return events.filter((event): event is RuntimeEventOf<T> => event.type === type);
}

describe.each<McpTestServerEra>(['modern', 'legacy'])('a server asking the person during a call (%s era)', (era) => {
  let server: McpTestServer;

  beforeAll(async () => {
    vi.stubEnv('PLAYGROUND_ALLOW_PRIVATE_NETWORK', '1');
    server = await startMcpTestServer({ era, tools: ASKING_MCP_TOOLS });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });

  it('shows the form, refuses an answer that does not fit it, and sends the accepted one back to the server', { timeout: 60_000 }, async () => {
    const { events, replies, output } = await callAndAnswer(server, 'confirm_delete', { path: 'a.txt' }, async (asked, turn) => [
      await answer(turn.turnId, turn.token, { elicitationId: asked.elicitationId, action: 'accept', content: { confirm: 'yes', reason: 'no', copies: 7, extra: 1 } }),
      await answer(turn.turnId, turn.token, { elicitationId: asked.elicitationId, action: 'accept', content: { confirm: true, reason: 'stale copy', copies: 1, color: 'red' } }),
    ]);
    expect(of(events, 'tool-elicitation-request')).toMatchObject([{ callId: 'call_direct', name: 'files.confirm_delete', server: 'files', mode: 'form', message: 'Delete a.txt?', requestedSchema: CONFIRM_FORM }]);
    expect(replies[0]!.status).toBe(422);
    const refusal = ((await replies[0]!.json()) as { error: string }).error;
    expect(refusal).toContain('/confirm: Must be true or false.');
    expect(refusal).toContain('/reason: Must be at least 3 characters.');
    expect(refusal).toContain('/copies: Must be at most 3.');
    expect(refusal).toContain('/extra: The form has no such field.');
    expect(replies[1]!.status).toBe(200);
    expect(of(events, 'tool-elicitation-response')).toMatchObject([{ action: 'accept', decidedBy: 'human', content: { confirm: true, reason: 'stale copy', copies: 1, color: 'red' } }]);
    expect(output).toMatchObject({ status: 'success', output: 'answer: {"action":"accept","content":{"confirm":true,"reason":"stale copy","copies":1,"color":"red"}}' });
    const types = events.map((event) => event.type);
    expect(types.indexOf('tool-call-start')).toBeLessThan(types.indexOf('tool-elicitation-request'));
    expect(types.indexOf('tool-elicitation-response')).toBeLessThan(types.indexOf('tool-output'));
    expect(server.answers.at(-1)).toMatchObject({ method: 'elicitation/create', result: { action: 'accept' } });
    // The client's own rounds of answering (2026-07-28) are not the server's progress.
    expect(of(events, 'tool-call-log')).toEqual([]);
  });

  it('tells the server the person declined, or cancelled', { timeout: 60_000 }, async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const { events, replies, output } = await callAndAnswer(server, 'confirm_delete', { path: 'b.txt' }, async (asked, turn) => [await answer(turn.turnId, turn.token, { elicitationId: asked.elicitationId, action })]);
      expect(replies.map((reply) => reply.status)).toEqual([200]);
      expect(of(events, 'tool-elicitation-response')).toMatchObject([{ action, decidedBy: 'human' }]);
      expect(of(events, 'tool-elicitation-response')[0]).not.toHaveProperty('content');
      expect(output).toMatchObject({ status: 'success', output: `answer: {"action":"${action}"}` });
    }
  });

  it('shows a link to open for a URL question and says whether the person went', { timeout: 60_000 }, async () => {
    const { events, output } = await callAndAnswer(server, 'login', {}, async (asked, turn) => [await answer(turn.turnId, turn.token, { elicitationId: asked.elicitationId, action: 'accept' })]);
    expect(of(events, 'tool-elicitation-request')).toMatchObject([{ mode: 'url', message: 'Sign in to continue.', url: 'https://auth.example.com/login?state=1' }]);
    expect(of(events, 'tool-elicitation-request')[0]).not.toHaveProperty('requestedSchema');
    expect(output).toMatchObject({ status: 'success', output: 'answer: {"action":"accept"}' });
  });

  it('declares elicitation (form and URL) to the server, never sampling or roots', { timeout: 60_000 }, async () => {
    await callAndAnswer(server, 'confirm_delete', { path: 'c.txt' }, async (asked, turn) => [await answer(turn.turnId, turn.token, { elicitationId: asked.elicitationId, action: 'cancel' })]);
    const declared = server.clientCapabilities.at(-1);
    expect(declared).toMatchObject({ elicitation: { form: {}, url: {} } });
    expect(declared).not.toHaveProperty('sampling');
    expect(declared).not.toHaveProperty('roots');
  });

  it('refuses sampling and roots with a reason, logged on the call (a 2026-07-28 server does not even ask: the client never declares them)', { timeout: 60_000 }, async () => {
    for (const [tool, reason] of [['summarize', 'does not lend its model to MCP servers'], ['list_roots', 'does not lend its file system to MCP servers']] as const) {
      const { events, output } = await callAndAnswer(server, tool, {}, async () => []);
      if (era === 'legacy') {
        expect(of(events, 'tool-call-log').filter((log) => log.level === 'warn').map((log) => log.message).join('\n')).toContain(reason);
        expect(server.answers.at(-1)).toMatchObject({ error: expect.stringContaining(reason) });
        expect(output).toMatchObject({ status: 'success', output: expect.stringContaining(reason) });
      } else {
        expect(output).toMatchObject({ status: 'error', output: expect.stringContaining('do not declare the required capability') });
      }
    }
  });

  it('Stop while the form is open cancels the call on the server and closes the question', { timeout: 60_000 }, async () => {
    const { events, replies, output } = await callAndAnswer(server, 'confirm_delete', { path: 'd.txt' }, async (asked, turn) => {
      getTurnRegistry().abort(turn.turnId, turn.token);
      return [await answer(turn.turnId, turn.token, { elicitationId: asked.elicitationId, action: 'decline' })];
    });
    expect(of(events, 'tool-elicitation-response')).toMatchObject([{ action: 'cancel', decidedBy: 'abort' }]);
    expect(replies[0]!.status).not.toBe(200);
    expect(output).toMatchObject({ status: 'aborted' });
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
  });
});

describe('answering a question', () => {
  it('needs the turn control token and a question that waits', { timeout: 30_000 }, async () => {
    expect((await answer('turn_missing', 'x'.repeat(32), { elicitationId: 'call.1', action: 'decline' })).status).toBe(404);
    expect((await answer('turn_missing', 'x'.repeat(32), { elicitationId: 'call.1', action: 'maybe' })).status).toBe(400);
  });
});
