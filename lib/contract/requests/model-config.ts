import { z } from 'zod';
import type { JsonValue } from '@/lib/runtime';
import { isHttpMethod, isRecordedUrl, RECORDED_METHOD_MESSAGE, RECORDED_URL_MESSAGE } from './recorded-request-line';

/** Size limits on what a request body may carry; a config past them is rejected with a reason. */
export const MODEL_CONFIG_LIMITS = {
  scriptSteps: 200,
  callsPerStep: 32,
  textLength: 20_000,
  argumentsLength: 100_000,
  tapeEntries: 500,
  modelNameLength: 200,
  apiKeyLength: 500,
  baseUrlLength: 2_000,
  /** The longest pause a scripted step may put between its streamed pieces. */
  streamDelayMs: 1_000,
} as const;

export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
);

const toolNameSchema = z.string().min(1, 'A call needs a tool name.').max(200);

/** One function call a scripted step proposes; `arguments` is sent verbatim, malformed JSON included. */
export const scriptCallSchema = z.object({
  name: toolNameSchema,
  namespace: z.string().min(1).max(200).optional(),
  arguments: z.string().max(MODEL_CONFIG_LIMITS.argumentsLength),
});

/**
 * What the scripted model answers on one iteration: optional text and optional calls. The answer
 * streams in pieces; `streamDelayMs` waits that long before each piece, so it visibly grows.
 */
export const scriptStepSchema = z.object({
  text: z.string().max(MODEL_CONFIG_LIMITS.textLength).optional(),
  calls: z.array(scriptCallSchema).max(MODEL_CONFIG_LIMITS.callsPerStep).optional(),
  streamDelayMs: z
    .number()
    .int()
    .min(0)
    .max(MODEL_CONFIG_LIMITS.streamDelayMs, `streamDelayMs is at most ${MODEL_CONFIG_LIMITS.streamDelayMs} ms.`)
    .optional(),
});

/**
 * The wire format the embedded models answer in, each served to that provider's own SDK through
 * its fetch option: OpenAI's Responses API (the default), Anthropic's Messages API or Gemini's generateContent.
 */
export const embeddedWireSchema = z.enum(['openai', 'anthropic', 'gemini']);

/**
 * How Gemini may call functions (`toolConfig.functionCallingConfig.mode`): `AUTO` (the model
 * decides), `ANY` (it must call one), `VALIDATED` (calls or text, calls checked against their
 * declarations). Absent: derived from the turn's `tool_choice`.
 */
export const geminiFunctionCallingModeSchema = z.enum(['AUTO', 'ANY', 'VALIDATED']);

export const faultKindSchema = z.enum(['malformed-json', 'invalid-arguments', 'unknown-tool', 'duplicate-call']);

/**
 * One raw model exchange, as sent and as received; never holds an API key. `url`, `method` and
 * `durationMs` are optional because recordings made before they were kept must still read; replay
 * ignores them (it compares request bodies).
 */
export const tapeEntrySchema = z.object({
  request: jsonValueSchema,
  /** The body as received; `null` when the turn was aborted before any response arrived (`cutOff` without `status`). */
  response: jsonValueSchema,
  /** The response's HTTP status; absent only when the turn was aborted before a response arrived (`cutOff`). */
  status: z.number().int().min(100).max(599).optional(),
  /** Where the request went, credentials and secrets removed; the embedded model's is `EMBEDDED_BASE_URL`. */
  url: z.string().max(MODEL_CONFIG_LIMITS.baseUrlLength + 200).refine(isRecordedUrl, RECORDED_URL_MESSAGE).optional(),
  method: z.string().refine(isHttpMethod, RECORDED_METHOD_MESSAGE).optional(),
  /** From sending the request to having read the whole response body. */
  durationMs: z.number().nonnegative().optional(),
  /** The response was an event stream (`text/event-stream`): `response` is its raw text, replayed as a stream. */
  streamed: z.literal(true).optional(),
  /**
   * The turn was aborted during this exchange. With `streamed`: while the stream arrived, and
   * `response` is the part the client had read when it stopped; a replay serves that part, then
   * aborts the request there. Without `status`: before any response arrived; a replay aborts the
   * request as soon as it is sent.
   */
  cutOff: z.literal(true).optional(),
}).refine((entry) => entry.status !== undefined || entry.cutOff === true, {
  message: 'status is required unless the exchange was cut off before a response arrived (cutOff).',
  path: ['status'],
});

