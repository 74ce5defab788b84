import { describe, expect, it } from 'vitest';
import { selectActiveBranch } from '@/lib/client/conversation-state';
import { createForkHandoff, markForkHandoffRun, writeForkHandoff } from '@/lib/client/fork-handoff';
import { readForkHandoff } from '@/lib/client/readers/read-fork-handoff';
import { createInitialState, playgroundReducer, selectRun } from '@/lib/client/playground-state';
import { createSessionRecord } from './session-fixtures';

function createMemoryStorage(options: { maxChars?: number } = {}) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (options.maxChars !== undefined && value.length > options.maxChars) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
  };
}

function sharedState() {
  const record = createSessionRecord();
  const shared = playgroundReducer(createInitialState(), { type: 'session-loaded', record, origin: 'shared' });
  const edited = playgroundReducer(shared, { type: 'document-changed', tab: 'tools', text: 'export default [/* edited */];' });
  const typed = playgroundReducer(edited, { type: 'api-key-changed', provider: 'openai', baseURL: '', key: 'sk-secret-123' });
  return playgroundReducer(typed, { type: 'model-changed', model: { openai: { model: 'gpt-5', baseURL: '' } } });
}

describe('fork handoff', () => {
  it('carries the edits and the recorded events to the fork, never the API key', () => {
    const state = sharedState();
    const storage = createMemoryStorage();
    expect(writeForkHandoff(storage, createForkHandoff(state, { sessionId: 'AAAAAAAAAAAAAAAAAAAAAA', autoRun: true }))).toEqual({ ok: true, value: undefined });
    expect([...storage.items.values()].join('')).not.toContain('sk-secret-123');

    const handoff = readForkHandoff(storage, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(handoff?.autoRun).toBe(true);
    const fork = playgroundReducer(createInitialState(), { type: 'fork-restored', handoff: handoff! });
    expect(fork.origin).toEqual({ kind: 'forked', sessionId: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(fork.documents.tools).toBe('export default [/* edited */];');
    expect(fork.model.openai).toEqual({ model: 'gpt-5', baseURL: '' });
    expect(fork.apiKeys).toEqual([]);
    expect(selectActiveBranch(fork.conversation).turns.flatMap((turn) => turn.events)).toEqual(selectActiveBranch(state.conversation).turns.flatMap((turn) => turn.events));
    expect(selectRun(fork).phase).toBe('ended');
  });

  it('keeps the keys typed in the fork tab, bound to their base URLs', () => {
    const handoff = createForkHandoff(sharedState(), { sessionId: 'AAAAAAAAAAAAAAAAAAAAAA', autoRun: false });
    const keys = [{ provider: 'openai' as const, baseURL: '', key: 'sk-tab' }];
    const withKey = playgroundReducer(createInitialState(), { type: 'api-keys-restored', keys });
    expect(playgroundReducer(withKey, { type: 'fork-restored', handoff }).apiKeys).toEqual(keys);
  });

  it('runs once: a read after markForkHandoffRun has autoRun false', () => {
    const storage = createMemoryStorage();
    const handoff = createForkHandoff(sharedState(), { sessionId: 'AAAAAAAAAAAAAAAAAAAAAA', autoRun: true });
    writeForkHandoff(storage, handoff);
    markForkHandoffRun(storage, handoff);
    expect(readForkHandoff(storage, 'AAAAAAAAAAAAAAAAAAAAAA')?.autoRun).toBe(false);
  });

  it('drops the events when the whole handoff does not fit', () => {
    const state = sharedState();
    const handoff = createForkHandoff(state, { sessionId: 'AAAAAAAAAAAAAAAAAAAAAA', autoRun: false });
    const withoutEvents = JSON.stringify({ ...handoff, events: [] }).length;
    const storage = createMemoryStorage({ maxChars: withoutEvents });
    expect(writeForkHandoff(storage, handoff).ok).toBe(true);
    expect(readForkHandoff(storage, 'AAAAAAAAAAAAAAAAAAAAAA')?.events).toEqual([]);
    expect(writeForkHandoff(createMemoryStorage({ maxChars: 10 }), handoff)).toMatchObject({ ok: false, error: expect.stringMatching(/^Could not hand the fork over/) });
  });

  it('ignores a missing, unreadable, foreign or misshapen handoff', () => {
    const storage = createMemoryStorage();
    expect(readForkHandoff(storage, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    storage.items.set('playground:fork:AAAAAAAAAAAAAAAAAAAAAA', '{not json');
    expect(readForkHandoff(storage, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    storage.items.set('playground:fork:AAAAAAAAAAAAAAAAAAAAAA', JSON.stringify({ sessionId: 'AAAAAAAAAAAAAAAAAAAAAA', autoRun: 'yes' }));
    expect(readForkHandoff(storage, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    const other = createForkHandoff(sharedState(), { sessionId: 'BBBBBBBBBBBBBBBBBBBBBB', autoRun: false });
    storage.items.set('playground:fork:AAAAAAAAAAAAAAAAAAAAAA', JSON.stringify(other));
    expect(readForkHandoff(storage, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
  });
});

describe('fork from a turn', () => {
  it('keeps the turns up to the chosen one', () => {
    const record = createSessionRecord(['turn_a', 'turn_b', 'turn_c']);
    const shared = playgroundReducer(createInitialState(), { type: 'session-loaded', record, origin: 'shared' });
    const handoff = createForkHandoff(shared, { sessionId: record.id, autoRun: false, fromTurn: 1 });
    const fork = playgroundReducer(createInitialState(), { type: 'fork-restored', handoff });
    expect(selectActiveBranch(fork.conversation).turns.map((turn) => turn.turnId)).toEqual(['turn_a', 'turn_b']);
  });
});
