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
 * that answers 50 MB, or streams without end, costs this process at most that much.
 */
export function createBoundedFetch(fetch: FetchLike, limitBytes: number): FetchLike {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (!response.headers.has('content-encoding') && declared > limitBytes) {
      await response.body.cancel();
      throw new McpResponseTooLargeError(limitBytes);
    }
    let size = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > limitBytes) controller.error(new McpResponseTooLargeError(limitBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
