import { isPlainObject, type JsonValue, type ModelClient, type ModelError, err } from '@/lib/runtime';
import { describeDifference, findFirstDifference } from './find-first-difference';
import type { TapeEntry } from '@/lib/contract';
import { createGeminiClient } from './gemini/gemini-client';
import type { ChooseGeminiSchema } from './gemini/gemini-schema-choice';
import { createOpenAICompatibleClient } from './openai/openai-compatible-client';
import { createOpenAIResponsesClient } from './openai/openai-responses-client';
import { createRecordingFetch, parseBody, type FetchFunction } from './record-exchanges';
import { createAnthropicMessagesClient } from './anthropic/anthropic-messages-client';
import type { AnthropicSchemaJudge } from './anthropic/convert-tools-to-anthropic';

export const TAPE_BASE_URL = 'http://tape.invalid/v1';
/** The tape's host as Gemini's and Anthropic's SDKs name it (each adds its own API path). */
const TAPE_HOST_URL = 'http://tape.invalid';

/** The request fields a replay must reproduce; model names and SDK defaults may differ. */
const COMPARED_FIELDS = ['instructions', 'input', 'messages', 'tools', 'parallel_tool_calls', 'systemInstruction', 'contents', 'toolConfig'] as const;
/** Anthropic's instructions are `system`, and whether calls may run in parallel is inside `tool_choice`. */
const ANTHROPIC_COMPARED_FIELDS = [...COMPARED_FIELDS, 'system', 'tool_choice'] as const;

export type TapeClientOptions = {
  onExchange?: (exchange: TapeEntry) => void;
  /** As the recording's turn chose Gemini's parameter schemas, so its requests are sent again alike. */
  chooseGeminiSchema?: ChooseGeminiSchema;
  /** As the recording's turn judged Anthropic's schemas, so its requests are sent again alike. */
  anthropicJudge?: AnthropicSchemaJudge;
};

/**
 * Replays recorded exchanges in order through the SDK, in the wire format they were recorded
 * in (Responses, Chat Completions for OpenAI-compatible servers, Gemini's generateContent or
 * Anthropic's Messages); a streamed answer is served
 * as the event stream it was, so it is parsed into the same deltas. A stream an abort cut off
 * (`cutOff`) is served as far as it was read, then the request is aborted where the recording's
 * was: the response is `aborted`, as it was; one stopped before its response arrived is aborted as
 * soon as it is sent. A request that differs from its recording, or one
 * past the end, is a `tape-mismatch` error rather than a served answer.
 */
export function createTapeClient(tape: readonly TapeEntry[], options: TapeClientOptions = {}): ModelClient {
  // `cut` aborts the request in flight where its recording was cut off.
  const state: { next: number; mismatch: ModelError | undefined; cut: AbortController } = { next: 0, mismatch: undefined, cut: new AbortController() };
  // Anthropic's requests have `messages` too: its recordings are known by their URL.
  const isAnthropic = tape.some((entry) => entry.url !== undefined && URL.canParse(entry.url) && new URL(entry.url).pathname.endsWith('/v1/messages'));
  const isChat = !isAnthropic && tape.some((entry) => isPlainObject(entry.request) && Array.isArray(entry.request.messages));
  const fields = isAnthropic ? ANTHROPIC_COMPARED_FIELDS : COMPARED_FIELDS;
  const isGemini = tape.some((entry) => isPlainObject(entry.request) && Array.isArray(entry.request.contents));
  const serve: FetchFunction = async (_input, init) => {
    const index = state.next;
    state.next += 1;
    const entry = tape[index];
    const problem = entry
      ? compareRequest(index, entry.request, parseBody(typeof init?.body === 'string' ? init.body : null), fields)
      : `Request ${index + 1} is past the end of the recording (${tape.length} recorded).`;
    if (problem || !entry) {
      state.mismatch = { code: 'tape-mismatch', message: problem ?? 'The recording ended.' };
      throw new Error(state.mismatch.message);
    }
    const { cut } = state;
    if (entry.status === undefined) {
      // Recorded as stopped before its response arrived: stopped the same way, as soon as it is sent.
      cut.abort();
      throw new DOMException('The recording was stopped before this response arrived.', 'AbortError');
    }
    const body = typeof entry.response === 'string' ? entry.response : JSON.stringify(entry.response);
    const contentType = entry.streamed ? 'text/event-stream' : 'application/json';
    const served = entry.cutOff ? serveCutOffStream(body, () => cut.abort()) : body;
    return new Response(served, { status: entry.status, headers: { 'content-type': contentType } });
  };
  const fetch = createRecordingFetch({ fetch: serve, onExchange: options.onExchange });
  const inner = isAnthropic
    ? createAnthropicMessagesClient({ label: 'tape', model: 'tape', apiKey: 'tape', baseURL: TAPE_HOST_URL, fetch, judge: options.anthropicJudge, providerName: 'The tape' })
    : isGemini
    ? createGeminiClient({ label: 'tape', model: 'tape', apiKey: 'tape', baseURL: TAPE_HOST_URL, fetch, chooseSchema: options.chooseGeminiSchema, providerName: 'The tape' })
    : isChat
    ? createOpenAICompatibleClient({ label: 'tape', model: 'tape', baseURL: TAPE_BASE_URL, fetch })
    : createOpenAIResponsesClient({ label: 'tape', model: 'tape', apiKey: 'tape', baseURL: TAPE_BASE_URL, fetch, hostedToolSearch: usesHostedSearch(tape), providerName: 'The tape' });

  return {
    label: 'tape',
    hostedToolSearch: inner.hostedToolSearch,
    supportsDeferredTools: inner.supportsDeferredTools,
    async createResponse(request, { signal, onDelta }) {
      state.mismatch = undefined;
      state.cut = new AbortController();
      const result = await inner.createResponse(request, { signal: AbortSignal.any([signal, state.cut.signal]), onDelta });
      if (state.mismatch) return err(state.mismatch);
      return result;
    },
  };
}

/**
 * The part of a stream that was read before an abort cut it off, then the abort: `cut` runs when
 * the reader asks for more, after it has parsed every event of the part, as the recording's had.
 */
function serveCutOffStream(text: string, cut: () => void): ReadableStream<Uint8Array> {
  let served = text === '';
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (served) return cut();
        served = true;
        controller.enqueue(new TextEncoder().encode(text));
      },
    },
    { highWaterMark: 0 },
  );
}

function compareRequest(index: number, recorded: JsonValue, actual: JsonValue, fields: readonly string[]): string | undefined {
  if (!isPlainObject(recorded) || !isPlainObject(actual)) {
    const difference = findFirstDifference(recorded, actual);
    return difference ? `Request ${index + 1} differs from the recording: ${describeDifference(difference)}.` : undefined;
  }
  for (const field of fields) {
    const difference = findFirstDifference(recorded[field], actual[field], field);
    if (difference) return `Request ${index + 1} differs from the recording at ${difference.path}: ${describeDifference(difference)}.`;
  }
  return undefined;
}

/** A recording made with hosted tool search offered `{type: 'tool_search'}` without client execution. */
function usesHostedSearch(tape: readonly TapeEntry[]): boolean {
  return tape.some(
    (entry) =>
      isPlainObject(entry.request) &&
      Array.isArray(entry.request.tools) &&
      entry.request.tools.some((tool) => isPlainObject(tool) && tool.type === 'tool_search' && tool.execution !== 'client'),
  );
}
