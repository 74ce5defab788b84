import {
  isPlainObject,
  type CallNotes,
  type ConversationItem,
  type ModelError,
  type ModelResponse,
  fromResponsesItem,
  err,
  ok,
  type Result,
} from '@/lib/runtime';

/** A Responses `Response` body → the runtime's ModelResponse, or why it is malformed. */
export function convertResponsesBody(body: unknown): Result<ModelResponse, ModelError> {
  const malformed = (message: string) => err<ModelError>({ code: 'response-malformed', message });
  if (!isPlainObject(body)) {
    const preview = typeof body === 'string' ? `: ${body.slice(0, 200)}` : '.';
    return malformed(`The provider's response is not a JSON object${preview}`);
  }
  if (!Array.isArray(body.output)) return malformed('The provider\'s response has no output array.');
  if (body.status === 'failed' && isPlainObject(body.error)) {
    return err({ code: 'request-failed', message: String(body.error.message ?? 'The response failed.') });
  }
  const output: ConversationItem[] = [];
  const callNotes: CallNotes[] = [];
  for (const [index, raw] of body.output.entries()) {
    const converted = fromResponsesItem(raw, `output[${index}]`);
    if (!converted.ok) return malformed(`The provider's response is malformed: ${converted.error}`);
    const item = converted.value;
    output.push(item);
    if (item.type === 'function_call' && isPlainObject(raw)) {
      const notes = readCallNotes(raw.notes);
      if (notes.length > 0) callNotes.push({ callId: item.call_id, notes });
    }
  }
  const usage = readUsage(body.usage);
  return ok({ id: typeof body.id === 'string' ? body.id : '', output, ...(usage ? { usage } : {}), ...(callNotes.length > 0 ? { callNotes } : {}) });
}

const MAX_CALL_NOTES = 16;
const MAX_NOTE_LENGTH = 300;

/** The embedded server's `notes` on a `function_call` item; bounded, since any server may send them. */
export function readCallNotes(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const notes: string[] = [];
  for (const note of raw) {
    if (notes.length >= MAX_CALL_NOTES) break;
    if (typeof note === 'string' && note.length > 0) notes.push(note.length <= MAX_NOTE_LENGTH ? note : `${note.slice(0, MAX_NOTE_LENGTH - 1)}…`);
  }
  return notes;
}

/** Token usage from a Responses or Chat Completions body, with cached and reasoning tokens when reported. */
export function readUsage(raw: unknown): ModelResponse['usage'] {
  if (!isPlainObject(raw)) return undefined;
  const inputTokens = Number(raw.input_tokens ?? raw.prompt_tokens ?? 0);
  const outputTokens = Number(raw.output_tokens ?? raw.completion_tokens ?? 0);
  const totalTokens = Number(raw.total_tokens ?? inputTokens + outputTokens);
  if (![inputTokens, outputTokens, totalTokens].every(Number.isFinite)) return undefined;
  const cachedInputTokens = readDetail(raw.input_tokens_details ?? raw.prompt_tokens_details, 'cached_tokens');
  const reasoningTokens = readDetail(raw.output_tokens_details ?? raw.completion_tokens_details, 'reasoning_tokens');
  return {
    inputTokens,
    outputTokens,
    totalTokens,
    ...(cachedInputTokens === undefined ? {} : { cachedInputTokens }),
    ...(reasoningTokens === undefined ? {} : { reasoningTokens }),
  };
}

function readDetail(details: unknown, key: string): number | undefined {
  if (!isPlainObject(details)) return undefined;
  const value = details[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
