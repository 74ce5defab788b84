import { describe, expect, it } from 'vitest';
import { createDraftStore, type DraftBackend, promotePendingCopy, writePendingCopy, type PendingCopyStorage } from '@/lib/client/drafts';
import { createInitialState, playgroundReducer } from '@/lib/client/playground-state';
import { createDraftEntry, selectWorkspace } from '@/lib/client/workspace-draft';
import { createPreset } from './client-fixtures';

function createMapBackend(): DraftBackend {
  const map = new Map<string, unknown>();
  return { get: async (key) => structuredClone(map.get(key)), set: async (key, value) => void map.set(key, structuredClone(value)), del: async (key) => void map.delete(key) };
}

function createMemoryStorage(): PendingCopyStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) };
}

function entryWithMessage(message: string, savedAt: number) {
  const state = playgroundReducer(createInitialState(createPreset()), { type: 'message-changed', message });
  return createDraftEntry({ id: 'tab-draft', savedAt, workspace: selectWorkspace(state) }).entry;
}

describe('the pending draft copy', () => {
  it('brings in the change whose IndexedDB save did not finish, once', async () => {
    const store = createDraftStore(createMapBackend());
    const storage = createMemoryStorage();
    await store.save(entryWithMessage('saved before', 10));
    expect(writePendingCopy(storage, entryWithMessage('typed just before the reload', 20))).toBe('written');

    await expect(promotePendingCopy(storage, store)).resolves.toBe('tab-draft');
    const stored = (await store.read('tab-draft')) as { savedAt: number; workspace: { message: string } };
    expect(stored.workspace.message).toBe('typed just before the reload');
    expect(stored.savedAt).toBe(20);
    expect(storage.items.size).toBe(0);
    await expect(promotePendingCopy(storage, store)).resolves.toBeNull();
  });

  it('never replaces a newer stored draft, and drops a copy that does not read as a draft', async () => {
    const store = createDraftStore(createMapBackend());
    const storage = createMemoryStorage();
    await store.save(entryWithMessage('saved later', 30));
    writePendingCopy(storage, entryWithMessage('older copy', 20));
    await expect(promotePendingCopy(storage, store)).resolves.toBeNull();
    expect(((await store.read('tab-draft')) as { workspace: { message: string } }).workspace.message).toBe('saved later');
    expect(storage.items.size).toBe(0);

    storage.setItem('playground:pending-draft', '{"not":"a draft"');
    await expect(promotePendingCopy(storage, store)).resolves.toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('is not written when over its size limit, and clears an older copy then', () => {
    const storage = createMemoryStorage();
    const entry = entryWithMessage('x'.repeat(2_000), 1);
    expect(writePendingCopy(storage, entry)).toBe('written');
    expect(writePendingCopy(storage, entry, 1_000)).toBe('too-large');
    expect(storage.items.size).toBe(0);
  });
});
