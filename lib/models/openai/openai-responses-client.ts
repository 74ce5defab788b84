import OpenAI from 'openai';
import type { ResponseCreateParamsStreaming, ResponseInput, Tool as ResponsesTool } from 'openai/resources/responses/responses';
import { type ModelClient, type ModelError, type ModelRequest, type ModelResponse, type Result, toResponsesInput } from '@/lib/runtime';
import { accumulateResponsesStream } from './accumulate-responses-stream';
import { convertResponsesBody } from './convert-responses-items';
import { readRawBody } from '../read-raw-body';
import type { RemoteClientOptions } from '../remote-client-options';

export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** The base URL is OpenAI's own when none is given. */
export type OpenAIResponsesClientOptions = Omit<RemoteClientOptions, 'baseURL'> & {
  baseURL?: string;
  hostedToolSearch: boolean;
  supportsDeferredTools?: boolean;
  /** Ask for encrypted reasoning so reasoning items can be passed back with `store: false`. */
  includeEncryptedReasoning?: boolean;
};

/**
 * A ModelClient over the Responses API. Stateless: every request carries the whole
 * conversation with `store: false`, never `previous_response_id`. Streams (`stream: true`):
 * text and arguments reach `onDelta` as they arrive, the response is the completed one.
 */
export function createOpenAIResponsesClient(options: OpenAIResponsesClientOptions): ModelClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  const baseURL = options.baseURL ?? OPENAI_BASE_URL;
  // Failures come back as values; the SDK's own console logging would only repeat them. Made at
  // the first request, not with the turn: a crowd's turns start one after another on the HTTP
  // thread, and the SDK client (every resource of the API) was a sixth of what each start cost there.
  let made: OpenAI | undefined;
  const sdk = () => (made ??= new OpenAI({ apiKey: options.apiKey, baseURL, fetch: options.fetch, maxRetries: 0, timeout: timeoutMs, logLevel: 'off' }));
  const errorContext = { providerName: options.providerName ?? 'The model provider', baseURL, timeoutMs };

  return {
    label: options.label,
    hostedToolSearch: options.hostedToolSearch,
    supportsDeferredTools: options.supportsDeferredTools ?? true,
    async createResponse(request, { signal, onDelta }): Promise<Result<ModelResponse, ModelError>> {
      const client = sdk();
      const body = await readRawBody({
        call: () => client.responses.create(buildResponsesBody(options, request), { signal }).asResponse(),
        context: errorContext,
        client,
        signal,
        stream: accumulateResponsesStream(onDelta),
      });
      return body.ok ? convertResponsesBody(body.value) : body;
    },
  };
}

function buildResponsesBody(options: OpenAIResponsesClientOptions, request: ModelRequest): ResponseCreateParamsStreaming {
  return {
    model: options.model,
    ...(request.instructions ? { instructions: request.instructions } : {}),
    input: toResponsesInput(request.input, { providerFields: 'drop' }) as unknown as ResponseInput,
    ...(request.tools.length > 0
      ? {
          tools: request.tools as ResponsesTool[],
          parallel_tool_calls: request.parallelToolCalls,
          // The Responses API names a function alone; a namespaced one goes by its own name.
          ...(request.toolChoice !== undefined
            ? { tool_choice: typeof request.toolChoice === 'string' ? request.toolChoice : { type: 'function' as const, name: request.toolChoice.name } }
            : {}),
        }
      : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxOutputTokens !== undefined ? { max_output_tokens: request.maxOutputTokens } : {}),
    store: false,
    stream: true,
    ...(options.includeEncryptedReasoning ? { include: ['reasoning.encrypted_content'] } : {}),
  };
}
