import type { JsonValue } from '@/lib/runtime';
import type { FetchFunction } from '../record-exchanges';
import { checkResponsesRequest, invalidRequest, type ProviderErrorReply } from './check-responses-request';
import { countModelTurns, type EmbeddedModel, type EmbeddedOutput } from './embedded-model';
import { encodeResponseEvents } from './encode-response-events';
import { readEmbeddedCall } from './read-embedded-call';
import { estimateTokens } from './estimate-tokens';
import { serveAnthropicMessages } from './anthropic/serve-anthropic-messages';
import { createDeterministicId } from './seeded-random';
import { serveEventStream } from './serve-event-stream';

/** The base URL embedded models are served under; nothing listens there, the fetch answers. */
export const EMBEDDED_BASE_URL = 'http://embedded.invalid/v1';

/** The same host as Anthropic's SDK names it (the SDK adds `/v1/messages`). */
export const EMBEDDED_ANTHROPIC_BASE_URL = 'http://embedded.invalid';

/**
 * A fetch that serves `POST {baseURL}/responses` in-process, so the SDK's real request and
 * response path runs against an embedded model: a request with `stream: true` is answered with
 * OpenAI's event sequence (`text/event-stream`, text and arguments in several pieces), any other
 * with the JSON body. `POST /v1/messages` is answered the same way in Anthropic's wire format. Ids derive from the seed and the length of the conversation, so the same
 * conversation always gets the same ids.
 */
export function createEmbeddedFetch(model: EmbeddedModel): FetchFunction {
  return async (input, init) => {
    const { url, method, text, body: parsed } = readEmbeddedCall(input, init);
    if (method === 'POST' && url.pathname === '/v1/messages') return serveAnthropicMessages({ model, text, signal: init?.signal });
    if (method !== 'POST' || !url.pathname.endsWith('/responses')) {
      return replyWithError({ status: 404, body: { error: { message: `Unknown endpoint ${method} ${url.href}.`, type: 'invalid_request_error', param: null, code: 'unknown_url' } } });
    }
    if (!parsed.ok) return replyWithError(invalidRequest('We could not parse the JSON body of your request.', null, null));
    const body = parsed.value;
    const checked = checkResponsesRequest(body);
    if (!checked.ok) return replyWithError(checked.error);
    const iteration = countModelTurns(checked.value.input);
    const outputs = await model.respond(checked.value);
    const idParts = [model.seed, checked.value.input.length, iteration];
    const responseBody = buildResponseBody({
      id: createDeterministicId('resp', idParts),
      model: typeof (body as { model?: unknown }).model === 'string' ? String((body as { model: string }).model) : `embedded-${model.kind}`,
      output: outputs.map((output, index) => buildOutputItem(output, [...idParts, index])),
      inputChars: text.length,
    });
    if ((body as { stream?: unknown }).stream === true) {
      return serveEventStream(encodeResponseEvents(responseBody, outputs.map((output) => output.streamDelayMs ?? 0)), init?.signal);
    }
    return new Response(JSON.stringify(responseBody), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

function replyWithError(reply: ProviderErrorReply): Response {
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
}

function buildOutputItem(output: EmbeddedOutput, idParts: (string | number)[]): { [key: string]: JsonValue } {
  switch (output.type) {
    case 'message':
      return {
        type: 'message',
        id: createDeterministicId('msg', idParts),
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: output.text, annotations: [] }],
      };
    case 'function_call':
      return {
        type: 'function_call',
        id: createDeterministicId('fc', idParts),
        call_id: createDeterministicId('call', idParts),
        name: output.name,
        ...(output.namespace ? { namespace: output.namespace } : {}),
        arguments: output.arguments,
        // Not a Responses field: the embedded server's own extension, read by `convertResponsesBody`.
        ...(output.notes && output.notes.length > 0 ? { notes: output.notes } : {}),
        status: 'completed',
      };
    case 'tool_search_call':
      return {
        type: 'tool_search_call',
        id: createDeterministicId('tsc', idParts),
        call_id: createDeterministicId('call', idParts),
        arguments: output.arguments,
        execution: 'client',
        status: 'completed',
      };
  }
}

function buildResponseBody(options: {
  id: string;
  model: string;
  output: { [key: string]: JsonValue }[];
  inputChars: number;
}): { [key: string]: JsonValue } {
  const inputTokens = estimateTokens(options.inputChars);
  const outputTokens = estimateTokens(JSON.stringify(options.output).length);
  return {
    id: options.id,
    object: 'response',
    created_at: 0,
    status: 'completed',
    error: null,
    incomplete_details: null,
    instructions: null,
    model: options.model,
    output: options.output,
    parallel_tool_calls: true,
    store: false,
    tool_choice: 'auto',
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: inputTokens + outputTokens,
    },
  };
}

