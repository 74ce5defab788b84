import type { JsonValue } from '@/lib/runtime';
import type { FetchFunction } from '../record-exchanges';
import { estimateTokens } from './estimate-tokens';
import { countModelTurns, type EmbeddedModel, type EmbeddedOutput } from './embedded-model';
import { encodeGeminiStream } from './gemini/encode-gemini-stream';
import { readGeminiRequest } from './gemini/read-gemini-request';
import { readEmbeddedCall } from './read-embedded-call';
import { createDeterministicId } from './seeded-random';
import { serveEventStream } from './serve-event-stream';

type JsonObject = { [key: string]: JsonValue };

/** The base URL the embedded models answer Gemini's API under; nothing listens there, the fetch answers. */
export const EMBEDDED_GEMINI_BASE_URL = 'http://embedded.invalid';

const ENDPOINT = /\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/**
 * A fetch that serves Gemini's `POST …/models/<model>:generateContent` and
 * `:streamGenerateContent?alt=sse` in-process, so `@google/genai`'s real request and response path
 * runs against an embedded model. Calls carry ids, and the first call of a response a
 * `thoughtSignature`, as Gemini 3 sends them, so passing signatures back is exercised offline.
 * A call the model staged with broken JSON goes out as the raw text in `args` (Gemini itself
 * never sends one). Ids and signatures derive from the seed and the conversation's length.
 */
export function createEmbeddedGeminiFetch(model: EmbeddedModel): FetchFunction {
  return async (input, init) => {
    const { url, method, text, body } = readEmbeddedCall(input, init);
    const endpoint = ENDPOINT.exec(url.pathname);
    if (method !== 'POST' || !endpoint) return replyWithError(404, 'NOT_FOUND', `Unknown endpoint ${method} ${url.pathname}.`);
    if (!body.ok) return replyWithError(400, 'INVALID_ARGUMENT', `Invalid JSON payload received. ${body.error}`);
    const request = readGeminiRequest(body.value);
    if (!request.ok) return replyWithError(400, 'INVALID_ARGUMENT', request.error);
    const outputs = await model.respond(request.value);
    const idParts = [model.seed, request.value.input.length, countModelTurns(request.value.input)];
    const responseBody = buildGeminiBody({ outputs, idParts, model: decodeURIComponent(endpoint[1] ?? ''), inputChars: text.length });
    if (endpoint[2] === 'streamGenerateContent') {
      return serveEventStream(encodeGeminiStream(responseBody, outputs.map((output) => output.streamDelayMs ?? 0)), init?.signal);
    }
    return new Response(JSON.stringify(responseBody), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

/** Gemini's error body: `{ error: { code, message, status } }`. */
function replyWithError(code: number, status: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message, status } }), { status: code, headers: { 'content-type': 'application/json' } });
}

function buildGeminiBody(options: { outputs: EmbeddedOutput[]; idParts: (string | number)[]; model: string; inputChars: number }): JsonObject {
  const parts: JsonObject[] = [];
  let signed = false;
  for (const [index, output] of options.outputs.entries()) {
    const ids = [...options.idParts, index];
    if (output.type === 'message') parts.push({ text: output.text });
    else if (output.type === 'function_call') {
      const name = output.namespace ? `${output.namespace}.${output.name}` : output.name;
      parts.push({
        functionCall: { id: createDeterministicId('call', ids), name, args: parseArguments(output.arguments) },
        ...(signed ? {} : { thoughtSignature: encodeSignature(createDeterministicId('sig', ids)) }),
      });
      signed = true;
    }
  }
  const promptTokenCount = estimateTokens(options.inputChars);
  const candidatesTokenCount = estimateTokens(JSON.stringify(parts).length);
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount },
    modelVersion: options.model,
    responseId: createDeterministicId('resp', options.idParts),
  };
}

function parseArguments(text: string): JsonValue {
  try {
    const parsed = JSON.parse(text) as JsonValue;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : text;
  } catch (error) {
    if (error instanceof SyntaxError) return text;
    throw error;
  }
}

/** Signatures are base64, as Gemini's are. */
function encodeSignature(text: string): string {
  return btoa(text);
}
