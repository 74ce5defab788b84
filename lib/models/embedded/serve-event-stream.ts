import type { EventStreamChunk } from './encode-response-events';

const encoder = new TextEncoder();

/**
 * A `text/event-stream` response that sends the chunks in order, waiting each one's delay first
 * (chunks without a delay go out together). Aborting `signal` errors the body, as a dropped
 * connection would; cancelling it stops the timers.
 */
export function serveEventStream(chunks: readonly EventStreamChunk[], signal?: AbortSignal | null): Response {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWaiting: (() => void) | undefined;
  const aborted = () => signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
  const wait = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(aborted());
      const onAbort = () => {
        clearTimeout(timer);
        reject(aborted());
      };
      stopWaiting = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const first = chunks[next];
      if (!first) return controller.close();
      if (first.delayMs > 0) await wait(first.delayMs);
      if (signal?.aborted) throw aborted();
      const parts = [first.text];
      next += 1;
      for (let chunk = chunks[next]; chunk && chunk.delayMs === 0; chunk = chunks[next]) {
        parts.push(chunk.text);
        next += 1;
      }
      controller.enqueue(encoder.encode(parts.join('')));
    },
    cancel() {
      next = chunks.length;
      stopWaiting?.();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' } });
}
