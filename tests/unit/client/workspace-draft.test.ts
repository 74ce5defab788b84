import { describe, expect, it } from 'vitest';
import { createDraftStore, type DraftBackend } from '@/lib/client/drafts';
import { createInitialState, playgroundReducer, type PlaygroundState } from '@/lib/client/playground-state';
import { readWorkspaceDraft } from '@/lib/client/readers/read-workspace-draft';
import { applyWorkspace, createDraftEntry, describeWorkspace, selectWorkspace } from '@/lib/client/workspace-draft';
import { createPreset } from './client-fixtures';
import { createTurnEvents } from './session-fixtures';

function createRanState(): PlaygroundState {
  let state = createInitialState(createPreset());
  state = playgroundReducer(state, { type: 'model-changed', model: { provider: 'openai', openai: { model: 'gpt-5-mini', baseURL: '' } } });
  state = playgroundReducer(state, { type: 'api-key-changed', provider: 'openai', baseURL: '', key: 'sk-secret-typed' });
  state = playgroundReducer(state, { type: 'run-started', runId: 1, message: 'Summarize my notes' });
  for (const event of createTurnEvents('turn_a')) state = playgroundReducer(state, { type: 'run-event', runId: 1, event });
  state = playgroundReducer(state, { type: 'run-finished', runId: 1 });
  state = playgroundReducer(state, { type: 'run-started', runId: 2, message: 'And again' });
  return state;
}

function createMapBackend(): DraftBackend & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: async (key) => structuredClone(map.get(key)), set: async (key, value) => void map.set(key, structuredClone(value)), del: async (key) => void map.delete(key) };
}

