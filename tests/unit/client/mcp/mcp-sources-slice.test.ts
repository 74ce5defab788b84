import { describe, expect, it } from 'vitest';
import { createInitialState, playgroundReducer, type PlaygroundAction, type PlaygroundState } from '@/lib/client';
import { selectWorkspace } from '@/lib/client/workspace-draft';
import type { McpServerSource } from '@/lib/client/mcp';
import { createMcpToolView, SERVER_INFO } from './mcp-fixtures';

const URL_SOURCE: McpServerSource = { kind: 'url', url: 'http://127.0.0.1:9/mcp', headers: [{ name: 'Authorization', value: 'Bearer s3cret' }] };
const ID = 'url:http://127.0.0.1:9/mcp';

function run(...actions: PlaygroundAction[]): PlaygroundState {
  return actions.reduce(playgroundReducer, createInitialState());
}

describe('the MCP sources slice', () => {
  it('adds a URL server idle, named after its host until it connects, then after the server (namespace-safe)', () => {
    const added = run({ type: 'mcp-server-added', source: URL_SOURCE });
    expect(added.mcpServers).toMatchObject([{ id: ID, namespace: 'mcp', included: true, connection: { status: 'idle' } }]);
    const connected = playgroundReducer(playgroundReducer(added, { type: 'mcp-connect-started', id: ID }), {
      type: 'mcp-connect-succeeded',
      id: ID,
      server: SERVER_INFO,
      tools: [createMcpToolView('forecast')],
    });
    expect(connected.mcpServers[0]).toMatchObject({ namespace: 'Weather_Server', connection: { status: 'connected', server: SERVER_INFO } });
    const named = run({ type: 'mcp-server-added', source: { kind: 'url', url: 'https://tools.example.com/mcp', headers: [] } });
    expect(named.mcpServers[0]?.namespace).toBe('tools');
  });

  it('keeps a namespace the user typed, and numbers a server name another server already has', () => {
    const other: McpServerSource = { kind: 'url', url: 'http://127.0.0.1:10/mcp', headers: [] };
    const state = run(
      { type: 'mcp-server-added', source: URL_SOURCE },
      { type: 'mcp-connect-succeeded', id: ID, server: SERVER_INFO, tools: [] },
      { type: 'mcp-server-added', source: other },
      { type: 'mcp-connect-succeeded', id: 'url:http://127.0.0.1:10/mcp', server: SERVER_INFO, tools: [] },
      { type: 'mcp-namespace-changed', id: ID, namespace: 'wx' },
      { type: 'mcp-connect-succeeded', id: ID, server: SERVER_INFO, tools: [] },
    );
    expect(state.mcpServers.map((entry) => entry.namespace)).toEqual(['wx', 'Weather_Server_2']);
  });

  it('says which tools changed between two listings, and forgets the connection on disconnect', () => {
    const state = run(
      { type: 'mcp-server-added', source: URL_SOURCE },
      { type: 'mcp-connect-succeeded', id: ID, server: SERVER_INFO, tools: [createMcpToolView('forecast'), createMcpToolView('alerts')] },
      { type: 'mcp-connect-started', id: ID },
      { type: 'mcp-connect-succeeded', id: ID, server: SERVER_INFO, tools: [createMcpToolView('forecast'), createMcpToolView('radar')] },
    );
    expect(state.mcpServers[0]?.connection).toMatchObject({ status: 'connected', changes: { added: ['radar'], removed: ['alerts'] } });
    expect(playgroundReducer(state, { type: 'mcp-disconnected', id: ID }).mcpServers[0]?.connection).toEqual({ status: 'idle' });
  });

  it('keeps the reason of a failed connect, and an operator server keeps its key as namespace', () => {
    const state = run(
      { type: 'mcp-server-added', source: URL_SOURCE },
      { type: 'mcp-connect-failed', id: ID, message: 'The server answered 401 Unauthorized.' },
      { type: 'mcp-server-added', source: { kind: 'operator', key: 'files' } },
      { type: 'mcp-namespace-changed', id: 'operator:files', namespace: 'other' },
      { type: 'mcp-connect-succeeded', id: 'operator:files', server: SERVER_INFO, tools: [] },
    );
    expect(state.mcpServers[0]?.connection).toEqual({ status: 'failed', message: 'The server answered 401 Unauthorized.' });
    expect(state.mcpServers[1]?.namespace).toBe('files');
  });

  it('never puts servers or their headers into a draft', () => {
    const state = run({ type: 'mcp-server-added', source: URL_SOURCE });
    const draft = JSON.stringify(selectWorkspace(state));
    expect(draft).not.toContain('s3cret');
    expect(draft).not.toContain('127.0.0.1:9');
  });
});
