import { isPlainObject, type JsonValue } from '@/lib/runtime';
import { type EventStreamChunk, formatServerSentEvent, splitIntoPieces } from '../encode-response-events';

type JsonObject = { [key: string]: JsonValue };

/**
 * A whole Messages body as the event sequence Anthropic streams it: `message_start` (no content
 * yet), a `ping`, per block `content_block_start`, its `text_delta` or `input_json_delta`
 * pieces, `content_block_stop`, then `message_delta` (stop reason, output tokens) and
 * `message_stop`. A call's input streams as its arguments text, so malformed JSON arrives as
 * malformed as it was staged. `delaysMs[i]` is waited before each piece of block i.
 */
export function encodeAnthropicEvents(body: JsonObject, options: { arguments: readonly (string | undefined)[]; delaysMs?: readonly number[] }): EventStreamChunk[] {
  const chunks: EventStreamChunk[] = [];
  const send = (type: string, fields: JsonObject, delayMs = 0) => chunks.push({ text: formatServerSentEvent(type, { type, ...fields }), delayMs });
  const usage = isPlainObject(body.usage) ? body.usage : {};
  send('message_start', { message: { ...body, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
  send('ping', {});
  const content = Array.isArray(body.content) ? body.content : [];
  for (const [index, block] of content.entries()) {
    if (!isPlainObject(block)) continue;
    const delayMs = options.delaysMs?.[index] ?? 0;
    if (block.type === 'text') {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
      const text = typeof block.text === 'string' ? block.text : '';
      for (const piece of splitIntoPieces(text)) send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }, delayMs);
    } else if (block.type === 'tool_use') {
      // `notes` (the embedded server's own extension) rides on the start, since no event repeats the whole block.
      send('content_block_start', { index, content_block: { ...block, input: {} } });
      const text = options.arguments[index] ?? JSON.stringify(block.input ?? {});
      for (const piece of splitIntoPieces(text)) send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }, delayMs);
    } else {
      send('content_block_start', { index, content_block: block });
    }
    send('content_block_stop', { index });
  }
  send('message_delta', { delta: { stop_reason: body.stop_reason ?? 'end_turn', stop_sequence: null }, usage: { output_tokens: isPlainObject(usage) && typeof usage.output_tokens === 'number' ? usage.output_tokens : 0 } });
  send('message_stop', {});
  return chunks;
}
