import { type JsonValue, isPlainObject } from '@/lib/runtime';
import { convertAnthropicToItems } from '../../anthropic/convert-anthropic-to-items';
import { countModelTurns, type EmbeddedModel } from '../embedded-model';
import { ANTHROPIC_TOOL_SEARCH } from '../../anthropic/convert-anthropic-tool-search';
import { type AnthropicAnswerPart, runAnthropicSearches } from './run-anthropic-searches';
import { estimateTokens } from '../estimate-tokens';
import { createDeterministicId } from '../seeded-random';
import { qualifyToolName } from '../../anthropic/qualify-tool-name';
import { serveEventStream } from '../serve-event-stream';
import { encodeAnthropicEvents } from './encode-anthropic-events';

type JsonObject = { [key: string]: JsonValue };

/**
 * Answers one `POST /v1/messages` as Anthropic would, from an embedded model: the request read
 * back into the runtime's terms (a 400 in Anthropic's error shape when it cannot be), the
 * model's outputs as a `Message` (text and `tool_use` blocks), streamed as Anthropic's events
 * when `stream` is true. When Anthropic's tool search tool is offered, a search the model asks for
 * runs here, in the same response, as Anthropic runs it. A call whose arguments are not a JSON object keeps them as its raw
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
  const idParts = [model.seed, request.input.length, iteration];
  const outputs = await runAnthropicSearches(model, request, idParts);
  const content = outputs.flatMap((output, index) => buildBlocks(output, [...idParts, index]));
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
    // A search is two blocks (the search and its result): the pieces of each block line up with its content index.
    const perBlock = outputs.flatMap((output) => (output.type === 'search' ? [undefined, undefined] : [output]));
    const argumentsText = perBlock.map((output) => (output?.type === 'function_call' ? output.arguments : undefined));
    return serveEventStream(encodeAnthropicEvents(message, { arguments: argumentsText, delaysMs: perBlock.map((output) => output?.streamDelayMs ?? 0) }), options.signal);
  }
  return new Response(JSON.stringify(message), { status: 200, headers: { 'content-type': 'application/json' } });
}

function buildBlocks(output: AnthropicAnswerPart, idParts: (string | number)[]): JsonObject[] {
  switch (output.type) {
    case 'message':
      return [{ type: 'text', text: output.text }];
    case 'search':
      return [
        { type: 'server_tool_use', id: output.id, name: ANTHROPIC_TOOL_SEARCH.name, input: { query: output.query } },
        { type: 'tool_search_tool_result', tool_use_id: output.id, content: { type: 'tool_search_tool_search_result', tool_references: output.matches.map((name) => ({ type: 'tool_reference', tool_name: name })) } },
      ];
    case 'function_call':
      return [{
        type: 'tool_use',
        id: createDeterministicId('toolu', idParts),
        name: qualifyToolName(output.name, output.namespace),
        input: readInput(output.arguments),
        // Not an Anthropic field: the embedded server's own extension, read by `convertAnthropicMessage`.
        ...(output.notes && output.notes.length > 0 ? { notes: output.notes } : {}),
      }];
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

