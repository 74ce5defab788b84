import { describe, expect, it } from 'vitest';
import { MODEL_CONFIG_LIMITS, modelConfigSchema, removeModelSecrets } from '@/lib/contract';

describe('modelConfigSchema', () => {
  it('accepts each provider', () => {
    const configs = [
      { provider: 'scripted', script: [{ text: 'hi', calls: [{ name: 'read_file', arguments: '{"path":' }] }] },
      { provider: 'auto', seed: 3, faults: { rate: 0.2, kinds: ['malformed-json', 'duplicate-call'] } },
      { provider: 'openai', model: 'gpt-5.4', apiKey: 'sk-x', baseURL: 'https://proxy.example.com/v1' },
      { provider: 'openai-compatible', model: 'llama3.1', baseURL: 'http://localhost:11434/v1' },
      { provider: 'tape', tape: [{ request: { input: [] }, response: { output: [] }, status: 200 }] },
    ];
    for (const config of configs) expect(modelConfigSchema.safeParse(config).success).toBe(true);
  });

  it('rejects a non-http base URL with a clear message', () => {
    const result = modelConfigSchema.safeParse({ provider: 'openai-compatible', model: 'm', baseURL: 'file:///etc/passwd' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('baseURL must use http:// or https://.');
    const relative = modelConfigSchema.safeParse({ provider: 'openai', model: 'm', baseURL: 'localhost:8080' });
    expect(relative.success).toBe(false);
  });

  it('rejects rates outside 0..1, unknown fault kinds and oversized scripts', () => {
    expect(modelConfigSchema.safeParse({ provider: 'auto', faults: { rate: 1.5 } }).success).toBe(false);
    expect(modelConfigSchema.safeParse({ provider: 'auto', faults: { rate: 0.5, kinds: ['explode'] } }).success).toBe(false);
    const script = Array.from({ length: MODEL_CONFIG_LIMITS.scriptSteps + 1 }, () => ({ text: 'x' }));
    expect(modelConfigSchema.safeParse({ provider: 'scripted', script }).success).toBe(false);
    expect(modelConfigSchema.safeParse({ provider: 'openai', model: '  ' }).success).toBe(false);
  });

  it('removes API keys for storage', () => {
    expect(removeModelSecrets({ provider: 'openai', model: 'gpt-5.4', apiKey: 'sk-secret' })).toEqual({ provider: 'openai', model: 'gpt-5.4' });
    expect(removeModelSecrets({ provider: 'auto', seed: 1 })).toEqual({ provider: 'auto', seed: 1 });
  });
});
