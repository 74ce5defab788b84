import type { FetchFunction } from '../record-exchanges';

/**
 * Wraps a fetch so that a server that answers `streamGenerateContent` with one JSON body (a proxy
 * or a compatible server that ignores `alt=sse`) still works: a 2xx `application/json` answer is
 * handed to the SDK as a single server-sent event, which its stream parser reads as one chunk.
 * The wrapped fetch still sees (and records) the body as it came.
 */
export function readWholeBodyAsStream(fetch: FetchFunction): FetchFunction {
  return async (input, init) => {
    const response = await fetch(input, init);
    const contentType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (!response.ok || contentType !== 'application/json') return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    headers.set('content-type', 'text/event-stream');
    // One `data:` line: the JSON has no raw line breaks once parsed and written again.
    return new Response(`data: ${JSON.stringify(JSON.parse(text) as unknown)}\r\n\r\n`, { status: response.status, statusText: response.statusText, headers });
  };
}
