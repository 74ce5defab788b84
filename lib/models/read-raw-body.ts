import OpenAI from 'openai';
import { Stream } from 'openai/core/streaming';
import { type ModelError, err, ok, type Result } from '@/lib/runtime';
import { describeUnreadableAnswer, isHtmlAnswer } from './describe-unreadable-answer';
import { mapModelError, type ErrorContext } from './map-model-error';
import { startSentence } from './start-sentence';

/** Folds the events of a streamed answer into the body the provider would have sent without streaming. */
export type StreamAccumulator = {
  /** One parsed event, in order; an error stops reading. */
  add(event: unknown): Result<void, ModelError>;
  /** The whole body once the stream ended, or why the stream was not whole. */
  finish(): Result<unknown, ModelError>;
};

export type ReadRawBodyOptions = {
  /** The SDK call, up to its raw HTTP response (`.asResponse()`). */
  call: () => Promise<Response>;
  context: ErrorContext;
  /** Its SSE parser reads streamed answers (any provider's: the events are JSON `data:` lines). */
  client: OpenAI;
  signal: AbortSignal;
  stream: StreamAccumulator;
  /** Reads what another provider's SDK threw, before the OpenAI SDK's errors are read; `undefined` leaves it to them. */
  mapError?: (error: unknown) => ModelError | undefined;
};

/**
 * Runs an SDK call up to the raw HTTP response and reads the body here, so a garbage body
 * becomes `response-malformed` instead of tripping the SDK's post-processing: an event stream
 * through the SDK's SSE parser into `stream`, any other body as JSON (a server that ignored
 * `stream: true`). The whole body must arrive within `context.timeoutMs`, as without streaming.
 */
export async function readRawBody(options: ReadRawBodyOptions): Promise<Result<unknown, ModelError>> {
  const { context, signal } = options;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), context.timeoutMs);
  const forward = () => stop.abort();
  signal.addEventListener('abort', forward, { once: true });
  try {
    let response: Response;
    try {
      response = await options.call();
      if (!isEventStream(response) || !response.body) return parseRawText(await response.text(), { ...context, status: response.status, contentType: response.headers.get('content-type') });
    } catch (error) {
      return err(options.mapError?.(error) ?? mapModelError(error, context));
    }
    const read = await readEventStream(response, stop.signal, options);
    if (signal.aborted) return err(mapModelError(new OpenAI.APIUserAbortError(), context));
    if (stop.signal.aborted) return err(mapModelError(new OpenAI.APIConnectionTimeoutError(), context));
    return read.ok ? options.stream.finish() : read;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forward);
    // Whatever ended the read, nothing of the body is read past here.
    stop.abort();
  }
}

/** Where a body came from, when known: an HTML page is then named as one (see `describeUnreadableAnswer`). */
export type RawTextContext = ErrorContext & { status?: number; contentType?: string | null };

/** A body's text as JSON, or `response-malformed` with the start of the text (one sentence for an HTML page). */
export function parseRawText(text: string, context: RawTextContext): Result<unknown, ModelError> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    if (context.status !== undefined && isHtmlAnswer({ contentType: context.contentType, text })) {
      return err({ code: 'response-malformed', message: describeUnreadableAnswer({ ...context, status: context.status, text }) });
    }
    const preview = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    return err({ code: 'response-malformed', message: `${startSentence(context.providerName)} sent a body that is not valid JSON (${error.message}): ${preview}` });
  }
}

function isEventStream(response: Response): boolean {
  return response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

/** Every event into the accumulator until the stream ends, fails, or `stop` cuts it off (then `ok`, and the caller says why). */
async function readEventStream(response: Response, stop: AbortSignal, options: ReadRawBodyOptions): Promise<Result<void, ModelError>> {
  const body = stopWith(response.body as ReadableStream<Uint8Array>, stop);
  const events = Stream.fromSSEResponse<unknown>(new Response(body, { headers: response.headers }), new AbortController(), options.client);
  try {
    for await (const event of events) {
      const added = options.stream.add(event);
      if (!added.ok) return added;
    }
  } catch (error) {
    if (!stop.aborted) return err(options.mapError?.(error) ?? mapModelError(error, options.context));
  }
  return ok(undefined);
}

/**
 * The body, ended by `signal`: the read in flight gives up and the source is cancelled. It ends
 * with an `AbortError`, which the SDK's parser takes as the end of the stream. It reads from the
 * source only when the parser asks, so what the source handed on is what the parser consumed.
 */
function stopWith(source: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let stopped = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const stop = () => {
          stopped = true;
          controller.error(new DOMException('The model stream was stopped.', 'AbortError'));
          // A source that already failed rejects the cancel too; its error was the read's to report.
          reader.cancel().catch(() => undefined);
        };
        if (signal.aborted) stop();
        else signal.addEventListener('abort', stop, { once: true });
      },
      async pull(controller) {
        try {
          const chunk = await reader.read();
          if (stopped) return;
          if (chunk.done) controller.close();
          else controller.enqueue(chunk.value);
        } catch (error) {
          if (!stopped) controller.error(error);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
