import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countTokensCached } from '@/lib/server/count-tokens-cached';

describe('countTokensCached', () => {
  it('counts like the o200k tokenizer, the first time and from the cache', () => {
    const payload = JSON.stringify([{ type: 'function', name: 'lookup', description: 'Look a key up.', parameters: { type: 'object', properties: { key: { type: 'string' } } } }]);
    expect(countTokensCached(payload)).toBe(countTokens(payload));
    expect(countTokensCached(payload)).toBe(countTokens(payload));
    expect(countTokensCached('')).toBe(0);
  });
});
