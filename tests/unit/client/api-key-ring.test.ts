import { describe, expect, it } from 'vitest';
import { bindApiKey, describeDestination, findApiKey, normalizeBaseUrl, readSessionApiKeys, writeSessionApiKeys } from '@/lib/client/api-key-ring';
import { createMemoryStorage } from './client-fixtures';

describe('the API key ring', () => {
  it('finds a key only for the provider and base URL it was bound to', () => {
    let ring = bindApiKey([], { provider: 'openai', baseURL: '', key: 'sk-default' });
    ring = bindApiKey(ring, { provider: 'openai-compatible', baseURL: 'HTTPS://Models.Example/v1/', key: 'sk-models' });
    expect(findApiKey(ring, 'openai', '')).toBe('sk-default');
    expect(findApiKey(ring, 'openai', 'https://api.openai.com/v1')).toBe('');
    expect(findApiKey(ring, 'openai-compatible', 'https://models.example/v1')).toBe('sk-models');
    expect(findApiKey(ring, 'openai', 'https://models.example/v1')).toBe('');
    expect(findApiKey(ring, 'openai-compatible', 'https://models.example.evil.test/v1')).toBe('');
    expect(findApiKey(ring, 'openai-compatible', 'https://models.example@evil.test/v1')).toBe('');
    expect(bindApiKey(ring, { provider: 'openai', baseURL: '', key: '' })).toEqual([{ provider: 'openai-compatible', baseURL: 'https://models.example/v1', key: 'sk-models' }]);
  });

  it('compares base URLs as URL writes them, without trailing slashes', () => {
    expect(normalizeBaseUrl(' HTTP://LocalHost:11434/v1/ ')).toBe('http://localhost:11434/v1');
    expect(normalizeBaseUrl('not a url')).toBe('not a url');
  });

  it('says where requests go', () => {
    expect(describeDestination('openai', '')).toMatch(/server's OpenAI base URL/);
    expect(describeDestination('openai-compatible', 'https://stranger.example/v1')).toBe('stranger.example (https://stranger.example/v1)');
  });

  it('round-trips the ring through sessionStorage, drops unbound keys of older builds and unreadable values', () => {
    const storage = createMemoryStorage();
    storage.setItem('playground:api-keys', '{"openai":"sk-unbound","compatible":""}');
    const ring = bindApiKey([], { provider: 'openai', baseURL: '', key: 'sk-1' });
    writeSessionApiKeys(storage, ring);
    expect(readSessionApiKeys(storage)).toEqual(ring);
    expect(storage.items.has('playground:api-keys')).toBe(false);
    writeSessionApiKeys(storage, []);
    expect(storage.items.size).toBe(0);
    storage.setItem('playground:api-keys:v2', '{not json');
    expect(readSessionApiKeys(storage)).toEqual([]);
    storage.setItem('playground:api-keys:v2', '[{"provider":"openai","baseURL":5,"key":"x"},{"provider":"openai","baseURL":"","key":"sk-ok"}]');
    expect(readSessionApiKeys(storage)).toEqual([{ provider: 'openai', baseURL: '', key: 'sk-ok' }]);
  });
});
