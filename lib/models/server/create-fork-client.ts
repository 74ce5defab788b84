import { type ModelClient, ok } from '@/lib/runtime';
import type { TapeEntry } from '@/lib/contract';
import type { ChooseGeminiSchema } from '../gemini/gemini-schema-choice';
import type { AnthropicSchemaJudge } from '../anthropic/convert-tools-to-anthropic';
import { createTapeClient } from '../tape-client';

export type ForkClientOptions = {
  /** The recorded turn's tape: answers requests while they match it. */
  tape: readonly TapeEntry[];
  /** The model that answers from the first request the recording does not match on. */
  live: ModelClient;
  /** Receives every exchange the tape serves; the live client records its own. */
  onExchange?: (exchange: TapeEntry) => void;
  /** As the live client chooses Gemini's parameter schemas, so a recorded Gemini request matches. */
  chooseGeminiSchema?: ChooseGeminiSchema;
  /** As the recording's turn judged Anthropic's schemas. */
  anthropicJudge?: AnthropicSchemaJudge;
};

/**
 * A fork of a recorded turn: each request is answered from the recording while it is the request
 * recorded there, and by the live model from the first one that differs (a changed output, module,
 * setting or model shows in the request the model would get) to the end of the turn. Every
 * response says which answered it; the first live one says why the recording no longer did.
 */
export function createForkClient(options: ForkClientOptions): ModelClient {
  // A stream an abort cut off holds no answer to fork from: that request goes live, as one past the end.
  const answered = options.tape.filter((entry) => !entry.cutOff);
  const recording = createTapeClient(answered, { onExchange: options.onExchange, chooseGeminiSchema: options.chooseGeminiSchema, anthropicJudge: options.anthropicJudge });
  let divergence: string | undefined;
  return {
    label: options.live.label,
    hostedToolSearch: options.live.hostedToolSearch,
    supportsDeferredTools: options.live.supportsDeferredTools,
    async createResponse(request, context) {
      let first = false;
      if (divergence === undefined) {
        const served = await recording.createResponse(request, context);
        if (served.ok) return ok({ ...served.value, servedBy: 'tape' });
        // A recorded failure is answered as recorded; only a request the tape does not hold goes live.
        if (served.error.code !== 'tape-mismatch') return served;
        divergence = served.error.message;
        first = true;
      }
      const live = await options.live.createResponse(request, context);
      if (!live.ok) return live;
      return ok({ ...live.value, servedBy: 'live', ...(first ? { divergence } : {}) });
    },
  };
}
