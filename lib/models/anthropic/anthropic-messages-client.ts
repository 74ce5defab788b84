import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { err, type ModelClient, type ModelError, type ModelResponse, type Result } from '@/lib/runtime';
import { DEFAULT_MODEL_TIMEOUT_MS } from '../openai/openai-responses-client';
import { readRawBody } from '../read-raw-body';
import { refuseUnsendableTools } from '../refuse-unsendable-tools';
import type { RemoteClientOptions } from '../remote-client-options';
import { accumulateAnthropicStream } from './accumulate-anthropic-stream';
import { buildAnthropicRequest } from './build-anthropic-request';
import { convertAnthropicMessage } from './convert-anthropic-message';
import type { AnthropicSchemaJudge } from './convert-tools-to-anthropic';
import { mapAnthropicError } from './map-anthropic-error';

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

export type AnthropicMessagesClientOptions = RemoteClientOptions & {
  /** Decides each schema's Anthropic form and whether it goes strict (the compatibility matrix). */
  judge?: AnthropicSchemaJudge;
};

/**
 * A ModelClient over Anthropic's Messages API through the official SDK, translated to and from
 * the runtime's items at this edge. Stateless (the whole conversation every time) and streamed:
 * text and `input_json_delta` pieces reach `onDelta` as they arrive. Deferred tools go with
 * `defer_loading` and Anthropic's tool search tool finds them (a hosted search, on the timeline).
 * A tool the matrix says Anthropic would reject in any form stops the request before it is sent.
 */
export function createAnthropicMessagesClient(options: AnthropicMessagesClientOptions): ModelClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  const errorContext = { providerName: options.providerName ?? 'Anthropic', baseURL: options.baseURL, timeoutMs };
  // Made at the first request, like the OpenAI client. The key is passed, so the SDK reads no
  // credential from the environment or its config files; the OpenAI client only parses the stream.
  let made: { sdk: Anthropic; parser: OpenAI } | undefined;
  const clients = () =>
    (made ??= {
      sdk: new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL, fetch: options.fetch, maxRetries: 0, timeout: timeoutMs, logLevel: 'off' }),
      parser: new OpenAI({ apiKey: 'unused', baseURL: options.baseURL, maxRetries: 0, logLevel: 'off' }),
    });
  return {
    label: options.label,
    hostedToolSearch: true,
    supportsDeferredTools: true,
    async createResponse(request, { signal, onDelta }): Promise<Result<ModelResponse, ModelError>> {
      const { body, names, refused } = buildAnthropicRequest({ model: options.model, request, judge: options.judge });
      if (refused.length > 0) return err(refuseUnsendableTools('Anthropic', refused));
      const { sdk, parser } = clients();
      const read = await readRawBody({
        call: () => sdk.messages.create(body, { signal }).asResponse(),
        context: errorContext,
        client: parser,
        signal,
        stream: accumulateAnthropicStream(names, onDelta),
        mapError: (error) => mapAnthropicError(error, errorContext),
      });
      return read.ok ? convertAnthropicMessage(read.value, names) : read;
    },
  };
}
