import { isPlainObject } from '@/lib/runtime';
import { readArgumentsText, readJsonAttribute, readOutputText } from './read-json-attribute';
import type { TraceCall } from './trace-run';

/** A chat message in the GenAI conventions' shape, reduced to what a session keeps: its text, its calls, the results it carries. */
export type GenAiMessage = { role: string; text: string; calls: TraceCall[]; results: { callId: string; output: string }[] };

/**
 * Messages as the GenAI semantic conventions record them (`gen_ai.input.messages`,
 * `gen_ai.output.messages`): `{role, parts: [{type: 'text', content} | {type: 'tool_call', id, name,
 * arguments} | {type: 'tool_call_response', id, response}]}`. Also reads the older flat shape
 * (`content`, `tool_calls: [{id, function: {name, arguments}}]`, `tool_call_id`). `undefined` when
 * the attribute is not a list of messages.
 */
export function readGenAiMessages(value: unknown): GenAiMessage[] | undefined {
  const parsed = readJsonAttribute(value);
  if (!Array.isArray(parsed)) return undefined;
  return parsed.filter(isPlainObject).map(readMessage);
}

/** System instructions (`gen_ai.system_instructions`): a list of text parts, or plain text. */
export function readGenAiInstructions(value: unknown): string | undefined {
  const parsed = readJsonAttribute(value);
  if (typeof parsed === 'string') return parsed;
  if (!Array.isArray(parsed)) return typeof value === 'string' ? value : undefined;
  const texts = parsed.flatMap((part) => (isPlainObject(part) && typeof part.content === 'string' ? [part.content] : typeof part === 'string' ? [part] : []));
  return texts.length > 0 ? texts.join('\n') : undefined;
}

function readMessage(message: Record<string, unknown>): GenAiMessage {
  const role = typeof message.role === 'string' ? message.role : 'user';
  const read: GenAiMessage = { role, text: '', calls: [], results: [] };
  const texts: string[] = [];
  if (Array.isArray(message.parts)) {
    for (const part of message.parts) if (isPlainObject(part)) readPart(part, read, texts);
  } else {
    readFlatMessage(message, read, texts);
  }
  read.text = texts.join('');
  return read;
}

function readPart(part: Record<string, unknown>, read: GenAiMessage, texts: string[]): void {
  switch (part.type) {
    case 'text':
      if (typeof part.content === 'string') texts.push(part.content);
      return;
    case 'tool_call':
      read.calls.push({ callId: String(part.id ?? ''), name: String(part.name ?? ''), arguments: readArgumentsText(part.arguments) });
      return;
    case 'tool_call_response':
      read.results.push({ callId: String(part.id ?? ''), output: readOutputText(part.response ?? part.result) });
      return;
  }
}

function readFlatMessage(message: Record<string, unknown>, read: GenAiMessage, texts: string[]): void {
  if (typeof message.content === 'string') {
    if (read.role === 'tool' && typeof message.tool_call_id === 'string') read.results.push({ callId: message.tool_call_id, output: message.content });
    else texts.push(message.content);
  }
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isPlainObject) : [];
  for (const call of calls) {
    const fn = isPlainObject(call.function) ? call.function : call;
    read.calls.push({ callId: String(call.id ?? ''), name: String(fn.name ?? ''), arguments: readArgumentsText(fn.arguments) });
  }
}
