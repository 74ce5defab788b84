// Server-only: what the process environment says about reaching models.
import type { ModelEnvironment } from '@/lib/models/server';

/** The operator's key and base URL, and whether requests may name private addresses. */
export function readModelEnvironment(): ModelEnvironment {
  return {
    OPENAI_API_KEY: process.env.OPENAI_API_KEY,
    OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
    GEMINI_API_KEY: process.env.GEMINI_API_KEY,
    GEMINI_BASE_URL: process.env.GEMINI_BASE_URL,
    ANTHROPIC_API_KEY: process.env.ANTHROPIC_API_KEY,
    ANTHROPIC_BASE_URL: process.env.ANTHROPIC_BASE_URL,
    PLAYGROUND_ALLOW_PRIVATE_NETWORK: process.env.PLAYGROUND_ALLOW_PRIVATE_NETWORK,
  };
}
