import { GoogleGenAI, type GenerateContentParameters } from '@google/genai';
import type { JsonValue, ModelClient, ModelError, ModelRequest, ModelResponse, Result } from '@/lib/runtime';
import { err } from '@/lib/runtime';
import type { GeminiFunctionCallingMode } from '@/lib/contract';
import { DEFAULT_MODEL_TIMEOUT_MS } from '../openai/openai-responses-client';
import type { RemoteClientOptions } from '../remote-client-options';
import { accumulateGeminiStream } from './accumulate-gemini-stream';
import { convertGeminiResponse } from './convert-gemini-response';
import { convertItemsToGemini } from './convert-items-to-gemini';
import { convertToolChoiceToGemini, convertToolsToGemini } from './convert-tools-to-gemini';
import { sendAuthoredSchema, type ChooseGeminiSchema } from './gemini-schema-choice';
import type { GeminiToolNames } from './gemini-tool-names';
import { mapGeminiError, type GeminiStop } from './map-gemini-error';
import { readWholeBodyAsStream } from './read-whole-body-as-stream';
import { refuseUnsendableTools, type UnsendableTool } from '../refuse-unsendable-tools';

/** Gemini API's own base URL; the SDK adds `/v1beta/models/<model>:…`. */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';

export type GeminiClientOptions = RemoteClientOptions & {
  functionCallingMode?: GeminiFunctionCallingMode;
  /** What each declaration's parameters carry; the authored schema unless the server decides. */
  chooseSchema?: ChooseGeminiSchema;
};

/**
 * A ModelClient over Gemini's `streamGenerateContent`, through the official `@google/genai` SDK
 * with the given fetch (egress policy and recording included). Stateless: every request carries
 * the whole conversation, translated at this edge both ways. Gemini has no tool search, so
 * deferred tools are found by the runtime's own (a `tool_search` function, run by the runtime:
 * a deferred function is declared once a search loaded it); Gemini has no switch for parallel calls, so
 * `parallelToolCalls: false` cannot be sent (the runtime still runs them in model order).
 */
export function createGeminiClient(options: GeminiClientOptions): ModelClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  const context = { providerName: options.providerName ?? 'Gemini', baseURL: options.baseURL, timeoutMs };
  let made: GoogleGenAI | undefined;
  // One attempt: a retry is the user's call, after they have seen what failed.
  const sdk = () => (made ??= new GoogleGenAI({ apiKey: options.apiKey, httpOptions: { baseUrl: options.baseURL, fetch: readWholeBodyAsStream(options.fetch), retryOptions: { attempts: 1 } } }));

  return {
    label: options.label,
    hostedToolSearch: false,
    supportsDeferredTools: true,
    async createResponse(request, { signal, onDelta }): Promise<Result<ModelResponse, ModelError>> {
      const { parameters, names, refused } = buildGeminiRequest(options, request);
      if (refused.length > 0) return err(refuseUnsendableTools('Gemini', refused));
      const callIdPrefix = `call_${request.input.length}`;
      const stop = new AbortController();
      let stopped: GeminiStop;
      const timer = setTimeout(() => {
        stopped ??= 'timed-out';
        stop.abort();
      }, timeoutMs);
      const forward = () => {
        stopped ??= 'aborted';
        stop.abort();
      };
      if (signal.aborted) forward();
      signal.addEventListener('abort', forward, { once: true });
      const stream = accumulateGeminiStream({ names, callIdPrefix, onDelta });
      try {
        const chunks = await sdk().models.generateContentStream({ ...parameters, config: { ...parameters.config, abortSignal: stop.signal } });
        for await (const chunk of chunks) stream.add(JSON.parse(JSON.stringify(chunk)) as JsonValue);
        if (stopped) return err(mapGeminiError(new Error('stopped'), context, stopped));
      } catch (error) {
        return err(mapGeminiError(error, context, stopped));
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', forward);
      }
      const body = stream.finish();
      if (!body) return err({ code: 'response-malformed', message: `${context.providerName === 'Gemini' ? 'Gemini\'s' : `The answer of ${context.providerName}:`} stream ended without a single chunk.` });
      return convertGeminiResponse(body, { names, callIdPrefix });
    },
  };
}

/** The SDK's parameters for one request, the wire names its functions go by, and the functions Gemini would reject in any form. */
export function buildGeminiRequest(
  options: Pick<GeminiClientOptions, 'model' | 'functionCallingMode' | 'chooseSchema'>,
  request: ModelRequest,
): { parameters: GenerateContentParameters; names: GeminiToolNames; refused: UnsendableTool[] } {
  const { contents, systemInstruction } = convertItemsToGemini(request.instructions, request.input);
  const { tools, names, refused } = convertToolsToGemini(request.tools, options.chooseSchema ?? sendAuthoredSchema, request.input);
  return {
    names,
    refused,
    parameters: {
      model: options.model,
      contents,
      config: {
        ...(systemInstruction ? { systemInstruction } : {}),
        ...(tools.length > 0 ? { tools, ...convertToolChoiceToGemini(request.toolChoice, options.functionCallingMode) } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.maxOutputTokens !== undefined ? { maxOutputTokens: request.maxOutputTokens } : {}),
      },
    },
  };
}
