import type { FetchLike } from '@modelcontextprotocol/client';

/** Thrown into a response body that grew past its bound; `describeMcpFailure` words it. */
export class McpResponseTooLargeError extends Error {
  readonly limitBytes: number;

  constructor(limitBytes: number) {
    super(`The MCP server's answer is larger than ${limitBytes} bytes; it was not read.`);
    this.name = 'McpResponseTooLargeError';
    this.limitBytes = limitBytes;
  }
}

/**
 * A fetch whose every response body (a JSON answer, or the whole of an event stream however long
 * it stays open) stops with `McpResponseTooLargeError` once it passes `limitBytes`, so a server
 * that answers 50 MB, or streams without end, costs this process at most that much. The client
 * only sees a broken event stream as a transport error (the request it carried would wait for its
 * deadline), so `onOverflow` lets the connection fail its calls at once. `limit` may depend on
 * the request (a POST of `tools/list` is held to a listing's bound).
 */
export function createBoundedFetch(fetch: FetchLike, limit: number | ((init: RequestInit | undefined) => number), onOverflow?: (error: McpResponseTooLargeError) => void): FetchLike {
  return async (input, init) => {
    const limitBytes = typeof limit === 'number' ? limit : limit(init);
    const response = await fetch(input, init);
    if (!response.body) return response;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (!response.headers.has('content-encoding') && declared > limitBytes) {
      await response.body.cancel();
      const error = new McpResponseTooLargeError(limitBytes);
      onOverflow?.(error);
      throw error;
    }
    let size = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size <= limitBytes) {
            controller.enqueue(chunk);
            return;
          }
          const error = new McpResponseTooLargeError(limitBytes);
          controller.error(error);
          onOverflow?.(error);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
