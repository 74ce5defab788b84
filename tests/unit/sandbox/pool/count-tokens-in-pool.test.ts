import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, describe, expect, it } from 'vitest';
import { createPooledTokenCount } from '@/lib/sandbox/pool/create-pooled-token-count';
import { createSandboxPool } from '@/lib/sandbox/pool/sandbox-pool';

const pool = createSandboxPool({ size: 1 });
afterAll(() => pool.close());

describe('token counts in the sandbox pool', () => {
  it('counts a catalog-sized tools payload in a worker exactly as the o200k tokenizer does here', async () => {
    const payload = JSON.stringify(Array.from({ length: 3000 }, (_, index) => ({ name: `users_ListMessages_${index}`, description: 'Get the messages in the signed-in user\'s mailbox, including the Deleted Items folder.' })));
    expect(await createPooledTokenCount(pool)(payload)).toBe(countTokens(payload));
  }, 60_000);
});
