import { isPlainObject, type JsonValue } from '@/lib/runtime';
import { splitIntoPieces, type EventStreamChunk } from '../encode-response-events';

type JsonObject = { [key: string]: JsonValue };

/**
 * A whole `GenerateContentResponse` as Gemini streams it (`alt=sse`): one `data:` event per
 * piece of text, one per function call (Gemini sends a call whole), each a response with one
 * part; the last carries `finishReason` and `usageMetadata`. `delaysMs[i]` is waited before
 * each piece of part i.
 */
export function encodeGeminiStream(body: JsonObject, delaysMs: readonly number[] = []): EventStreamChunk[] {
  const candidate = Array.isArray(body.candidates) && isPlainObject(body.candidates[0]) ? body.candidates[0] : {};
  const content = isPlainObject(candidate.content) ? candidate.content : {};
  const parts = Array.isArray(content.parts) ? content.parts : [];
  const head = { modelVersion: body.modelVersion ?? null, responseId: body.responseId ?? null };
  const chunks: EventStreamChunk[] = [];
  const send = (part: JsonValue, delayMs: number) =>
    chunks.push({ text: formatGeminiEvent({ candidates: [{ content: { role: 'model', parts: [part] }, index: 0 }], ...head }), delayMs });
  for (const [index, part] of parts.entries()) {
    const delayMs = delaysMs[index] ?? 0;
    if (isPlainObject(part) && typeof part.text === 'string') {
      const pieces = splitIntoPieces(part.text);
      // A signature rides on the last piece of its text, as Gemini sends it.
      for (const [at, piece] of pieces.entries()) send({ ...(at === pieces.length - 1 ? part : {}), text: piece }, delayMs);
    } else send(part, delayMs);
  }
  chunks.push({
    text: formatGeminiEvent({ candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: candidate.finishReason ?? 'STOP', index: 0 }], usageMetadata: body.usageMetadata ?? null, ...head }),
    delayMs: 0,
  });
  return chunks;
}

/** Gemini's event framing: a `data:` line of JSON and a blank line, with CRLF line ends. */
function formatGeminiEvent(data: JsonValue): string {
  return `data: ${JSON.stringify(data)}\r\n\r\n`;
}