const baseUrlSchema = z
  .string()
  .max(MODEL_CONFIG_LIMITS.baseUrlLength)
  .refine((value) => URL.canParse(value), { message: 'baseURL must be an absolute URL, e.g. http://localhost:11434/v1.' })
  .refine((value) => !URL.canParse(value) || ['http:', 'https:'].includes(new URL(value).protocol), {
    message: 'baseURL must use http:// or https://.',
  });

const modelNameSchema = z.string().trim().min(1, 'Choose a model name.').max(MODEL_CONFIG_LIMITS.modelNameLength);
const apiKeySchema = z.string().max(MODEL_CONFIG_LIMITS.apiKeyLength);

/**
 * The models a visitor may name in a request (`apiKey` is per request and never stored). A tape is
 * not one of them: it is the server's own, built from a stored record when a session is replayed.
 */
const requestModelConfigs = [
  z.object({
    provider: z.literal('scripted'),
    script: z.array(scriptStepSchema).max(MODEL_CONFIG_LIMITS.scriptSteps),
    wire: embeddedWireSchema.optional(),
  }),
  z.object({
    provider: z.literal('auto'),
    seed: z.number().int().optional(),
    faults: z
      .object({
        rate: z.number().min(0).max(1),
        kinds: z.array(faultKindSchema).min(1).optional(),
      })
      .optional(),
    wire: embeddedWireSchema.optional(),
  }),
  z.object({
    provider: z.literal('openai'),
    model: modelNameSchema,
    apiKey: apiKeySchema.optional(),
    baseURL: baseUrlSchema.optional(),
  }),
  z.object({
    provider: z.literal('openai-compatible'),
    model: modelNameSchema,
    baseURL: baseUrlSchema,
    apiKey: apiKeySchema.optional(),
  }),
  z.object({
    provider: z.literal('gemini'),
    model: modelNameSchema,
    apiKey: apiKeySchema.optional(),
    baseURL: baseUrlSchema.optional(),
    functionCallingMode: geminiFunctionCallingModeSchema.optional(),
  }),
  z.object({
    provider: z.literal('anthropic'),
    model: modelNameSchema,
    apiKey: apiKeySchema.optional(),
    baseURL: baseUrlSchema.optional(),
  }),
] as const;

const tapeModelConfigSchema = z.object({
  provider: z.literal('tape'),
  tape: z.array(tapeEntrySchema).max(MODEL_CONFIG_LIMITS.tapeEntries),
});

/** Every model a turn can talk to, the server's tape included: what the runtime and stored records are typed with. */
export const modelConfigSchema = z.discriminatedUnion('provider', [...requestModelConfigs, tapeModelConfigSchema]);

/** A model config as a request body may carry it: any model but the server's tape. */
export const requestModelConfigSchema = z.discriminatedUnion('provider', [...requestModelConfigs]);

export type ModelConfig = z.infer<typeof modelConfigSchema>;
/** What a request may name: every model but the tape. */
export type RequestModelConfig = z.infer<typeof requestModelConfigSchema>;
export type ScriptStep = z.infer<typeof scriptStepSchema>;
export type ScriptCall = z.infer<typeof scriptCallSchema>;
export type FaultKind = z.infer<typeof faultKindSchema>;
export type TapeEntry = z.infer<typeof tapeEntrySchema>;
export type ModelProvider = ModelConfig['provider'];
export type EmbeddedWire = z.infer<typeof embeddedWireSchema>;
export type GeminiFunctionCallingMode = z.infer<typeof geminiFunctionCallingModeSchema>;

/** The config as it may be stored or shared: the API key removed. */
export function removeModelSecrets(config: ModelConfig): ModelConfig {
  if (config.provider === 'openai' || config.provider === 'openai-compatible' || config.provider === 'gemini' || config.provider === 'anthropic') {
    const { apiKey: _apiKey, ...rest } = config;
    return rest;
  }
  return config;
}
