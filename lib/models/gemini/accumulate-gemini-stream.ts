import type { JsonValue, ModelDelta } from '@/lib/runtime';
import type { GeminiToolNames } from './gemini-tool-names';

type JsonObject = { [key: string]: JsonValue };

export type GeminiStreamOptions = {
  names: GeminiToolNames;
  /** As `convertGeminiResponse` numbers calls without an id, so a delta's call id is the final one. */
  callIdPrefix: string;
  onDelta?: (delta: ModelDelta) => void;
};

/** Folds streamed `GenerateContentResponse` chunks into the body Gemini would have sent whole. */
export type GeminiStreamAccumulator = {
  add(chunk: JsonValue): void;
  /** The joined body, or `undefined` when the stream held no chunk. */
  finish(): JsonObject | undefined;
};

/**
 * Reads `streamGenerateContent` chunks: text parts grow the current assistant message and reach
 * `onDelta` as they arrive; Gemini sends each `functionCall` part whole, so its arguments reach
 * `onDelta` in one piece the moment its chunk arrives. Output items are numbered as
 * `convertGeminiResponse` orders them (a text run, then each call). The body's parts keep every
 * thought signature on the part it came with; the last `usageMetadata` and `finishReason` win.
 */
export function accumulateGeminiStream(options: GeminiStreamOptions): GeminiStreamAccumulator {
  const parts: JsonObject[] = [];
  const head: JsonObject = {};
  let chunks = 0;
  let items = 0;
  let calls = 0;
  let textItem: number | undefined;
  let finishReason: JsonValue | undefined;
  let finishMessage: JsonValue | undefined;
  const addPart = (part: JsonObject) => {
    const last = parts.at(-1);
    if (typeof part.text === 'string' && part.thought !== true) {
      if (textItem === undefined) textItem = items++;
      if (part.text !== '') options.onDelta?.({ kind: 'text', item: textItem, delta: part.text });
      // Consecutive text joins one part, as the whole body would hold it; a signature stays on it.
      if (last && typeof last.text === 'string' && last.thought !== true && last.functionCall === undefined) {
        last.text += part.text;
        if (typeof part.thoughtSignature === 'string') last.thoughtSignature = part.thoughtSignature;
        return;
      }
      parts.push({ ...part });
      return;
    }
    if (isJsonObject(part.functionCall)) {
      textItem = undefined;
      const call = part.functionCall;
      const wireName = typeof call.name === 'string' ? call.name : '';
      const mapped = options.names.get(wireName) ?? { name: wireName };
      const callId = typeof call.id === 'string' && call.id ? call.id : `${options.callIdPrefix}_${calls}`;
      const args = typeof call.args === 'string' ? call.args : JSON.stringify(call.args ?? {});
      // A tool search is no call card: it reaches the timeline as the search it is, once answered.
      if (mapped.search) items += 1;
      else options.onDelta?.({ kind: 'arguments', item: items++, delta: args, callId, name: mapped.name, ...(mapped.namespace ? { namespace: mapped.namespace } : {}) });
      calls += 1;
    }
    parts.push(part);
  };
  return {
    add(chunk) {
      if (!isJsonObject(chunk)) return;
      chunks += 1;
      for (const key of ['responseId', 'modelVersion', 'usageMetadata', 'promptFeedback'] as const) if (chunk[key] !== undefined) head[key] = chunk[key];
      const candidate = Array.isArray(chunk.candidates) ? chunk.candidates[0] : undefined;
      if (!isJsonObject(candidate)) return;
      if (candidate.finishReason !== undefined) finishReason = candidate.finishReason;
      if (candidate.finishMessage !== undefined) finishMessage = candidate.finishMessage;
      const content = isJsonObject(candidate.content) ? candidate.content : {};
      for (const part of Array.isArray(content.parts) ? content.parts : []) if (isJsonObject(part)) addPart(part);
    },
    finish() {
      if (chunks === 0) return undefined;
      const candidate: JsonObject = {
        content: { role: 'model', parts },
        ...(finishReason !== undefined ? { finishReason } : {}),
        ...(finishMessage !== undefined ? { finishMessage } : {}),
      };
      // A stream that only said the prompt was blocked has no candidate, as the whole body would not.
      const blocked = parts.length === 0 && finishReason === undefined && head.promptFeedback !== undefined;
      return { ...head, candidates: blocked ? [] : [candidate] };
    },
  };
}

function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
