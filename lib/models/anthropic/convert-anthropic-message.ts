import { type ConversationItem, err, isPlainObject, type JsonValue, type ModelError, type ModelResponse, ok, type Result } from '@/lib/runtime';
import type { CallNotes } from '@/lib/runtime';
import { readCallNotes } from '../openai/convert-responses-items';
import type { AnthropicToolNames } from './convert-tools-to-anthropic';
import { readToolSearchBlock } from './convert-anthropic-tool-search';

/**
 * An Anthropic `Message` body → the runtime's ModelResponse, one output item per content block
 * (so a streamed block's index is its item's): text → an assistant message, `tool_use` → a
 * function call (a qualified name mapped back to its namespace), Anthropic's tool search and its
 * result → a hosted search and the tools it loaded, every other block (thinking, redacted
 * thinking, Anthropic's other server tools) → an opaque item sent back untouched.
 * A `tool_use` whose `input` is a string carries arguments that did not parse as they streamed.
 */
export function convertAnthropicMessage(body: unknown, names: AnthropicToolNames): Result<ModelResponse, ModelError> {
  const malformed = (message: string) => err<ModelError>({ code: 'response-malformed', message });
  if (!isPlainObject(body)) {
    const preview = typeof body === 'string' ? `: ${body.slice(0, 200)}` : '.';
    return malformed(`Anthropic's response is not a JSON object${preview}`);
  }
  if (body.type === 'error' && isPlainObject(body.error)) return err(describeAnthropicError(body.error as { [key: string]: JsonValue }));
  if (!Array.isArray(body.content)) return malformed('Anthropic\'s response has no content array.');
  const output: ConversationItem[] = [];
  const callNotes: CallNotes[] = [];
  for (const [index, block] of body.content.entries()) {
    if (!isPlainObject(block) || typeof block.type !== 'string') return malformed(`Anthropic's content[${index}] has no type.`);
    if (block.type === 'text') {
      output.push({ type: 'message', role: 'assistant', content: typeof block.text === 'string' ? block.text : '' });
    } else if (block.type === 'tool_use') {
      if (typeof block.id !== 'string' || typeof block.name !== 'string') return malformed(`Anthropic's content[${index}] (tool_use) needs a string id and name.`);
      const mapped = names.get(block.name) ?? { name: block.name };
      output.push({
        type: 'function_call',
        call_id: block.id,
        name: mapped.name,
        ...(mapped.namespace ? { namespace: mapped.namespace } : {}),
        arguments: typeof block.input === 'string' ? block.input : JSON.stringify(block.input ?? {}),
      });
      // The embedded server's own extension, as on its Responses items.
      const notes = readCallNotes(block.notes);
      if (notes.length > 0) callNotes.push({ callId: block.id, notes });
    } else output.push(readToolSearchBlock(block as { [key: string]: JsonValue }, names) ?? { type: 'opaque', item: block as { [key: string]: JsonValue } });
  }
  const usage = readAnthropicUsage(body.usage);
  return ok({ id: typeof body.id === 'string' ? body.id : '', output, ...(usage ? { usage } : {}), ...(callNotes.length > 0 ? { callNotes } : {}) });
}

/**
 * Anthropic's usage → the runtime's. Anthropic counts cache reads and writes apart from
 * `input_tokens`; here input is all three, so `cachedInputTokens` is a part of it, as with OpenAI.
 */
export function readAnthropicUsage(raw: unknown): ModelResponse['usage'] {
  if (!isPlainObject(raw)) return undefined;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);
  const cacheRead = count(raw.cache_read_input_tokens);
  const cacheWrite = count(raw.cache_creation_input_tokens);
  const inputTokens = count(raw.input_tokens) + cacheRead + cacheWrite;
  const outputTokens = count(raw.output_tokens);
  return {
    inputTokens,
    outputTokens,
    totalTokens: inputTokens + outputTokens,
    ...(raw.cache_read_input_tokens !== undefined && raw.cache_read_input_tokens !== null ? { cachedInputTokens: cacheRead } : {}),
    ...(raw.cache_creation_input_tokens !== undefined && raw.cache_creation_input_tokens !== null ? { cacheWriteInputTokens: cacheWrite } : {}),
  };
}

/** Anthropic's error object (`{ type, message }`, in a failed body or an `error` event) as a ModelError that says what happened. */
export function describeAnthropicError(error: { [key: string]: JsonValue }, status?: number): ModelError {
  const type = typeof error.type === 'string' ? error.type : 'error';
  const message = typeof error.message === 'string' && error.message ? error.message : 'no message';
  const lead = ANTHROPIC_ERROR_LEADS[type] ?? `Anthropic refused the request (${type})`;
  return { code: 'request-failed', message: `${lead}: ${message}`, ...(status !== undefined ? { status } : {}) };
}

const ANTHROPIC_ERROR_LEADS: Record<string, string> = {
  overloaded_error: 'Anthropic is overloaded (529); try again shortly',
  rate_limit_error: 'Anthropic rate-limited the request (429)',
  api_error: 'Anthropic had an internal error',
  authentication_error: 'Anthropic did not accept the API key',
  permission_error: 'The API key may not use this',
  not_found_error: 'Anthropic did not find it',
  request_too_large: 'The request is too large for Anthropic',
  invalid_request_error: 'Anthropic refused the request',
};
