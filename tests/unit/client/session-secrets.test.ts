import { describe, expect, it } from 'vitest';
import { readSessionApiKeys, writeSessionApiKeys } from '@/lib/client/session-secrets';

function createMemoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('session API keys', () => {
  it('round-trips keys and removes the entry when both are empty', () => {
    const storage = createMemoryStorage();
    writeSessionApiKeys(storage, { openai: 'sk-1', compatible: '' });
    expect(readSessionApiKeys(storage)).toEqual({ openai: 'sk-1', compatible: '' });
    writeSessionApiKeys(storage, { openai: '', compatible: '' });
    expect(storage.items.size).toBe(0);
  });

  it('reads unreadable or foreign values as no keys', () => {
    const storage = createMemoryStorage();
    storage.setItem('playground:api-keys', '{not json');
    expect(readSessionApiKeys(storage)).toEqual({ openai: '', compatible: '' });
    storage.setItem('playground:api-keys', '{"openai": 5}');
    expect(readSessionApiKeys(storage)).toEqual({ openai: '', compatible: '' });
  });
});
