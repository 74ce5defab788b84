import { type JsonValue, createRedactor, redactJsonValue } from '@/lib/runtime';
import { EGRESS_LIMITS } from './egress/egress-limits';
import { EgressRefusalError } from './egress/egress-refusal';
import { excerptFailedBody } from './egress/excerpt-failed-body';
import { excerptText } from './egress/excerpt-text';
import { readCappedBody } from './egress/read-capped-body';
import type { TapeEntry } from '@/lib/contract';

/** The fetch signature the openai SDK accepts through its `fetch` option. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type RecordingOptions = {
  fetch: FetchFunction;
  onExchange?: (exchange: TapeEntry) => void;
  /** Literal secrets (API keys) that must not appear anywhere in a recorded exchange. */
  secrets?: readonly string[];
  /** Milliseconds on a monotonic clock, for `durationMs`; `performance.now` unless given. */
  now?: () => number;
  /**
   * Words a failed answer whose body is not JSON (an HTML page, plain text) as one sentence,
   * which then stands in for the body as `{ error: { message } }`: the SDK reports it and the
   * tape keeps it, so a replay says the same.
   */
  describeUnreadable?: (answer: { status: number; contentType: string | null; text: string }) => string;
};

/**
 * Wraps a fetch so every completed exchange is reported as a tape entry: the request body as
 * sent and the response body as received, with the URL, method and duration. Headers are never
 * recorded, so `Authorization` cannot leak; bodies and the URL are scrubbed of the given secrets
 * too, and the URL loses any `user:password@`. The body is read here once and handed
 * on as a fresh Response, so the SDK's timeout also covers a body that never finishes. An event
 * stream (a 2xx `text/event-stream`) is handed on as it arrives instead, and recorded as its raw
 * text (`streamed: true`) once it has ended, or, when the request is aborted first, as the text
 * handed on until then (`cutOff: true`); its reader bounds its time (see `readRawBody`). A request
 * aborted before its response arrived is recorded with `response: null`, `cutOff` and no status.
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
    const sent = () => ({
      request: redactJsonValue(parseBody(typeof init?.body === 'string' ? init.body : null), redact),
      url: redact(describeRequestUrl(input)),
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      durationMs: Math.max(0, Math.round(now() - started)),
    });
    let response: Response;
    try {
      response = await options.fetch(input, init);
    } catch (error) {
      // Stopped before any response arrived: recorded, so that a replay stops at the same request.
      if (init?.signal?.aborted) options.onExchange?.({ ...sent(), response: null, cutOff: true });
      throw error;
    }
    const record = (text: string, stream?: StreamEnd) =>
      options.onExchange?.({
        ...sent(),
        response: stream ? redact(text) : redactJsonValue(parseBody(text), redact),
        status: response.status,
        ...(stream ? { streamed: true as const } : {}),
        ...(stream === 'cut-off' ? { cutOff: true as const } : {}),
      });
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    if (response.ok && response.body && isEventStream(response.headers)) {
      const body = recordEventStream({ source: response.body, signal: init?.signal, onEnd: record });
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    }
    const read = await readCappedBody(response, EGRESS_LIMITS.responseBytes);
    if (!read.ok) throw new EgressRefusalError(read.error);
    const text = response.ok ? read.value : describeFailedBody(read.value, response, options.describeUnreadable);
    record(text);
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };
}

function describeFailedBody(text: string, response: Response, describe: RecordingOptions['describeUnreadable']): string {
  const body = parseBody(text);
  if (describe === undefined || typeof body !== 'string') return excerptFailedBody(text, body);
  const message = describe({ status: response.status, contentType: response.headers.get('content-type'), text });
  return JSON.stringify({ error: { message: excerptText(message, EGRESS_LIMITS.failedBodyExcerptLength) } });
}

function isEventStream(headers: Headers): boolean {
  return headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

/** How a recorded event stream ended: whole, or cut off by the request's abort. */
type StreamEnd = 'complete' | 'cut-off';

/**
 * Passes an event stream on as it is read, at most `EGRESS_LIMITS.responseBytes` of it (past that
 * the source is cancelled and the body fails with an `EgressRefusalError`), and hands its whole
 * text to `onEnd` when it ends. When `signal` aborts first, `onEnd` gets the text handed on until
 * then: a chunk is read from the source only when the reader asks for one (no read-ahead), so that
 * is what the reader consumed. A stream that fails, or is cancelled without an abort, is not recorded.
 */
function recordEventStream(options: {
  source: ReadableStream<Uint8Array>;
  signal: AbortSignal | null | undefined;
  onEnd: (text: string, end: StreamEnd) => void;
}): ReadableStream<Uint8Array> {
  const { signal } = options;
  const reader = options.source.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  let stopped = false;
  let cancelled = false;
  const end = (text: string, how: StreamEnd) => {
    if (stopped) return;
    stopped = true;
    signal?.removeEventListener('abort', cutOff);
    options.onEnd(text, how);
  };
  // The bytes of a character split across chunks are left out: they end an event the reader never saw whole.
  const cutOff = () => end(parts.join(''), 'cut-off');
  signal?.addEventListener('abort', cutOff, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await reader.read();
        if (stopped || cancelled) return;
        if (chunk.done) {
          parts.push(decoder.decode());
          end(parts.join(''), 'complete');
          controller.close();
          return;
        }
        size += chunk.value.byteLength;
        if (size > EGRESS_LIMITS.responseBytes) {
          stopped = true;
          await reader.cancel();
          throw new EgressRefusalError({ code: 'response-too-large', limitBytes: EGRESS_LIMITS.responseBytes });
        }
        parts.push(decoder.decode(chunk.value, { stream: true }));
        controller.enqueue(chunk.value);
      },
      cancel(reason) {
        // Nothing is recorded yet: when the request's abort follows (the reader stops first), it records the cut.
        cancelled = true;
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
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
