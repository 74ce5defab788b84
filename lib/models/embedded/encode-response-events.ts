import { isPlainObject, type JsonValue } from '@/lib/runtime';

type JsonObject = { [key: string]: JsonValue };

/** One server-sent event as written on the wire, and how long to wait before sending it. */
export type EventStreamChunk = { text: string; delayMs: number };

/** How the embedded server cuts text and arguments: at least this many characters a piece, at most this many pieces. */
export const STREAM_PIECES = { minChars: 8, maxPieces: 24 } as const;

/**
 * A whole Responses body as the event sequence OpenAI streams it: `response.created`,
 * `response.in_progress`, per output item `response.output_item.added`, its text
 * (`content_part.added`, `output_text.delta`…, `output_text.done`, `content_part.done`) or
 * arguments (`function_call_arguments.delta`…, `.done`), `response.output_item.done`, then
 * `response.completed` with the body. `delaysMs[i]` is waited before each piece of item i.
 */
export function encodeResponseEvents(body: JsonObject, delaysMs: readonly number[] = []): EventStreamChunk[] {
  const chunks: EventStreamChunk[] = [];
  let sequence = 0;
  const send = (type: string, fields: JsonObject, delayMs = 0) => {
    chunks.push({ text: formatServerSentEvent(type, { type, sequence_number: sequence, ...fields }), delayMs });
    sequence += 1;
  };
  const output = Array.isArray(body.output) ? body.output : [];
  const started = { ...body, status: 'in_progress', output: [], usage: null };
  send('response.created', { response: started });
  send('response.in_progress', { response: started });
  for (const [index, item] of output.entries()) {
    if (!isPlainObject(item)) continue;
    const delayMs = delaysMs[index] ?? 0;
    const itemId = typeof item.id === 'string' ? item.id : `item_${index}`;
    const place = { item_id: itemId, output_index: index };
    if (item.type === 'message') {
      const part = Array.isArray(item.content) && isPlainObject(item.content[0]) ? item.content[0] : { type: 'output_text', text: '', annotations: [] };
      const text = typeof part.text === 'string' ? part.text : '';
      send('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress', content: [] } });
      send('response.content_part.added', { ...place, content_index: 0, part: { ...part, text: '' } });
      for (const piece of splitIntoPieces(text)) send('response.output_text.delta', { ...place, content_index: 0, delta: piece, logprobs: [] }, delayMs);
      send('response.output_text.done', { ...place, content_index: 0, text, logprobs: [] });
      send('response.content_part.done', { ...place, content_index: 0, part });
    } else if (item.type === 'function_call') {
      const { notes: _notes, ...announced } = item;
      const argumentsText = typeof item.arguments === 'string' ? item.arguments : '';
      send('response.output_item.added', { output_index: index, item: { ...announced, arguments: '', status: 'in_progress' } });
      for (const piece of splitIntoPieces(argumentsText)) send('response.function_call_arguments.delta', { ...place, delta: piece }, delayMs);
      send('response.function_call_arguments.done', { ...place, name: item.name ?? '', arguments: argumentsText });
    } else {
      send('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress' } });
    }
    send('response.output_item.done', { output_index: index, item });
  }
  send('response.completed', { response: body });
  return chunks;
}

/** `event: <type>` and one `data:` line of JSON, then the blank line that ends the event. */
export function formatServerSentEvent(type: string | null, data: JsonValue): string {
  return `${type === null ? '' : `event: ${type}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/** Text in a few pieces (see `STREAM_PIECES`), never splitting a surrogate pair; none for empty text. */
export function splitIntoPieces(text: string): string[] {
  const size = Math.max(STREAM_PIECES.minChars, Math.ceil(text.length / STREAM_PIECES.maxPieces));
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
