import { describe, expect, it } from 'vitest';
import { fetchExchanges } from '@/lib/client/api';
import type { TapeEntry } from '@/lib/contract';

const exchange: TapeEntry = { request: { input: [] }, response: { id: 'resp_1' }, status: 200, url: 'https://api.openai.com/v1/responses', method: 'POST' };

function answering(response: Response | Error): { fetcher: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const fetcher = (async (input: string | URL | Request) => {
    urls.push(String(input));
    if (response instanceof Error) throw response;
    return response;
  }) as typeof fetch;
  return { fetcher, urls };
}

describe('fetchExchanges', () => {
  it('reads the exchanges of a turn', async () => {
    const { fetcher, urls } = answering(Response.json({ exchanges: [exchange] }));
    expect(await fetchExchanges('turn_a/b', fetcher)).toEqual({ ok: true, value: { exchanges: [exchange] } });
    expect(urls).toEqual(['/api/turns/turn_a%2Fb/exchanges']);
  });

  it("reads an MCP server's side beside the model's exchanges", async () => {
    const mcp = { servers: [], calls: [], messages: [{ server: 'files', direction: 'sent' as const, message: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }] };
    const { fetcher } = answering(Response.json({ exchanges: [exchange], mcp }));
    expect(await fetchExchanges('turn_a', fetcher)).toEqual({ ok: true, value: { exchanges: [exchange], mcp } });
  });

  it('gives the server reason for a failure', async () => {
    const { fetcher } = answering(Response.json({ error: 'No turn turn_a.', code: 'not-found' }, { status: 404 }));
    expect(await fetchExchanges('turn_a', fetcher)).toEqual({ ok: false, error: 'No turn turn_a.' });
  });

  it('describes an unreachable server, a body that is not JSON and one without exchanges', async () => {
    expect(await fetchExchanges('turn_a', answering(new TypeError('fetch failed')).fetcher)).toEqual({ ok: false, error: 'Could not reach the server: fetch failed' });
    expect(await fetchExchanges('turn_a', answering(new Response('<html>', { status: 502 })).fetcher)).toEqual({ ok: false, error: 'The server answered 502 without JSON.' });
    expect(await fetchExchanges('turn_a', answering(Response.json({ exchanges: [{ status: 'x' }] })).fetcher)).toEqual({ ok: false, error: 'The server answered without a list of exchanges.' });
  });
});
