import type { ResponseTiming } from '../events/runtime-event';
import type { ModelClient, ModelError, ModelRequest, ModelResponse } from '../model/model-client';
import type { Redactor } from '../redact-secrets';
import type { Result } from '../vocabulary/result';
import { createDeltaCoalescer } from './coalesce-model-deltas';
import type { EventEmitter } from '../events/create-event-emitter';

export type RequestModelResponseOptions = {
  model: ModelClient;
  request: ModelRequest;
  iteration: number;
  signal: AbortSignal;
  emitter: EventEmitter;
  redact: Redactor;
};

export type RequestedResponse = {
  response: Result<ModelResponse, ModelError>;
  /** Present when the response arrived. */
  timing?: ResponseTiming;
};

/**
 * Sends one model request and streams its text and arguments as `model-delta` events while it
 * arrives (coalesced, see `createDeltaCoalescer`). A stream that is cut off (abort, failure)
 * still shows what had arrived. Times come from the emitter's clock, so tests control them.
 */
export async function requestModelResponse(options: RequestModelResponseOptions): Promise<RequestedResponse> {
  const { emitter } = options;
  const coalescer = createDeltaCoalescer({ iteration: options.iteration, emitter, redact: options.redact });
  const sentAt = emitter.elapsed();
  let firstTokenAt: number | undefined;
  const response = await withChildSignal(options.signal, (signal) =>
    options.model.createResponse(options.request, {
      signal,
      onDelta: (delta) => {
        firstTokenAt ??= emitter.elapsed();
        coalescer.push(delta);
      },
    }),
  );
  if (!response.ok) {
    coalescer.flush('arrived');
    return { response };
  }
  coalescer.flush('complete');
  return { response, timing: measureTiming({ sentAt, firstTokenAt, doneAt: emitter.elapsed(), outputTokens: response.value.usage?.outputTokens }) };
}

/** One abort listener per request on a child signal, so long turns do not pile listeners on the turn's. */
async function withChildSignal<T>(signal: AbortSignal, run: (child: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  try {
    return await run(controller.signal);
  } finally {
    signal.removeEventListener('abort', forward);
  }
}

/** Tokens per second count from the first token when something streamed, else over the whole request. */
export function measureTiming(options: { sentAt: number; firstTokenAt?: number; doneAt: number; outputTokens?: number }): ResponseTiming {
  const { sentAt, firstTokenAt, doneAt, outputTokens } = options;
  const generatingMs = doneAt - (firstTokenAt ?? sentAt);
  const perSecond = outputTokens !== undefined && outputTokens > 0 && generatingMs >= 1 ? Math.round((outputTokens / generatingMs) * 10_000) / 10 : undefined;
  return {
    durationMs: Math.max(0, Math.round(doneAt - sentAt)),
    ...(firstTokenAt === undefined ? {} : { firstTokenMs: Math.max(0, Math.round(firstTokenAt - sentAt)) }),
    ...(perSecond === undefined ? {} : { outputTokensPerSecond: perSecond }),
  };
}
