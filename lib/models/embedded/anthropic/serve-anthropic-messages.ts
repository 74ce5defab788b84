import { type JsonValue, isPlainObject } from '@/lib/runtime';
import { convertAnthropicToItems } from '../../anthropic/convert-anthropic-to-items';
import { countModelTurns, type EmbeddedModel, type EmbeddedOutput } from '../embedded-model';
import { estimateTokens } from '../estimate-tokens';
import { createDeterministicId } from '../seeded-random';
import { qualifyToolName } from '../../anthropic/convert-tools-to-anthropic';
import { serveEventStream } from '../serve-event-stream';
import { encodeAnthropicEvents } from './encode-anthropic-events';

type JsonObject = { [key: string]: JsonValue };

/**
 * Answers one `POST /v1/messages` as Anthropic would, from an embedded model: the request read
 * back into the runtime's terms (a 400 in Anthropic's error shape when it cannot be), the
 * model's outputs as a `Message` (text and `tool_use` blocks), streamed as Anthropic's events
 * when `stream` is true. A call whose arguments are not a JSON object keeps them as its raw
 * `input` string when not streamed; streamed, its pieces carry them as they are.
 */
export async function serveAnthropicMessages(options: { model: EmbeddedModel; text: string; signal?: AbortSignal | null }): Promise<Response> {
  const { model, text } = options;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return replyWithError(400, 'invalid_request_error', 'There was an error parsing the body of your request.');
  }
  const read = convertAnthropicToItems(body);
  if (!read.ok) return replyWithError(400, 'invalid_request_error', read.error);
  const request = read.value;
  const iteration = countModelTurns(request.input);
  // Anthropic's tool search runs on its side; the embedded model's client-side search has no form here.
  const outputs = (await model.respond(request)).filter((output): output is AnthropicOutput => output.type !== 'tool_search_call');
  const idParts = [model.seed, request.input.length, iteration];
  const content = outputs.map((output, index) => buildBlock(output, [...idParts, index]));
  const inputTokens = estimateTokens(text.length);
  const message: JsonObject = {
    id: createDeterministicId('msg', idParts),
    type: 'message',
    role: 'assistant',
    model: isPlainObject(body) && typeof body.model === 'string' ? body.model : `embedded-${model.kind}`,
    content,
    stop_reason: outputs.some((output) => output.type === 'function_call') ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: estimateTokens(JSON.stringify(content).length) },
  };
  if (isPlainObject(body) && body.stream === true) {
    const argumentsText = outputs.map((output) => (output.type === 'function_call' ? output.arguments : undefined));
    return serveEventStream(encodeAnthropicEvents(message, { arguments: argumentsText, delaysMs: outputs.map((output) => output.streamDelayMs ?? 0) }), options.signal);
  }
  return new Response(JSON.stringify(message), { status: 200, headers: { 'content-type': 'application/json' } });
}

type AnthropicOutput = Exclude<EmbeddedOutput, { type: 'tool_search_call' }>;

function buildBlock(output: AnthropicOutput, idParts: (string | number)[]): JsonObject {
  switch (output.type) {
    case 'message':
      return { type: 'text', text: output.text };
    case 'function_call':
      return {
        type: 'tool_use',
        id: createDeterministicId('toolu', idParts),
        name: qualifyToolName(output.name, output.namespace),
        input: readInput(output.arguments),
        // Not an Anthropic field: the embedded server's own extension, read by `convertAnthropicMessage`.
        ...(output.notes && output.notes.length > 0 ? { notes: output.notes } : {}),
      };
  }
}

function readInput(text: string): JsonValue {
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? (parsed as JsonObject) : text;
  } catch (error) {
    if (error instanceof SyntaxError) return text;
    throw error;
  }
}

function replyWithError(status: number, type: string, message: string): Response {
  return new Response(JSON.stringify({ type: 'error', error: { type, message } }), { status, headers: { 'content-type': 'application/json' } });
}

