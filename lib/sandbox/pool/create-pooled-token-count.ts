// Server-only: long texts are tokenized in a sandbox worker, so the HTTP thread never spends half a second on one.
import type { SandboxPool } from './sandbox-pool';

/** A 5M-character payload takes ~0.5 s to count in an idle worker (plus loading the tokenizer the first time). */
const COUNT_TIMEOUT_MS = 30_000;

/** o200k tokens of `text`, counted in a worker; `undefined` when the pool could not (busy, or the worker was lost). */
export function createPooledTokenCount(pool: SandboxPool): (text: string) => Promise<number | undefined> {
  return async (text) => {
    const answer = await pool.run<'count-tokens'>({ kind: 'count-tokens', text }, { timeoutMs: COUNT_TIMEOUT_MS });
    return answer.ok ? answer.value : undefined;
  };
}
