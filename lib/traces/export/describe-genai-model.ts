import type { ModelConfig } from '@/lib/contract';
import { isPlainObject } from '@/lib/runtime';

/** `gen_ai.provider.name` and `gen_ai.request.model` of a turn's model requests. */
export type GenAiModel = { provider: string; model: string };

/**
 * The provider as the conventions name it (`openai`, `anthropic`, `gcp.gemini`): a compatible
 * server speaks OpenAI's API, and the embedded models answer in the wire they were given. The
 * model is what the recorded request body named (`model`, or Gemini's path), else the turn's label.
 */
export function describeGenAiModel(config: ModelConfig, label: string, requestBody: unknown, url: string | undefined): GenAiModel {
  return { provider: describeProvider(config), model: readRequestModel(requestBody, url) ?? label };
}

function describeProvider(config: ModelConfig): string {
  switch (config.provider) {
    case 'openai':
    case 'openai-compatible':
      return 'openai';
    case 'anthropic':
      return 'anthropic';
    case 'gemini':
      return 'gcp.gemini';
    case 'scripted':
    case 'auto':
      return config.wire === 'anthropic' ? 'anthropic' : config.wire === 'gemini' ? 'gcp.gemini' : 'openai';
    case 'tape':
      return 'openai';
  }
}

function readRequestModel(requestBody: unknown, url: string | undefined): string | undefined {
  if (isPlainObject(requestBody) && typeof requestBody.model === 'string' && requestBody.model) return requestBody.model;
  const inPath = url ? /\/models\/([^/:?]+)/.exec(url) : null;
  return inPath?.[1];
}
