import { isPlainObject, type ConversationItem, type JsonValue, type ModelError, type ModelResponse, err, ok, type Result } from '@/lib/runtime';
import type { GeminiToolNames } from './gemini-tool-names';

/** Finish reasons that end a candidate normally; any other one with nothing to show is an error. */
const NORMAL_FINISH = new Set(['STOP', 'MAX_TOKENS', 'FINISH_REASON_UNSPECIFIED']);

export type ConvertGeminiOptions = {
  names: GeminiToolNames;
  /** Call ids for calls Gemini sent without an `id`: `<prefix>_<n>`, unique within the conversation. */
  callIdPrefix: string;
};

/**
 * A `GenerateContentResponse` body → the runtime's ModelResponse: the first candidate's text
 * parts join into one assistant message, each `functionCall` part is a call (Gemini's `id` as
 * the call id when it sent one; a call of the runtime's `tool_search` function is its client-run
 * search), and a part's `thoughtSignature` stays on the item it came with.
 * Thought summaries (`thought: true`) are not kept; a signature they carry moves to the next item.
 * A blocked prompt or a candidate that stopped for another reason with nothing to show is an error.
 */
export function convertGeminiResponse(body: unknown, options: ConvertGeminiOptions): Result<ModelResponse, ModelError> {
  const malformed = (message: string) => err<ModelError>({ code: 'response-malformed', message });
  if (!isPlainObject(body)) return malformed(`Gemini's response is not a JSON object${typeof body === 'string' ? `: ${body.slice(0, 200)}` : '.'}`);
  const candidate = Array.isArray(body.candidates) ? body.candidates[0] : undefined;
  const feedback = isPlainObject(body.promptFeedback) ? body.promptFeedback : {};
  if (!isPlainObject(candidate)) {
    if (typeof feedback.blockReason === 'string') return err({ code: 'request-failed', message: `Gemini blocked the prompt (${feedback.blockReason}).` });
    return malformed('Gemini\'s response has no candidates.');
  }
  const content = isPlainObject(candidate.content) ? candidate.content : {};
  const parts = Array.isArray(content.parts) ? content.parts : [];
  const output: ConversationItem[] = [];
  let text: { content: string; signature?: string } | undefined;
  let pendingSignature: string | undefined;
  let calls = 0;
  const flushText = () => {
    if (text) output.push({ type: 'message', role: 'assistant', content: text.content, ...(text.signature ? { thought_signature: text.signature } : {}) });
    text = undefined;
  };
  for (const [index, part] of parts.entries()) {
    if (!isPlainObject(part)) return malformed(`Gemini's parts[${index}] is not an object.`);
    const signature = typeof part.thoughtSignature === 'string' && part.thoughtSignature ? part.thoughtSignature : pendingSignature;
    pendingSignature = undefined;
    if (part.thought === true) {
      pendingSignature = signature;
    } else if (isPlainObject(part.functionCall)) {
      flushText();
      const call = part.functionCall;
      if (typeof call.name !== 'string' || call.name === '') return malformed(`Gemini's parts[${index}].functionCall has no name.`);
      const mapped = options.names.get(call.name) ?? { name: call.name };
      const id = typeof call.id === 'string' && call.id ? call.id : undefined;
      if (mapped.search) {
        output.push({ type: 'tool_search_call', call_id: id ?? `${options.callIdPrefix}_${calls}`, ...(id ? { id } : {}), arguments: readSearchArguments(call.args), execution: 'client', ...(signature ? { thought_signature: signature } : {}) });
        calls += 1;
        continue;
      }
      output.push({
        type: 'function_call',
        call_id: id ?? `${options.callIdPrefix}_${calls}`,
        ...(id ? { id } : {}),
        name: mapped.name,
        ...(mapped.namespace ? { namespace: mapped.namespace } : {}),
        arguments: stringifyArguments(call.args),
        ...(signature ? { thought_signature: signature } : {}),
      });
      calls += 1;
    } else if (typeof part.text === 'string') {
      text = { content: (text?.content ?? '') + part.text, signature: signature ?? text?.signature };
    }
  }
  flushText();
  const finishReason = typeof candidate.finishReason === 'string' ? candidate.finishReason : undefined;
  if (output.length === 0 && finishReason && !NORMAL_FINISH.has(finishReason)) {
    const said = typeof candidate.finishMessage === 'string' && candidate.finishMessage ? `: ${candidate.finishMessage}` : '.';
    return err({ code: 'request-failed', message: `Gemini stopped without an answer (finishReason ${finishReason})${said}` });
  }
  const usage = readGeminiUsage(body.usageMetadata);
  return ok({ id: typeof body.responseId === 'string' ? body.responseId : '', output, ...(usage ? { usage } : {}) });
}

/** A search's `args` as the runtime reads a query: an object, or the text a model staged. */
function readSearchArguments(args: unknown): JsonValue {
  return isPlainObject(args) || typeof args === 'string' ? (args as JsonValue) : {};
}

/** Gemini sends `args` as an object; the embedded model may stage broken JSON as a string, passed on as it is. */
function stringifyArguments(args: unknown): string {
  if (typeof args === 'string') return args;
  return JSON.stringify(args ?? {});
}

/** `usageMetadata` → usage: thinking tokens count as output (Gemini bills them so) and as reasoning. */
export function readGeminiUsage(raw: unknown): ModelResponse['usage'] {
  if (!isPlainObject(raw)) return undefined;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const inputTokens = count(raw.promptTokenCount);
  const reasoningTokens = count(raw.thoughtsTokenCount);
  const outputTokens = count(raw.candidatesTokenCount) + reasoningTokens;
  const cachedInputTokens = count(raw.cachedContentTokenCount);
  return {
    inputTokens,
    outputTokens,
    totalTokens: typeof raw.totalTokenCount === 'number' ? raw.totalTokenCount : inputTokens + outputTokens,
    ...(cachedInputTokens > 0 ? { cachedInputTokens } : {}),
    ...(reasoningTokens > 0 ? { reasoningTokens } : {}),
  };
}
