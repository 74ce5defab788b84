import { z } from 'zod';

/** The longest base URL and key a check accepts; real ones are far shorter. */
export const PROVIDER_CHECK_LIMITS = { baseURLLength: 2_048, apiKeyLength: 1_024 } as const;

/**
 * `POST /api/providers/check`: a remote provider's base URL and key, as the run panel holds them.
 * An empty `baseURL` of a keyed provider means the operator's (`OPENAI_BASE_URL`,
 * `ANTHROPIC_BASE_URL`, `GEMINI_BASE_URL`, else the provider's own).
 */
export const providerCheckRequestSchema = z
  .object({
    provider: z.enum(['openai', 'openai-compatible', 'anthropic', 'gemini']),
    baseURL: z.string().max(PROVIDER_CHECK_LIMITS.baseURLLength),
    apiKey: z.string().max(PROVIDER_CHECK_LIMITS.apiKeyLength).optional(),
  })
  .strict();

export type ProviderCheckRequest = z.infer<typeof providerCheckRequestSchema>;

/**
 * What one cheap request (the provider's model list) said about a base URL and key:
 * - `ready`: reachable, answered JSON, and the key (if one was sent) was accepted;
 * - `no-models-list`: reachable and speaks JSON, but has no `/models`, so the key is unverified;
 * - `key-needed`: reachable, but it asks for a key and none was sent;
 * - `key-refused`: reachable, and it refused the key (401/403);
 * - `not-an-api`: reachable, but the answer is an HTML page or other text, not an API's JSON;
 * - `failed`: reachable, but it answered with another error;
 * - `unreachable`: no connection, no answer in time, or a name that does not resolve;
 * - `refused`: this server would not send the request (a private address, a redirect, a scheme);
 * - `invalid`: nothing to check (no base URL, not a URL).
 */
export type ProviderCheckOutcome = 'ready' | 'no-models-list' | 'key-needed' | 'key-refused' | 'not-an-api' | 'failed' | 'unreachable' | 'refused' | 'invalid';

/** The answer: the outcome, and the one sentence the run panel shows. Never carries the key. */
export type ProviderCheckAnswer = { outcome: ProviderCheckOutcome; message: string };

/** Outcomes after which a turn can be expected to reach the model. */
export function isProviderUsable(outcome: ProviderCheckOutcome): boolean {
  return outcome === 'ready' || outcome === 'no-models-list';
}
