import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countTokensCached, createTokenCounter, INLINE_TOKEN_CHARACTERS } from '@/lib/server/turns/count-tokens-cached';

describe('countTokensCached', () => {
  it('counts like the o200k tokenizer, the first time and from the cache', () => {
    const payload = JSON.stringify([{ type: 'function', name: 'lookup', description: 'Look a key up.', parameters: { type: 'object', properties: { key: { type: 'string' } } } }]);
    expect(countTokensCached(payload)).toBe(countTokens(payload));
    expect(countTokensCached(payload)).toBe(countTokens(payload));
    expect(countTokensCached('')).toBe(0);
  });
});

describe('createTokenCounter', () => {
  const long = (seed: string) => JSON.stringify(Array.from({ length: 4000 }, (_, index) => ({ name: `${seed}_operation_${index}`, description: 'List the messages of a mail folder.' })));

  it('counts a short text at once, on the calling thread', () => {
    const asked: string[] = [];
    const counter = createTokenCounter(async (text) => {
      asked.push(text);
      return 0;
    });
    expect(counter('{"name":"lookup"}')).toBe(countTokens('{"name":"lookup"}'));
    expect(asked).toEqual([]);
  });

  it('hands a long text elsewhere once, however many ask for it meanwhile, then answers from memory', async () => {
    const text = long('once');
    expect(text.length).toBeGreaterThan(INLINE_TOKEN_CHARACTERS);
    let asked = 0;
    const counter = createTokenCounter(async (payload) => {
      asked += 1;
      return countTokens(payload);
    });
    const [first, second] = await Promise.all([counter(text), counter(text)]);
    expect(first).toBe(countTokens(text));
    expect(second).toBe(first);
    expect(counter(text)).toBe(first);
    expect(asked).toBe(1);
  });

  it('answers undefined when the count could not be made, and asks again next time', async () => {
    const text = long('busy');
    let asked = 0;
    const counter = createTokenCounter(async () => {
      asked += 1;
      return undefined;
    });
    expect(await counter(text)).toBeUndefined();
    expect(await counter(text)).toBeUndefined();
    expect(asked).toBe(2);
  });
});
