import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions/completions';
import type { ModelClient, ModelError, ModelResponse, Result } from '@/lib/runtime';
import { accumulateChatCompletionStream } from './accumulate-chat-completion-stream';
import { convertChatCompletionBody, convertItemsToChatMessages, convertToolChoiceToChat, convertToolsToChat } from './convert-chat-completions';
import { DEFAULT_MODEL_TIMEOUT_MS } from './openai-responses-client';
import { readRawBody } from '../read-raw-body';
import type { FetchFunction } from '../record-exchanges';

export type OpenAICompatibleClientOptions = {
  label: string;
  model: string;
  baseURL: string;
  /** Local servers ignore it; the SDK still wants one. */
  apiKey?: string;
  fetch: FetchFunction;
  timeoutMs?: number;
};

/** How error messages name a Chat Completions server. */
export const COMPATIBLE_SERVER_NAME = 'the OpenAI-compatible server';

/**
 * A ModelClient for Chat Completions servers (Ollama, vLLM, LM Studio), translated to and from
 * the Responses shapes at this edge. Such servers cannot defer tools or search them. Streams
 * (`stream: true`, usage in the last chunk); a server that answers with one JSON body still works.
 */
export function createOpenAICompatibleClient(options: OpenAICompatibleClientOptions): ModelClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  const client = new OpenAI({
    apiKey: options.apiKey || 'not-needed',
    baseURL: options.baseURL,
    fetch: options.fetch,
    maxRetries: 0,
    timeout: timeoutMs,
    // Failures come back as values; the SDK's own console logging would only repeat them.
    logLevel: 'off',
  });
  const errorContext = { providerName: COMPATIBLE_SERVER_NAME, baseURL: options.baseURL, timeoutMs };

  return {
    label: options.label,
    hostedToolSearch: false,
    supportsDeferredTools: false,
    async createResponse(request, { signal, onDelta }): Promise<Result<ModelResponse, ModelError>> {
      const { tools, names } = convertToolsToChat(request.tools);
      const body: ChatCompletionCreateParamsStreaming = {
        model: options.model,
        messages: convertItemsToChatMessages(request.instructions, request.input),
        ...(tools.length > 0 ? { tools, parallel_tool_calls: request.parallelToolCalls, ...convertToolChoiceToChat(request.toolChoice) } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        // `max_tokens` rather than OpenAI's newer `max_completion_tokens`: what Ollama, vLLM and LM Studio read.
        ...(request.maxOutputTokens !== undefined ? { max_tokens: request.maxOutputTokens } : {}),
        stream: true,
        stream_options: { include_usage: true },
      };
      const response = await readRawBody({
        call: () => client.chat.completions.create(body, { signal }).asResponse(),
        context: errorContext,
        client,
        signal,
        stream: accumulateChatCompletionStream(names, onDelta),
      });
      return response.ok ? convertChatCompletionBody(response.value, names) : response;
    },
  };
}
