import { describe, expect, it } from 'vitest';
import { buildTurnRequest, createInitialState } from '@/lib/client';
import { buildMcpServers, selectMcpTools } from '@/lib/client/mcp';
import { createEntry, createMcpToolView, SERVER_INFO } from './mcp-fixtures';

describe('buildMcpServers', () => {
  it('sends a URL server with its headers, and only the tools left in, with the choices made', () => {
    const entry = createEntry({
      connection: { status: 'connected', server: SERVER_INFO, tools: [createMcpToolView('forecast'), createMcpToolView('delete_city')] },
      defaults: { executionMode: 'sequential' },
      toolChoices: { delete_city: { excluded: true }, forecast: { needsApproval: true } },
    });
    expect(buildMcpServers([entry])).toEqual({
      ok: true,
      value: [
        {
          name: 'weather',
          url: 'http://127.0.0.1:9/mcp',
          headers: { Authorization: 'Bearer s3cret' },
          tools: ['forecast'],
          settings: { forecast: { executionMode: 'sequential', needsApproval: true } },
        },
      ],
    });
  });

  it('defers every tool of a server with more than 20 unless told otherwise, and sends an operator server by key', () => {
    const tools = Array.from({ length: 21 }, (_, index) => createMcpToolView(`tool_${index}`));
    const entry = createEntry({ connection: { status: 'connected', server: SERVER_INFO, tools }, toolChoices: { tool_0: { deferLoading: false } } });
    const built = buildMcpServers([entry, createEntry({ id: 'operator:files', source: { kind: 'operator', key: 'files' }, namespace: 'files', connection: { status: 'idle' } })]);
    if (!built.ok) throw new Error(built.error);
    expect(built.value[0]?.settings?.tool_0).toEqual({ deferLoading: false });
    expect(built.value[0]?.settings?.tool_20).toEqual({ deferLoading: true });
    expect(built.value[1]).toEqual({ name: 'files' });
  });

  it('leaves out a server not offered to turns, and refuses an unusable or repeated namespace with what to do', () => {
    expect(buildMcpServers([createEntry({ included: false })])).toEqual({ ok: true, value: [] });
    expect(buildMcpServers([createEntry({ namespace: 'has space' })])).toEqual({ ok: false, error: expect.stringContaining('"has space" is not usable') });
    const twice = buildMcpServers([createEntry(), createEntry({ id: 'url:other', source: { kind: 'url', url: 'http://127.0.0.1:10/mcp', headers: [] } })]);
    expect(twice).toEqual({ ok: false, error: expect.stringContaining('share the namespace "weather"') });
  });

  it('rides along with every turn request', () => {
    const state = { ...createInitialState(), message: 'Forecast for Oslo', mcpServers: [createEntry()] };
    const request = buildTurnRequest(state);
    expect(request.ok && request.value.mcpServers).toEqual([{ name: 'weather', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer s3cret' } }]);
  });
});

describe('selectMcpTools', () => {
  it('lists a server tool in its namespace with the choices applied and the gate decided again', () => {
    const entry = createEntry({ namespace: 'wx', toolChoices: { forecast: { needsApproval: true, executionMode: 'sequential' } } });
    const [tool] = selectMcpTools(entry);
    expect(tool).toMatchObject({ qualifiedName: 'wx.forecast', namespace: 'wx', needsApproval: true, executionMode: 'sequential', origin: { kind: 'mcp', server: 'Weather Server', tool: 'forecast', excluded: false } });
    expect(tool?.gate.review.decision).toBe('ask');
    expect(selectMcpTools(createEntry({ connection: { status: 'failed', message: 'x' } }))).toEqual([]);
  });
});
