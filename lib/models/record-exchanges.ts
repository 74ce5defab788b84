import type { JsonValue } from '@/lib/runtime/json';
import { createRedactor, redactJsonValue } from '@/lib/runtime/redact-secrets';
import { EGRESS_LIMITS } from './egress/egress-limits';
import { EgressRefusalError } from './egress/egress-refusal';
import { excerptFailedBody } from './egress/excerpt-failed-body';
import { readCappedBody } from './egress/read-capped-body';
import type { TapeEntry } from './model-config';

/** The fetch signature the openai SDK accepts through its `fetch` option. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type RecordingOptions = {
  fetch: FetchFunction;
  onExchange?: (exchange: TapeEntry) => void;
  /** Literal secrets (API keys) that must not appear anywhere in a recorded exchange. */
  secrets?: readonly string[];
  /** Milliseconds on a monotonic clock, for `durationMs`; `performance.now` unless given. */
  now?: () => number;
};

/**
 * Wraps a fetch so every completed exchange is reported as a tape entry: the request body as
 * sent and the response body as received, with the URL, method and duration. Headers are never
 * recorded, so `Authorization` cannot leak; bodies and the URL are scrubbed of the given secrets
 * too, and the URL loses any `user:password@`. The body is read here once and handed
 * on as a fresh Response, so the SDK's timeout also covers a body that never finishes. An event
 * stream (a 2xx `text/event-stream`) is handed on as it arrives instead, and recorded as its raw
 * text (`streamed: true`) once it has ended; its reader bounds its time (see `readRawBody`).
 *
 * A body past `EGRESS_LIMITS.responseBytes` is abandoned and nothing is recorded (the request
 * fails with an `EgressRefusalError`); a failed (non-2xx) body is cut to an excerpt before
 * anyone, the SDK or the tape, sees it (see `excerptFailedBody`).
 */
export function createRecordingFetch(options: RecordingOptions): FetchFunction {
  const redact = createRedactor(options.secrets ?? []);
  const now = options.now ?? (() => performance.now());
  return async (input, init) => {
    const started = now();
    const response = await options.fetch(input, init);
    const record = (text: string, streamed: boolean) =>
      options.onExchange?.({
        request: redactJsonValue(parseBody(typeof init?.body === 'string' ? init.body : null), redact),
        response: streamed ? redact(text) : redactJsonValue(parseBody(text), redact),
        status: response.status,
        url: redact(describeRequestUrl(input)),
        method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
        durationMs: Math.max(0, Math.round(now() - started)),
        ...(streamed ? { streamed: true as const } : {}),
      });
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    if (response.ok && response.body && isEventStream(response.headers)) {
      const body = recordEventStream(response.body, (text) => record(text, true));
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    }
    const read = await readCappedBody(response, EGRESS_LIMITS.responseBytes);
    if (!read.ok) throw new EgressRefusalError(read.error);
    const text = response.ok ? read.value : excerptFailedBody(read.value, parseBody(read.value));
    record(text, false);
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}

function isEventStream(headers: Headers): boolean {
  return headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

/**
 * Passes an event stream on as it arrives, at most `EGRESS_LIMITS.responseBytes` of it (past that
 * the source is cancelled and the body fails with an `EgressRefusalError`), and hands its whole
 * text to `onEnd` when it ends. A stream that fails or is cancelled is not recorded.
 */
function recordEventStream(source: ReadableStream<Uint8Array>, onEnd: (text: string) => void): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await reader.read();
      if (cancelled) return;
      if (chunk.done) {
        parts.push(decoder.decode());
        onEnd(parts.join(''));
        controller.close();
        return;
      }
      size += chunk.value.byteLength;
      if (size > EGRESS_LIMITS.responseBytes) {
        await reader.cancel();
        throw new EgressRefusalError({ code: 'response-too-large', limitBytes: EGRESS_LIMITS.responseBytes });
      }
      parts.push(decoder.decode(chunk.value, { stream: true }));
      controller.enqueue(chunk.value);
    },
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
}

/** A body as JSON when it parses, else the raw text (so a garbage body is still on the tape). */
export function parseBody(text: string | null): JsonValue {
  if (text === null) return null;
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    if (error instanceof SyntaxError) return text;
    throw error;
  }
}

/** The request's URL as text, without `user:password@`, which would otherwise be a secret on the tape. */
export function describeRequestUrl(input: string | URL | Request): string {
  const text = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!URL.canParse(text)) return text;
  const url = new URL(text);
  url.username = '';
  url.password = '';
  return url.href;
}
