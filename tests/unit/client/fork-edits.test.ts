import { beforeAll, describe, expect, it } from 'vitest';
import { buildForkBody, selectForkEdits } from '@/lib/client/fork-edits';
import { createInitialState, playgroundReducer, type PlaygroundState } from '@/lib/client/playground-state';
import { PRESETS } from '@/lib/presets';
import type { SessionRecord } from '@/lib/sessions/record/session-record';
import { recordPresetSession } from '../sessions/session-fixtures';

const preset = PRESETS.find((candidate) => candidate.id === 'parallel-and-sequential')!;
let record: SessionRecord;
let shared: PlaygroundState;

beforeAll(async () => {
  record = await recordPresetSession(preset);
  shared = playgroundReducer(createInitialState(), { type: 'session-loaded', record, origin: 'shared' });
}, 60_000);

describe('fork edits', () => {
  it('finds nothing edited on a shared session as loaded', () => {
    expect(selectForkEdits(shared, record)).toEqual({});
  });

  it('names the module, the settings and a changed model, and builds the fork body from them', () => {
    let edited = playgroundReducer(shared, { type: 'document-changed', tab: 'tools', text: `${preset.source}\n// edited\n` });
    edited = playgroundReducer(edited, { type: 'permission-mode-changed', permissionMode: 'read-only' });
    edited = playgroundReducer(edited, { type: 'model-changed', model: { provider: 'auto', seed: 99 } });
    const edits = selectForkEdits(edited, record);
    expect(edits).toEqual({ source: `${preset.source}\n// edited\n`, permissionMode: 'read-only', useModel: true });
    expect(buildForkBody(edited, { turn: 0, message: 'm', outputs: [], ...edits })).toEqual({
      ok: true,
      value: { turn: 0, source: `${preset.source}\n// edited\n`, permissionMode: 'read-only', model: { provider: 'auto', seed: 99 } },
    });
  });

  it("sends the tab's MCP servers that have headers, by name and address, for the fork to connect with", () => {
    let tab = playgroundReducer(shared, { type: 'mcp-server-added', source: { kind: 'url', url: 'https://mcp.example.com/mcp', headers: [{ name: 'Authorization', value: 'Bearer tab-token' }, { name: ' ', value: 'x' }] } });
    tab = playgroundReducer(tab, { type: 'mcp-server-added', source: { kind: 'url', url: 'https://open.example.com/mcp', headers: [] } });
    const body = buildForkBody(tab, { turn: 0, message: 'm', outputs: [{ callId: 'c1', output: 'x' }] });
    expect(body.ok && body.value.mcpServers).toEqual([{ name: tab.mcpServers[0]!.namespace, url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer tab-token' } }]);
    expect(buildForkBody(shared, { turn: 0, message: 'm', outputs: [{ callId: 'c1', output: 'x' }] })).toEqual({ ok: true, value: { turn: 0, outputs: [{ callId: 'c1', output: 'x' }] } });
  });

  it('sends a remote model with the key typed in this tab, and refuses one that cannot be built', () => {
    const typed = playgroundReducer(shared, { type: 'api-key-changed', provider: 'openai', baseURL: '', key: 'sk-typed-here' });
    const remote = playgroundReducer(typed, { type: 'model-changed', model: { provider: 'openai', openai: { model: 'gpt-5-mini', baseURL: '' } } });
    const body = buildForkBody(remote, { turn: 0, message: 'm', outputs: [{ callId: 'c1', output: 'x' }] });
    expect(body.ok && body.value).toMatchObject({ turn: 0, outputs: [{ callId: 'c1', output: 'x' }], model: { provider: 'openai', apiKey: 'sk-typed-here' } });
    const broken = playgroundReducer(shared, { type: 'model-changed', model: { provider: 'scripted' } });
    const refused = buildForkBody(playgroundReducer(broken, { type: 'document-changed', tab: 'script', text: '{ not json' }), { turn: 0, message: 'm', outputs: [], useModel: true });
    expect(refused.ok).toBe(false);
  });
});