describe('workspace drafts', () => {
  it('never keep a typed API key, and restore everything else with the keys of the tab', () => {
    const state = createRanState();
    const workspace = selectWorkspace(state);
    expect(JSON.stringify(workspace)).not.toContain('sk-secret-typed');
    const restored = applyWorkspace(createInitialState(), JSON.parse(JSON.stringify(workspace)));
    expect(restored.documents).toEqual(state.documents);
    expect(restored.model.provider).toBe('openai');
    expect(restored.apiKeys).toEqual([]);
    const [first, second] = restored.conversation.branches[0]?.turns ?? [];
    expect(first?.events).toEqual(state.conversation.branches[0]?.turns[0]?.events);
    // Restored turns never share a run id with a new run (which starts at 1).
    expect(first?.runId).toBeLessThan(0);
    // A turn that was running when the page went away is ended, saying so.
    expect(second?.phase).toBe('ended');
    expect(second?.errors.at(-1)).toMatch(/closed or reloaded while this turn ran/);
  });

  it('are described by their first message, model, turn count and how the last turn ended', () => {
    const state = playgroundReducer(createRanState(), { type: 'run-finished', runId: 2 });
    expect(describeWorkspace(selectWorkspace(state))).toEqual({ title: 'Summarize my notes', model: 'OpenAI gpt-5-mini', outcome: 'did not finish', turns: 2 });
    expect(describeWorkspace(selectWorkspace(createInitialState(createPreset())), 'Parallel').outcome).toBe('not run');
  });

  it('keep the documents but drop the conversation when the draft is over its size limit', () => {
    const workspace = selectWorkspace(createRanState());
    const full = JSON.stringify(createDraftEntry({ id: 'd1', savedAt: 1, workspace }).entry).length;
    const { entry, conversationDropped } = createDraftEntry({ id: 'd1', savedAt: 1, workspace, limit: full - 1 });
    expect(conversationDropped).toBe(true);
    expect(entry.workspace.documents).toEqual(workspace.documents);
    expect(entry.workspace.conversation.branches[0]?.turns).toEqual([]);
  });

  it('drop the turns’ kept records before the conversation when over the size limit', () => {
    const ran = createRanState();
    const withRecord = playgroundReducer(ran, { type: 'turn-record-kept', turnId: 'turn_a', record: { tape: ['x'.repeat(5_000)] } });
    expect(withRecord.conversation.branches[0]?.turns[0]?.record).toBeDefined();
    const workspace = selectWorkspace(withRecord);
    const withoutRecordLength = JSON.stringify(createDraftEntry({ id: 'd1', savedAt: 1, workspace: selectWorkspace(ran) }).entry).length;
    const { entry, conversationDropped } = createDraftEntry({ id: 'd1', savedAt: 1, workspace, limit: withoutRecordLength + 10 });
    expect(conversationDropped).toBe(false);
    expect(entry.workspace.conversation.branches[0]?.turns).toHaveLength(2);
    expect(entry.workspace.conversation.branches[0]?.turns[0]?.record).toBeUndefined();
    expect(readWorkspaceDraft(JSON.parse(JSON.stringify(createDraftEntry({ id: 'd1', savedAt: 1, workspace }).entry))).ok).toBe(true);
  });

  it('keep the models chosen for side by side through a reload, their keys left out; an older draft without them restores one model', () => {
    let state = createRanState();
    state = playgroundReducer(state, { type: 'model-config-added' });
    state = playgroundReducer(state, { type: 'model-config-changed', index: 1, change: { provider: 'anthropic', anthropic: { model: 'claude-sonnet-4-5', baseURL: 'https://proxy.example/anthropic' } } });
    state = playgroundReducer(state, { type: 'api-key-changed', provider: 'anthropic', baseURL: 'https://proxy.example/anthropic', key: 'sk-ant-typed' });
    state = playgroundReducer(state, { type: 'model-config-added' });
    const { entry } = createDraftEntry({ id: 'd1', savedAt: 1, workspace: selectWorkspace(state) });
    const stored = JSON.parse(JSON.stringify(entry)) as unknown;
    expect(JSON.stringify(stored)).not.toContain('sk-ant-typed');
    const read = readWorkspaceDraft(stored);
    if (!read.ok) throw new Error(read.error);
    const restored = applyWorkspace(createInitialState(), read.value.workspace);
    expect(restored.extraModels).toEqual(state.extraModels);
    expect(restored.extraModels.map((model) => [model.provider, model.anthropic.baseURL])).toEqual([
      ['anthropic', 'https://proxy.example/anthropic'],
      ['anthropic', 'https://proxy.example/anthropic'],
    ]);

    const { extraModels: _extraModels, ...older } = read.value.workspace;
    const olderRead = readWorkspaceDraft({ ...read.value, workspace: older });
    if (!olderRead.ok) throw new Error(olderRead.error);
    expect(applyWorkspace(state, olderRead.value.workspace).extraModels).toEqual([]);
  });

  it('read back only when their shape is today’s', () => {
    const { entry } = createDraftEntry({ id: 'd1', savedAt: 5, workspace: selectWorkspace(createRanState()) });
    const read = readWorkspaceDraft(JSON.parse(JSON.stringify(entry)));
    expect(read.ok).toBe(true);
    const broken = readWorkspaceDraft({ ...entry, workspace: { ...entry.workspace, documents: { tools: 1 } } });
    expect(broken).toEqual({ ok: false, error: expect.stringMatching(/another version of the playground.*workspace\.documents/) });
  });
});

describe('createDraftStore', () => {
  it('lists drafts newest first, replaces a draft saved again and keeps at most the limit', async () => {
    const backend = createMapBackend();
    const store = createDraftStore(backend, 2);
    const workspace = selectWorkspace(createInitialState(createPreset()));
    for (const [id, savedAt] of [['a', 1], ['b', 2], ['a', 3], ['c', 4]] as const) await store.save(createDraftEntry({ id, savedAt, workspace }).entry);
    expect((await store.list()).map((item) => [item.id, item.savedAt])).toEqual([['c', 4], ['a', 3]]);
    expect(await store.read('b')).toBeUndefined();
    expect(backend.map.has('draft:b')).toBe(false);
    expect((await store.list())[0]).not.toHaveProperty('workspace');
    await store.remove('c');
    expect((await store.list()).map((item) => item.id)).toEqual(['a']);
  });
});
