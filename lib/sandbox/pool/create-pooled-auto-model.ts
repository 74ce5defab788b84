// Server-only: the embedded auto model with its thinking (ranking, argument generation) in a worker.
import type { AutoModelOptions } from '@/lib/models/embedded';
import type { EmbeddedModel } from '@/lib/models/embedded';
import type { SandboxPool } from './sandbox-pool';

/** Generation is bounded in the worker; this only catches a worker that never answers. */
const RESPOND_TIMEOUT_MS = 15_000;
/**
 * Ranking and generation are the host's own bounded code (patterns are matched within the
 * generator's step budget), so a worker busy with them is slow, not wedged.
 */
const RESPOND_SILENCE_MS = RESPOND_TIMEOUT_MS;

/**
 * The auto model generates arguments from the visitor's schemas, so it answers from a pool
 * worker. A failure there is the model's answer text, which the timeline shows like any reply.
 */
export function createPooledAutoModel(pool: SandboxPool, options: AutoModelOptions): EmbeddedModel {
  return {
    kind: 'auto',
    seed: options.seed ?? 0,
    async respond(request) {
      const answer = await pool.run<'auto-respond'>({ kind: 'auto-respond', options, request }, { timeoutMs: RESPOND_TIMEOUT_MS, silenceMs: RESPOND_SILENCE_MS });
      if (answer.ok) return answer.value;
      return [{ type: 'message', text: `The embedded auto model could not answer: ${answer.error.message}` }];
    },
  };
}
